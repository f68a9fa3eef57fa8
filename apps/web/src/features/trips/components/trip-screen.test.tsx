// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { SessionInfo, TripPhoto, TripStreamMessage } from '@vt/shared';
import { SESSION_QUERY_KEY, signedOutSession } from '../../auth/session';
import { countsOf } from '../model';
import { tripOf as tripWith, tripPhoto } from '../trips.fixtures';
import { TripScreen, type TripMapProps } from './trip-screen';

/** The browser's EventSource, played by the test: it sends what the server would. */
class FakeEventSource {
  static last: FakeEventSource | null = null;
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  readyState = 0;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, Array<(e: MessageEvent<string>) => void>>();
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, fn: (e: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  close() {
    this.readyState = 2;
  }
  emit(message: TripStreamMessage) {
    act(() => {
      this.readyState = 1;
      for (const fn of this.listeners.get(message.type) ?? [])
        fn(new MessageEvent(message.type, { data: JSON.stringify(message) }));
    });
  }
  fail() {
    act(() => {
      this.readyState = 2;
      this.onerror?.();
    });
  }
}

const place = {
  lat: 25.7637,
  lng: -80.1918,
  radiusMeters: 140,
  confidence: 0.95,
  name: 'Brickell, Miami',
  outcome: 'found' as const,
};
const photo = (id: string, over: Partial<TripPhoto>) => tripPhoto(id, { camera: 'Apple iPhone 14', ...over });
const tripOf = (photos: TripPhoto[]) =>
  tripWith(photos, {
    name: 'Brickell walk',
    takenFrom: '2024-03-09T10:00:00',
    takenTo: '2024-03-09T10:08:00',
    refused: [{ fileName: 'IMG_9.jpg', code: 'weekly_limit_reached', message: 'You have used all 10 images.', at: '' }],
  });

function renderScreen() {
  const maps: TripMapProps[] = [];
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // Signed in, in Miami's time zone: the dates of the trip are the user's days.
  client.setQueryData(SESSION_QUERY_KEY, {
    ...signedOutSession(),
    authenticated: true,
    user: { id: 'u1', name: 'Ana', timeZone: 'America/New_York' } as SessionInfo['user'],
  });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/trips/t1']}>
        <Routes>
          <Route
            path="/trips/:id"
            element={
              <TripScreen
                tripId="t1"
                renderMap={(props) => {
                  maps.push(props);
                  return <div data-testid="fake-map" />;
                }}
              />
            }
          />
          <Route path="/trips" element={<p>All trips page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { maps, source: FakeEventSource.last! };
}

beforeEach(() => {
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a trip’s progress view (R-TRIP-4)', () => {
  it('fills in as photos arrive, says each state in words, and shows a picked photo on the map by keyboard', async () => {
    const { maps, source } = renderScreen();
    expect(source.url).toBe('/api/trips/t1/events');
    expect(screen.getByRole('status').textContent).toBe('Loading the trip...');

    source.emit({
      type: 'snapshot',
      trip: tripOf([
        photo('IMG_1', {
          takenAt: '2024-03-09T10:00:00',
          state: 'placed',
          placedBy: 'gps',
          place: { ...place, source: 'GPS Metadata' },
        }),
        photo('IMG_2', { takenAt: '2024-03-09T10:02:00', state: 'reading' }),
      ]),
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Brickell walk');
    expect(screen.getByText(/started/).textContent).toMatch(
      /Taken 9 Mar 2024 · started 9 Mar 2026,? 06:00\u00a0(EDT|GMT\u20114)/,
    );
    const list = screen.getByRole('list', { name: 'Photos of the trip' });
    const rows = () =>
      within(list)
        .getAllByTestId('trip-photo')
        .map((li) => li.textContent);
    expect(rows()).toEqual([
      expect.stringContaining('Placed by its GPS'),
      expect.stringContaining('Reading'),
      expect.stringContaining('You have used all 10 images.'),
    ]);
    expect(rows()[2]).toContain('Not analysed');
    expect(screen.getByTestId('trip-progress-line').textContent).toBe(
      '1 of 2 placed · 1 in the queue · 1 not analysed',
    );

    source.emit({
      type: 'photo',
      photo: photo('IMG_2', {
        takenAt: '2024-03-09T10:02:00',
        state: 'placed',
        placedBy: 'sequence',
        place: { ...place, source: 'Photo Sequence' },
        neighbours: [{ analysisId: 'IMG_1', fileName: 'IMG_1.jpg', gapSeconds: -120 }],
        summary: 'Placed at IMG_1.jpg (2 min before), taken with the same camera; no photo on the other side in time.',
      }),
    });
    expect(rows()[1]).toContain('Placed from neighbours');
    expect(rows()[1]).toContain('Placed at IMG_1.jpg (2 min before)');
    expect(maps.at(-1)!.photos.map((p) => p.state)).toEqual(['placed', 'placed']);

    // Keyboard: Tab reaches the placed photos; Enter shows one on the map.
    const user = userEvent.setup();
    const second = within(list).getAllByRole('button')[1]!;
    second.focus();
    await user.keyboard('{Enter}');
    expect(maps.at(-1)!.selectedId).toBe('IMG_2');
    expect(second.getAttribute('aria-pressed')).toBe('true');
  });

  it('asks before deleting, saying what goes, and sends the confirmation', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response(JSON.stringify({ deleted: true, id: 't1', photos: 2 }), { status: 200 }));
    HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
      this.setAttribute('open', '');
    };
    const { source } = renderScreen();
    source.emit({
      type: 'snapshot',
      trip: tripOf([
        photo('a', { state: 'placed', placedBy: 'gps', place: { ...place, source: 'GPS Metadata' } }),
        photo('b', {}),
      ]),
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete trip' }));
    const dialog = screen.getByRole('dialog', { hidden: true });
    expect(dialog.textContent).toContain('This deletes the trip and its 2 photos');
    expect(dialog.textContent).toContain('location record');
    await user.click(within(dialog).getByRole('button', { name: 'Delete trip and 2 photos', hidden: true }));
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/trips/t1',
      expect.objectContaining({ method: 'DELETE', body: JSON.stringify({ confirm: true }) }),
    );
    expect(await screen.findByText('All trips page')).toBeTruthy();
  });

  it('says so when the trip is not there, in words, with Retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ error: { code: 'not_found', message: 'Trip not found.' } }), { status: 404 }),
    );
    const { source } = renderScreen();
    source.fail();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This trip does not exist, or it is not yours.');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('an empty trip offers to add photos', () => {
    const { source } = renderScreen();
    source.emit({ type: 'snapshot', trip: { ...tripOf([]), refused: [], counts: countsOf([], 0) } });
    expect(screen.getByTestId('trip-empty').textContent).toContain('This trip has no photos yet');
    expect(screen.getByRole('button', { name: 'Choose a folder' })).toBeTruthy();
  });
});
