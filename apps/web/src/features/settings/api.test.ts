import { describe, expect, it } from 'vitest';
import { exportFileNameFrom, timeZoneOptions } from './api';

describe('settings helpers', () => {
  it('reads the file name from content-disposition, with a dated fallback', () => {
    expect(exportFileNameFrom('attachment; filename="vision-terminal-export-2026-11-22.json"')).toBe(
      'vision-terminal-export-2026-11-22.json',
    );
    expect(exportFileNameFrom(null, new Date('2026-01-02T10:00:00Z'))).toBe('vision-terminal-export-2026-01-02.json');
  });

  it('lists the IANA zones and keeps the current one', () => {
    const zones = timeZoneOptions('America/New_York');
    expect(zones).toContain('America/New_York');
    expect(zones.length).toBeGreaterThan(100);
    expect(timeZoneOptions('Etc/Unknown-Zone')[0]).toBe('Etc/Unknown-Zone');
  });
});
