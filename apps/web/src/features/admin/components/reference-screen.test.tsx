// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReferenceImport } from '@vt/shared';
import { createQueryClient } from '../../../lib/query-client';
import { ReferenceScreen } from './reference-screen';

afterEach(cleanup);

const ID = {
  walk: '11111111-1111-4111-8111-111111111111',
  gables: '22222222-2222-4222-8222-222222222222',
  fresh: '33333333-3333-4333-8333-333333333333',
};
const walk: ReferenceImport = {
  id: ID.walk,
  folderName: 'harbour-walk',
  createdAt: '2026-11-20T10:00:00.000Z',
  finishedAt: '2026-11-20T10:05:00.000Z',
  photos: 3,
  via: 'command-line',
};
const gables: ReferenceImport = {
  id: ID.gables,
  folderName: 'gables',
  createdAt: '2026-11-21T09:00:00.000Z',
  finishedAt: null,
  photos: 1,
  via: 'browser',
};

type Call = { method: string; path: string; body: unknown };
type Answer = { status?: number; body: unknown } | undefined;
type Route = (call: Call) => Answer | Promise<Answer>;

/** Answers the start of an import with `row` (resumed or new) and batches of at most `maxFiles` files. */
const starts =
  (row: ReferenceImport, resumed: boolean, maxFiles: number): Route =>
  (c) =>
    c.method === 'POST' && c.path === '/api/admin/reference-imports'
      ? { status: 201, body: { import: row, resumed, limits: { maxFiles, maxBytes: 1_000, maxFileBytes: 100 } } }
      : undefined;

/** Answers the page's API calls from `routes` (first match), recording every call. */
function serve(routes: Route[]) {
  const calls: Call[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const call = {
      method: init?.method ?? 'GET',
      path: String(input),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    for (const route of routes) {
      const answer = await route(call);
      if (answer)
        return new Response(JSON.stringify(answer.body), {
          status: answer.status ?? 200,
          headers: { 'content-type': 'application/json' },
        });
    }
    return new Response(JSON.stringify({ error: { code: 'not_found', message: `No route for ${call.path}` } }), {
      status: 404,
    });
  });
  return calls;
}

const list =
  (imports: () => ReferenceImport[]): Route =>
  (c) =>
    c.method === 'GET' && c.path === '/api/admin/reference-imports'
      ? { body: { imports: imports(), photos: imports().reduce((n, i) => n + i.photos, 0) } }
      : undefined;

function setup() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ReferenceScreen />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

/** A File as a folder choice gives it (webkitRelativePath is read-only, so it is defined on the instance). */
function inFolder(path: string, bytes = 16): File {
  const file = new File([new Uint8Array(bytes).fill(0xff)], path.split('/').at(-1)!);
  Object.defineProperty(file, 'webkitRelativePath', { value: path });
  return file;
}

describe('/admin/reference', () => {
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}));
  afterEach(() => vi.restoreAllMocks());

  it('lists the imports with their state, and says how to resume an interrupted one', async () => {
    serve([list(() => [gables, walk])]);
    setup();
    expect(screen.getByText('Loading reference imports...')).toBeTruthy();
    // The import controls wait for the server to let the founder in.
    expect(screen.queryByTestId('reference-import')).toBeNull();
    const rows = await screen.findAllByTestId('reference-import-row');
    expect(rows.map((r) => r.dataset.folder)).toEqual(['gables', 'harbour-walk']);
    expect(screen.getByTestId('reference-import')).toBeTruthy();
    expect(within(rows[0]!).getByTestId('reference-import-state').textContent).toBe(
      // "State" labels the cell on a phone, where the row is a card.
      'Stateinterrupted — run again to resumeChoose the same folder above.',
    );
    expect(within(rows[0]!).getByText('from the browser')).toBeTruthy();
    expect(within(rows[1]!).getByTestId('reference-import-state').textContent).toMatch(/^StateFinished /);
    expect(within(rows[1]!).getByText('command line')).toBeTruthy();
    expect(within(rows[1]!).getByTestId('reference-import-photos').textContent).toBe('Photos3');
    expect(screen.getByText('4 reference photos in 2 imports, compared with every user’s photos.')).toBeTruthy();
  });

  it('has an empty state, an error state with Retry, and tells a user who is not the founder', async () => {
    let fail = true;
    serve([
      (c) =>
        fail && c.path === '/api/admin/reference-imports'
          ? { status: 500, body: { error: { code: 'internal', message: 'Something went wrong on our side.' } } }
          : undefined,
      list(() => []),
    ]);
    const user = setup();
    // A 5xx is tried once more before it shows.
    const alert = await screen.findByRole('alert', {}, { timeout: 3_000 });
    expect(alert.textContent).toContain('API request failed: 500 — Something went wrong on our side.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect((await screen.findByTestId('reference-empty')).textContent).toContain(
      'No reference imagery yet. Import a folder of geotagged photos above, or run npm run gallery:import -- DIR',
    );
    cleanup();
    vi.restoreAllMocks();
    vi.spyOn(console, 'error').mockImplementation(() => {});

    serve([
      (c) =>
        c.path === '/api/admin/reference-imports'
          ? {
              status: 403,
              body: { error: { code: 'forbidden', message: 'Only the system administrator can do this.' } },
            }
          : undefined,
    ]);
    setup();
    expect((await screen.findByTestId('reference-forbidden')).textContent).toBe(
      'Reference imagery is managed by the system administrator.',
    );
    expect(screen.queryByTestId('reference-import')).toBeNull();
  });

  it('removes an import only after a confirmation that names it and its photos; Cancel keeps it', async () => {
    let imports = [gables, walk];
    const calls = serve([
      (c) =>
        c.method === 'DELETE' && c.path === `/api/admin/reference-imports/${ID.walk}`
          ? ((imports = [gables]), { body: { deleted: 3 } })
          : undefined,
      list(() => imports),
    ]);
    const user = setup();
    const row = (await screen.findAllByTestId('reference-import-row'))[1]!;
    await user.click(within(row).getByRole('button', { name: 'Remove harbour-walk…' }));
    const dialog = screen.getByTestId('remove-import-dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('Remove “harbour-walk”?');
    expect(dialog.textContent).toContain('Its 3 reference photos (descriptions and thumbnails) are removed for good');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    // By keyboard: the confirmation opens on Enter with Cancel focused, so a second Enter keeps the import (Escape,
    // which the browser's own <dialog> handles, is pressed in e2e/tests/reference-imagery.spec.ts).
    within(row).getByRole('button', { name: 'Remove harbour-walk…' }).focus();
    await user.keyboard('{Enter}');
    expect((dialog as HTMLDialogElement).open).toBe(true);
    expect(document.activeElement?.textContent).toBe('Cancel');
    await user.keyboard('{Enter}');
    await waitFor(() => expect((dialog as HTMLDialogElement).open).toBe(false));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(within(row).getByRole('button', { name: 'Remove harbour-walk…' }));
    await user.click(within(dialog).getByRole('button', { name: 'Remove 3 reference photos' }));
    expect((await screen.findByTestId('reference-removed')).textContent).toBe(
      'Removed “harbour-walk” and its 3 reference photos.',
    );
    expect(calls.find((c) => c.method === 'DELETE')!.body).toEqual({ confirm: true });
    await waitFor(() => expect(screen.getAllByTestId('reference-import-row')).toHaveLength(1));
  });

  it('imports a chosen folder in batches, never sending what is not a photo, with progress and a summary', async () => {
    const imports: ReferenceImport[] = [];
    const outcomes: Record<string, string> = {
      'a.jpg': 'imported',
      'b.jpg': 'no-gps',
      'sub/c.heic': 'imported',
    };
    const calls = serve([
      starts({ ...gables, id: ID.fresh, folderName: 'pier', photos: 0 }, false, 2),
      (c) =>
        c.method === 'POST' && c.path === `/api/admin/reference-imports/${ID.fresh}/photos`
          ? {
              body: {
                results: (c.body as { photos: Array<{ name: string }> }).photos.map((p) => ({
                  name: p.name,
                  outcome: outcomes[p.name],
                })),
                photos: 1,
              },
            }
          : undefined,
      (c) =>
        c.method === 'POST' && c.path === `/api/admin/reference-imports/${ID.fresh}/finish`
          ? ((imports[0] = { ...gables, id: ID.fresh, folderName: 'pier', photos: 2, finishedAt: gables.createdAt }),
            { body: { import: imports[0] } })
          : undefined,
      list(() => imports),
    ]);
    const user = setup();
    await screen.findByTestId('reference-empty');
    const files = [
      inFolder('pier/a.jpg'),
      inFolder('pier/notes.txt'),
      inFolder('pier/b.jpg'),
      inFolder('pier/sub/c.heic'),
      inFolder('pier/big.jpg', 101),
    ];
    await user.upload(screen.getByTestId('reference-folder-input') as HTMLInputElement, files);
    expect((screen.getByRole('textbox', { name: 'Import name' }) as HTMLInputElement).value).toBe('pier');
    expect(screen.getByTestId('reference-chosen').textContent).toContain('5 files chosen');
    await user.click(screen.getByRole('button', { name: 'Import 5 files' }));

    const summary = await screen.findByTestId('reference-summary');
    expect(within(summary).getByRole('status').textContent).toBe(
      'Import “pier” finished: it holds 2 reference photos.',
    );
    expect(within(summary).getByTestId('reference-imported').textContent).toBe('2');
    expect(within(summary).getByTestId('reference-skipped').textContent).toBe('3');
    expect(within(summary).getByTestId('reference-skip-reasons').textContent).toBe(
      '1 not a JPEG or HEIC photo1 larger than the upload limit1 no GPS position',
    );
    expect(within(summary).getByTestId('reference-skipped-files').textContent).toBe(
      'big.jpg — larger than the upload limitnotes.txt — not a JPEG or HEIC photob.jpg — no GPS position',
    );
    const batches = calls.filter((c) => c.path.endsWith('/photos'));
    // The text file and the photo over the limit never left the browser; two photos a batch, paths inside the folder.
    expect(batches.map((c) => (c.body as { photos: Array<{ name: string }> }).photos.map((p) => p.name))).toEqual([
      ['a.jpg', 'b.jpg'],
      ['sub/c.heic'],
    ]);
    expect((batches[0]!.body as { photos: Array<{ data: string }> }).photos[0]!.data).toBe(
      btoa(String.fromCharCode(...new Uint8Array(16).fill(0xff))),
    );
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/admin/reference-imports')!.body).toEqual({
      folderName: 'pier',
    });
    expect(await screen.findAllByTestId('reference-import-row')).toHaveLength(1);
    // The choice is let go of once the import finished: the same files are not imported twice by accident.
    expect(screen.queryByTestId('reference-chosen')).toBeNull();
  });

  it('stops between batches, leaving the import open, and a failed batch offers Retry with the server’s words', async () => {
    let failing = false;
    // The first batch's answer is held until Stop has been pressed: Stop then takes effect before the second batch.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let batches = 0;
    const calls = serve([
      starts({ ...gables, photos: 0 }, true, 1),
      (c) =>
        c.path.endsWith('/photos') && failing
          ? { status: 404, body: { error: { code: 'not_found', message: 'No such reference import.' } } }
          : undefined,
      async (c) => {
        if (!(c.path.endsWith('/photos') && c.method === 'POST')) return undefined;
        if (++batches === 1) await held;
        const names = (c.body as { photos: Array<{ name: string }> }).photos.map((p) => p.name);
        return { body: { results: names.map((name) => ({ name, outcome: 'already-imported' })), photos: 1 } };
      },
      (c) =>
        c.path.endsWith('/finish') ? { body: { import: { ...gables, finishedAt: gables.createdAt } } } : undefined,
      list(() => [gables]),
    ]);
    const user = setup();
    await screen.findAllByTestId('reference-import-row');
    await user.upload(screen.getByTestId('reference-folder-input') as HTMLInputElement, [
      inFolder('gables/a.jpg'),
      inFolder('gables/b.jpg'),
      inFolder('gables/c.jpg'),
    ]);
    await user.click(screen.getByRole('button', { name: 'Import 3 files' }));
    await waitFor(() => expect(batches).toBe(1));
    expect(screen.getByRole('progressbar', { name: 'Import progress' }).getAttribute('aria-valuenow')).toBe('0');
    expect(screen.getByTestId('reference-progress').textContent).toContain('resuming “gables”');
    await user.click(screen.getByRole('button', { name: 'Stop after this batch' }));
    release();
    const summary = await screen.findByTestId('reference-summary');
    expect(within(summary).getByRole('status').textContent).toBe(
      'Stopped after 1 of 3 files. The import stays open: choose the same folder again to resume.',
    );
    expect(batches).toBe(1);
    expect(calls.some((c) => c.path.endsWith('/finish'))).toBe(false);

    failing = true;
    await user.click(screen.getByRole('button', { name: 'Import 3 files' }));
    const alert = await within(await screen.findByTestId('reference-summary')).findByRole('alert');
    expect(alert.textContent).toContain('The import stopped after 0 of 3 files. No such reference import.');
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() =>
      expect(within(screen.getByTestId('reference-summary')).getByRole('status').textContent).toBe(
        'Import “gables” finished: it holds 1 reference photo.',
      ),
    );
  });

  it('shows an import’s thumbnails a page at a time, with their file names and places', async () => {
    const photos = Array.from({ length: 30 }, (_, i) => ({
      id: `44444444-4444-4444-8444-${String(i).padStart(12, '0')}`,
      fileName: `walk/${i}.jpg`,
      lat: 25.77 + i / 10_000,
      lng: -80.19,
      createdAt: walk.createdAt,
    }));
    const calls = serve([
      (c) => {
        const m = /\/api\/admin\/reference-imports\/[^/]+\/photos\?offset=(\d+)&limit=(\d+)/.exec(c.path);
        if (!m) return undefined;
        const [offset, limit] = [Number(m[1]), Number(m[2])];
        return { body: { photos: photos.slice(offset, offset + limit), total: photos.length, offset, limit } };
      },
      list(() => [walk]),
    ]);
    const user = setup();
    const row = (await screen.findAllByTestId('reference-import-row'))[0]!;
    const show = within(row).getByRole('button', { name: 'Show the photos of harbour-walk' });
    await user.click(show);
    const panel = await screen.findByTestId('reference-photos');
    expect(document.activeElement?.textContent).toBe('Photos of “harbour-walk”');
    const shown = await within(panel).findAllByTestId('reference-photo');
    expect(shown).toHaveLength(24);
    const img = within(shown[0]!).getByRole('img');
    expect(img.getAttribute('src')).toBe(`/api/admin/reference-photos/${photos[0]!.id}/thumbnail`);
    expect(img.getAttribute('alt')).toBe('Reference photo walk/0.jpg');
    expect(shown[1]!.textContent).toBe('walk/1.jpg25.7701, -80.1900');
    await user.click(within(panel).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(within(panel).getAllByTestId('reference-photo')).toHaveLength(6));
    expect(within(panel).getByText('25–30 of 30')).toBeTruthy();
    expect(calls.at(-1)!.path).toBe(`/api/admin/reference-imports/${ID.walk}/photos?offset=24&limit=24`);
    await user.click(within(panel).getByRole('button', { name: 'Close photos' }));
    expect(screen.queryByTestId('reference-photos')).toBeNull();
  });
});
