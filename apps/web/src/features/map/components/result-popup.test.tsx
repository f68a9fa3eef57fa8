// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AnalysisResult, Evidence } from '@vt/shared';
import { ResultPopup, type CorrectionState, type PopupActions } from './result-popup';

afterEach(cleanup);

const found: AnalysisResult = {
  outcome: 'found',
  name: 'SW 8 St & SW 27 Ave',
  lat: 25.76542,
  lng: -80.23891,
  confidence: 0.86,
  radiusMeters: 120,
  source: 'Text',
  insideCoverage: true,
  place: { municipality: 'Miami', neighbourhood: 'Little Havana', zip: '33135', nearest: null },
  candidates: [
    {
      lat: 25.76542,
      lng: -80.23891,
      probability: 0.86,
      radiusMeters: 120,
      source: 'text',
      label: 'SW 8 St & SW 27 Ave',
    },
    { lat: 25.7502, lng: -80.2301, probability: 0.1, radiusMeters: 150, source: 'text', label: 'SW 22 St & SW 27 Ave' },
  ],
  explanation: ['Read “SW 8th St” and “SW 27 Ave” on the photo.'],
};

const evidence: Evidence[] = [
  { locator: 'metadata', kind: 'absent', summary: 'The photo carries no GPS position.' },
  {
    locator: 'text',
    kind: 'position',
    position: { lat: found.lat, lng: found.lng },
    radiusMeters: 120,
    confidence: 0.86,
    summary: 'Read “SW 8th St” and “SW 27 Ave” on the photo: the corner of SW 8 St & SW 27 Ave.',
  },
];

function setup(
  overrides: {
    result?: AnalysisResult;
    correction?: Partial<CorrectionState>;
    notice?: string | null;
    reportAnalysisId?: string | null;
  } = {},
) {
  const actions: PopupActions = {
    analyzeFurther: vi.fn(),
    getFullIndex: vi.fn(),
    exportResults: vi.fn(),
    originalPosition: vi.fn(),
    details: vi.fn(),
  };
  const correction: CorrectionState = {
    pending: null,
    propose: vi.fn(),
    saving: false,
    error: null,
    confirm: vi.fn(),
    cancel: vi.fn(),
    ...overrides.correction,
  };
  render(
    <ResultPopup
      result={overrides.result ?? found}
      evidence={evidence}
      actions={actions}
      correction={correction}
      notice={overrides.notice ?? null}
      reportAnalysisId={overrides.reportAnalysisId ?? null}
    />,
  );
  return { actions, correction, user: userEvent.setup() };
}

describe('the result popup', () => {
  it('shows the place, its coordinates, confidence and radius, and the evidence that did not place it', () => {
    setup();
    expect(screen.getByRole('heading', { name: 'SW 8 St & SW 27 Ave' })).toBeTruthy();
    expect(screen.getByTestId('popup-coordinates').textContent).toBe('25.765420, -80.238910');
    expect(screen.getByText(/confidence/).textContent).toMatch(/86\s?%.*120 m.*Text/);
    const list = screen.getByRole('list', { name: 'Evidence' });
    expect(within(list).getByText('The photo carries no GPS position.')).toBeTruthy();
    // The position evidence is in the description, not repeated in the list.
    expect(within(list).queryByText(/SW 27 Ave/)).toBeNull();
  });

  it('offers the evidence report of a finished analysis beside Details, and none without one', () => {
    setup({ reportAnalysisId: 'a1' });
    expect(screen.getByRole('button', { name: 'Download report (PDF)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'JSON version of the report' })).toBeTruthy();
    cleanup();
    setup();
    expect(screen.queryByTestId('report-download')).toBeNull();
  });

  it('proposes a numbered rival candidate when it is clicked', async () => {
    const { correction, user } = setup();
    const rivals = screen.getByRole('list', { name: 'Other candidates' });
    const rival = within(rivals).getByRole('button', { name: /SW 22 St & SW 27 Ave/ });
    expect(rival.textContent).toMatch(/^2.*10%$/);
    await user.click(rival);
    expect(correction.propose).toHaveBeenCalledWith(found.candidates[1]);
  });

  it('asks for confirmation of a proposed place, shows a failed save and can cancel', async () => {
    const pending = { lat: 25.7502, lng: -80.2301, label: 'the dragged point' };
    const { correction, user } = setup({ correction: { pending, error: 'The place could not be saved.' } });
    const bar = screen.getByTestId('correction-bar');
    expect(within(bar).getByTestId('correction-point').textContent).toBe('(25.75020, -80.23010)');
    expect(within(bar).getByRole('alert').textContent).toBe('The place could not be saved.');
    await user.click(within(bar).getByRole('button', { name: 'Confirm this place' }));
    expect(correction.confirm).toHaveBeenCalledOnce();
    await user.click(within(bar).getByRole('button', { name: 'Cancel' }));
    expect(correction.cancel).toHaveBeenCalledOnce();
    // The drag hint gives way to the question.
    expect(screen.queryByText(/Drag the marker/)).toBeNull();
  });

  it('disables both buttons while the correction is saved', () => {
    setup({ correction: { pending: { lat: 25.75, lng: -80.23, label: 'x' }, saving: true } });
    expect(screen.getByRole('button', { name: 'Saving...' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Cancel' }).hasAttribute('disabled')).toBe(true);
  });

  it('says a not-located circle is not a place anyone found, and offers no drag', () => {
    setup({ result: { ...found, outcome: 'fallback', name: 'Miami-Dade County', source: 'Fallback', candidates: [] } });
    expect(screen.getByText(/not a place anyone found/)).toBeTruthy();
    expect(screen.queryByText(/Drag the marker/)).toBeNull();
    expect(screen.queryByRole('list', { name: 'Other candidates' })).toBeNull();
  });

  it('switches between Compare and Index, and back, with the pressed state said', async () => {
    const { actions, user } = setup();
    const compare = screen.getByRole('button', { name: 'Compare' });
    await user.click(compare);
    expect(compare.getAttribute('aria-pressed')).toBe('true');
    const links = within(screen.getByRole('list', { name: 'Compare' })).getAllByRole('link');
    expect(links.length).toBeGreaterThanOrEqual(3);
    for (const link of links) {
      expect(link.getAttribute('href')).toContain('25.765420');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }

    await user.click(screen.getByRole('button', { name: 'Index' }));
    expect(compare.getAttribute('aria-pressed')).toBe('false');
    await user.click(screen.getByRole('button', { name: 'Export results' }));
    await user.click(screen.getByRole('button', { name: 'Original position' }));
    expect(actions.exportResults).toHaveBeenCalledOnce();
    expect(actions.originalPosition).toHaveBeenCalledOnce();

    await user.click(screen.getByRole('button', { name: 'Index' }));
    expect(screen.getByTestId('popup-description').textContent).toBeTruthy();
  });

  it('shows the outcome of Analyze further', () => {
    setup({ notice: 'Analysing the photo again...' });
    expect(screen.getByTestId('popup-notice').textContent).toBe('Analysing the photo again...');
  });
});
