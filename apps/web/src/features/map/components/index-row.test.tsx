// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LocationIndexItem } from '@vt/shared';
import { IndexRow, type CardView } from './index-row';

afterEach(cleanup);

const item: LocationIndexItem = {
  id: 'i1',
  analysisId: 'a1',
  name: 'SW 8 St & SW 27 Ave, Little Havana, Miami',
  coordinates: { lat: 25.765421, lng: -80.238912 },
  hasImage: true,
  thumbnailUrl: null,
  source: 'Text',
  status: 'idle',
  confidence: 0.86,
  note: null,
  checkedAt: null,
  processingMs: 812,
  standing: 'located',
  place: { municipality: 'Miami', neighbourhood: 'Little Havana', zip: '33135' },
  radiusMeters: 120,
  duplicateOf: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

type Props = Parameters<typeof IndexRow>[0];

function setup(overrides: Partial<Props> = {}) {
  const props: Props = {
    item,
    position: 2,
    expanded: false,
    nameLimit: 60,
    picked: false,
    onPick: vi.fn(),
    running: undefined,
    message: undefined,
    onRun: vi.fn(),
    removing: false,
    onRemove: vi.fn(),
    view: null,
    onView: vi.fn<(view: CardView | null) => void>(),
    onNavigate: vi.fn(),
    onOpenDuplicate: vi.fn(),
    ...overrides,
  };
  render(
    <ol>
      <IndexRow {...props} />
    </ol>,
  );
  return { props, user: userEvent.setup() };
}

describe('an index row', () => {
  it('shows its number, name, coordinates and confidence, collapsed without actions', () => {
    setup();
    const row = screen.getByTestId('index-item');
    expect(within(row).getByTestId('status-badge').textContent).toBe('2');
    expect(within(row).getByTestId('index-item-name').textContent).toBe(item.name);
    expect(row.textContent).toMatch(/25\.7654, -80\.2389 · 86\s?%/);
    expect(within(row).queryByRole('checkbox')).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Verify' })).toBeNull();
  });

  it('says Not located instead of coordinates for a place that was not located', () => {
    setup({ item: { ...item, standing: 'not_located' } });
    const row = screen.getByTestId('index-item');
    expect(row.textContent).toContain('Not located');
    expect(row.textContent).not.toContain('25.7654');
  });

  it('opens and closes its card from its name', async () => {
    const { props, user } = setup();
    const name = screen.getByRole('button', { name: new RegExp(item.name) });
    expect(name.getAttribute('aria-expanded')).toBe('false');
    await user.click(name);
    expect(props.onView).toHaveBeenCalledWith('overview');
    cleanup();
    const open = setup({ view: 'overview' });
    const again = screen.getByRole('button', { name: new RegExp(item.name), expanded: true });
    await open.user.click(again);
    expect(open.props.onView).toHaveBeenCalledWith(null);
  });

  it('offers select, Verify, Reevaluate and Remove when expanded', async () => {
    const { props, user } = setup({ expanded: true });
    await user.click(screen.getByRole('checkbox', { name: `Select ${item.name}` }));
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await user.click(screen.getByRole('button', { name: `Reevaluate ${item.name}` }));
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(props.onPick).toHaveBeenCalledOnce();
    expect(vi.mocked(props.onRun).mock.calls).toEqual([['verify'], ['reevaluate']]);
    expect(props.onRemove).toHaveBeenCalledOnce();
  });

  it('shows a running check on its badge and disables that check', () => {
    setup({ expanded: true, running: 'verify' });
    expect(screen.getByTestId('status-badge').getAttribute('data-status')).toBe('verifying');
    expect(screen.getByRole('button', { name: 'Verify' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: `Reevaluate ${item.name}` }).hasAttribute('disabled')).toBe(false);
    expect(screen.getByTestId('index-item').textContent).toContain('Checking…');
  });

  it("shows the last check's outcome", () => {
    setup({ message: { tone: 'error', text: 'The photo now points 3.2 km away.' } });
    const message = screen.getByTestId('index-item-message');
    expect(message.textContent).toBe('The photo now points 3.2 km away.');
    expect(message.className).toContain('text-danger');
  });

  it('points a repeated photo at its first entry, or says that entry has gone', async () => {
    const first = { ...item, id: 'i0', name: 'Bayside Marketplace' };
    const { props, user } = setup({ item: { ...item, duplicateOf: 'i0' }, duplicateOf: first });
    await user.click(
      within(screen.getByTestId('index-duplicate')).getByRole('button', { name: 'Bayside Marketplace' }),
    );
    expect(props.onOpenDuplicate).toHaveBeenCalledWith(first);
    cleanup();
    setup({ item: { ...item, duplicateOf: 'gone' }, duplicateOf: null });
    expect(screen.getByTestId('index-duplicate').textContent).toContain('that entry has left the index');
  });
});
