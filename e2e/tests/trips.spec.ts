import { expect, test, type Page } from '@playwright/test';
import { signInLocally, uniqueEmail } from '../fixtures/auth';
import { calleOchoWalk, type TripShot } from '../fixtures/trips';

/** Screenshots for a person to look at, only when asked for (E2E_SCREENSHOTS=<dir>). */
async function snap(page: Page, name: string) {
  const dir = process.env.E2E_SCREENSHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

type MapElement = HTMLElement & {
  vtMap: { queryRenderedFeatures(o: { layers: string[] }): Array<{ properties: Record<string, unknown> }> };
};

/** What the trip's map drew: its photo dots, by what placed them (asked of the map itself). */
const drawnPoints = (page: Page) =>
  page.evaluate(() => {
    const map = (document.querySelector('[data-testid="map"]') as MapElement | null)?.vtMap;
    if (!map) return { total: 0, sequence: 0, gps: 0 };
    const seen = new Map<string, string>();
    for (const f of map.queryRenderedFeatures({ layers: ['vt-trip-points'] }))
      seen.set(String(f.properties.analysisId), String(f.properties.placedBy));
    const by = (kind: string) => [...seen.values()].filter((v) => v === kind).length;
    return { total: seen.size, sequence: by('sequence'), gps: by('gps') };
  });

/** Metres between two points (equirectangular: plenty at street scale). */
const metres = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) =>
  Math.hypot((a.lat - b.lat) * 111_320, (a.lng - b.lng) * 111_320 * Math.cos((a.lat * Math.PI) / 180));

test.describe('a trip', () => {
  let shots: TripShot[];
  test.beforeAll(async () => {
    shots = await calleOchoWalk(30);
  });

  test('a person uploads a 30-photo walk, half without GPS, and watches the map fill in; the GPS-less photos are placed from their neighbours', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInLocally(page, { email: uniqueEmail('trip'), name: 'Tina Traveller' });
    // A code allowing 200 photos a week, 10 per upload: the trip goes in three requests.
    const origin = new URL(page.url()).origin;
    const redeemed = await page.request.post('/api/access-codes/redeem', {
      headers: { origin },
      data: { code: 'E2E-TRIPS-ONLY-FOR-TESTS' },
    });
    expect(redeemed.status(), await redeemed.text()).toBe(200);

    // The trips page is in the account menu; with none yet it says so.
    await page.getByRole('button', { name: 'Your account: Tina Traveller' }).click();
    await page.getByRole('link', { name: 'Trips', exact: true }).click();
    await expect(page).toHaveURL(/\/trips$/);
    await expect(page.getByTestId('trips-empty')).toContainText('No trips yet');
    await snap(page, 'trips-empty-1280');

    // On Launch VT, thirty photos chosen at once make a trip, and its page opens.
    await page.goto('/access-ai');
    await page
      .getByTestId('photo-input')
      .setInputFiles(shots.map((s) => ({ name: s.name, mimeType: 'image/jpeg', buffer: s.buffer })));
    await expect(page).toHaveURL(/\/trips\/[0-9a-f-]{36}$/);
    const tripId = page.url().split('/').at(-1)!;
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Trip of /);
    await expect(page.getByTestId('map')).toHaveAttribute('data-map-ready', 'true', { timeout: 30_000 });

    // The map fills in as results arrive: the count of drawn photos grows, seen part-way, up to all thirty.
    const seen: number[] = [];
    await expect
      .poll(
        async () => {
          const n = (await drawnPoints(page)).total;
          if (seen.at(-1) !== n) seen.push(n);
          // The view part-way, for a person to look at (E2E_SCREENSHOTS).
          if (n >= 8 && n < 30 && !seen.includes(-1)) {
            seen.push(-1);
            await snap(page, 'trip-progress-1280');
          }
          return n;
        },
        { timeout: 240_000, intervals: [250] },
      )
      .toBe(30);
    expect(
      seen.some((n) => n > 0 && n < 30),
      `counts seen: ${seen.join(', ')}`,
    ).toBe(true);
    await expect.poll(async () => (await drawnPoints(page)).sequence, { timeout: 60_000 }).toBe(15);
    expect((await drawnPoints(page)).gps).toBe(15);

    // In words: fifteen by their GPS, fifteen from their neighbours, each naming them.
    const rows = page.getByTestId('trip-photo');
    await expect(rows).toHaveCount(30);
    await expect(rows.filter({ hasText: 'Placed by its GPS' })).toHaveCount(15);
    const fromNeighbours = rows.filter({ hasText: 'Placed from neighbours' });
    await expect(fromNeighbours).toHaveCount(15);
    await expect(rows.filter({ hasText: 'IMG_4102.jpg' })).toContainText(
      'Placed between IMG_4101.jpg (40 s before) and IMG_4103.jpg (40 s after), taken with the same camera.',
    );
    await expect(page.getByTestId('trip-progress-line')).toHaveText('30 of 30 placed · 15 from neighbours');

    // Honest radii: every photo placed from its neighbours is within its stated radius of where it was taken.
    type Photo = {
      fileName: string;
      placedBy: string | null;
      place: { lat: number; lng: number; radiusMeters: number | null } | null;
      neighbours: unknown[];
    };
    const { trip } = (await (await page.request.get(`/api/trips/${tripId}`)).json()) as { trip: { photos: Photo[] } };
    const truth = new Map(shots.map((s) => [s.name, s.truth]));
    for (const p of trip.photos.filter((x) => x.placedBy === 'sequence')) {
      const off = metres(p.place!, truth.get(p.fileName)!);
      expect(off, `${p.fileName}: ${Math.round(off)} m off, radius ${p.place!.radiusMeters} m`).toBeLessThanOrEqual(
        p.place!.radiusMeters!,
      );
      expect(p.neighbours.length).toBeGreaterThanOrEqual(1);
    }

    // By keyboard: a photo of the list shows it on the map with the neighbours it came from.
    const row = rows.filter({ hasText: 'IMG_4102.jpg' }).getByRole('button');
    await row.focus();
    await page.keyboard.press('Enter');
    await expect(row).toHaveAttribute('aria-pressed', 'true');
    await snap(page, 'trip-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('map')).toBeVisible();
    await snap(page, 'trip-390');

    // The list of trips has it, with its counts.
    await page.goto('/trips');
    await expect(page.getByTestId('trips-list')).toContainText('30 of 30 placed · 15 from neighbours');
    await snap(page, 'trips-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    await snap(page, 'trips-1280');
  });

  test('several photos dropped on the map make a trip that fills in on the map itself', async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInLocally(page, { email: uniqueEmail('trip-map'), name: 'Mia Mapper' });
    const origin = new URL(page.url()).origin;
    // Map access and room for a few photos per upload.
    expect(
      (
        await page.request.post('/api/access-codes/redeem', {
          headers: { origin },
          data: { code: 'E2E-TRIPS-ONLY-FOR-TESTS' },
        })
      ).status(),
    ).toBe(200);
    await page.goto('/map');
    await expect(page.getByTestId('map')).toHaveAttribute('data-map-ready', 'true', { timeout: 30_000 });

    // A real drop of three files (a DataTransfer built in the page from the photos' bytes).
    const three = shots.slice(10, 13);
    const drop = await page.evaluateHandle(
      (files) => {
        const data = new DataTransfer();
        for (const f of files)
          data.items.add(
            new File([Uint8Array.from(atob(f.b64), (c) => c.charCodeAt(0))], f.name, { type: 'image/jpeg' }),
          );
        return data;
      },
      three.map((s) => ({ name: s.name, b64: s.buffer.toString('base64') })),
    );
    await page.getByTestId('map-screen').dispatchEvent('dragover', { dataTransfer: drop });
    await page.getByTestId('map-screen').dispatchEvent('drop', { dataTransfer: drop });

    const panel = page.getByTestId('trip-panel');
    await expect(panel).toBeVisible();
    await expect(panel.getByTestId('trip-photo')).toHaveCount(3);
    await expect.poll(async () => (await drawnPoints(page)).total, { timeout: 120_000 }).toBe(3);
    await expect(panel.getByTestId('trip-photo').filter({ hasText: 'Placed from neighbours' })).toHaveCount(1);
    await snap(page, 'map-trip-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, 'map-trip-390');
    await panel.getByRole('link', { name: /Open the trip’s page/ }).click();
    await expect(page).toHaveURL(/\/trips\/[0-9a-f-]{36}$/);
  });
});
