import { describe, expect, it } from 'vitest';
import type { AnalysisRecord } from '@vt/shared';
import { exportDocument, exportFileName } from './export';

const record: AnalysisRecord = {
  id: 'a1b2',
  status: 'done',
  file_name: 'beach.jpg',
  image_url: null,
  thumbnail_url: null,
  analysis_type: 'engine',
  analysis_result: null,
  confidence_score: 0.87,
  location_data: null,
  location: {
    name: 'South Beach',
    neighbourhood: 'South Beach',
    municipality: 'Miami Beach',
    zip: '33139',
    lat: 25.78,
    lng: -80.13,
    confidence: 0.87,
    source: 'GPS Metadata',
  },
  created_at: '2026-03-04T23:59:00.000Z',
};

describe('export', () => {
  it('names the file by id and the analysis date', () => {
    expect(exportFileName(record)).toBe('a1b2-2026-03-04.json');
  });
  it('holds the location, the analysis details and the export time', () => {
    const doc = exportDocument(record, new Date('2026-05-01T10:00:00Z'));
    expect(doc.location).toEqual(record.location);
    expect(doc.analysis).toMatchObject({
      created_at: record.created_at,
      confidence_score: 0.87,
      file_name: 'beach.jpg',
    });
    expect(doc.exportedAt).toBe('2026-05-01T10:00:00.000Z');
  });
});
