// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Evidence } from '@vt/shared';
import { TextEvidencePhoto } from './text-evidence-photo';

afterEach(cleanup);

const box = (x: number) => ({ x, y: 0.3, w: 0.06, h: 0.01 });
const evidence: Evidence[] = [
  {
    locator: 'text',
    kind: 'position',
    summary: 'corner',
    position: { lat: 25.86, lng: -80.34 },
    radiusMeters: 60,
    confidence: 0.9,
    details: {
      ocr: {
        width: 4000,
        height: 3000,
        lines: [
          { text: 'NW98Ave', confidence: 88, box: box(0.27), words: [], seen: 'NW98*Ave' },
          { text: 'NW109ST', confidence: 61, box: box(0.28), words: [], seen: 'NN109S' },
          { text: 'STOP', confidence: 97, box: box(0.6), words: [] },
        ],
      },
      matches: [{ kind: 'intersection', label: 'NW 109 St & NW 98 Ave', lines: [0, 1] }],
    },
  },
];

describe('TextEvidencePhoto', () => {
  it('says what a blurred sign was seen as when it was read as a street sign, and draws every line it used', async () => {
    render(<TextEvidencePhoto imageUrl="/photo.webp" evidence={evidence} fileName="IMG_1.jpg" />);
    const match = screen.getByRole('button', { name: /NW 109 St & NW 98 Ave/ });
    expect(within(match).getByTestId('text-seen').textContent).toBe(
      'Made out as a street sign from “NW98*Ave” + “NN109S”',
    );
    expect(screen.getAllByTestId('ocr-box').filter((b) => b.dataset.used === 'true')).toHaveLength(2);
    await userEvent.setup().click(screen.getByText(/lines? read/));
    const lines = screen.getByTestId('ocr-lines');
    expect(lines.textContent).toContain('“NW98Ave” 88% (seen as “NW98*Ave”)');
    expect(lines.textContent).not.toContain('“STOP” 97% (seen');
  });
});
