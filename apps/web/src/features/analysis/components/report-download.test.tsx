// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ReportDownload } from './report-download';

afterEach(cleanup);

describe('ReportDownload', () => {
  let saved: Array<{ name: string; href: string }>;
  beforeEach(() => {
    saved = [];
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:report');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.getAttribute('href') ?? '' });
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('saves the PDF under the server’s name, and the JSON from the secondary control, by keyboard too', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(
      async (input) =>
        new Response(String(input).endsWith('.pdf') ? '%PDF-1.3' : '{}', {
          status: 200,
          headers: {
            'content-disposition': `attachment; filename="evidence-report-sign-${String(input).endsWith('.pdf') ? 'a1.pdf' : 'a1.json'}"`,
          },
        }),
    );
    render(<ReportDownload analysisId="a1" />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Download report (PDF)' }));
    expect(fetchMock).toHaveBeenCalledWith('/api/analyses/a1/report.pdf', { credentials: 'same-origin' });
    expect(saved).toEqual([{ name: 'evidence-report-sign-a1.pdf', href: 'blob:report' }]);

    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'JSON version of the report' }));
    await user.keyboard('{Enter}');
    expect(fetchMock).toHaveBeenLastCalledWith('/api/analyses/a1/report.json', { credentials: 'same-origin' });
    expect(saved.at(-1)?.name).toBe('evidence-report-sign-a1.json');
  });

  it('shows the server’s refusal instead of saving it as a file', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(
        JSON.stringify({
          error: {
            code: 'analysis_not_finished',
            message: 'The analysis has not finished yet: its report can be made once it is done.',
          },
        }),
        { status: 409, headers: { 'content-type': 'application/json' } },
      ),
    );
    render(<ReportDownload analysisId="a1" compact />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download report (PDF)' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'API request failed: 409 — The analysis has not finished yet: its report can be made once it is done.',
    );
    expect(saved).toEqual([]);
  });
});
