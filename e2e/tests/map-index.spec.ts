import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInWithMapAccess, uniqueEmail } from '../fixtures/auth';
import { gpsJpeg, signWithVagueGps, streetAlonePhoto } from '../fixtures/photos';
import { addIndexItems, expectAreaFramed } from '../fixtures/map';
import { snap } from '../fixtures/screenshots';

type MapLike = { getCenter(): { lng: number; lat: number }; getZoom(): number; isMoving(): boolean };

const mapView = (page: Page) =>
  page.evaluate(() => {
    const map = (document.querySelector('[data-testid="map"]') as HTMLElement & { vtMap: MapLike }).vtMap;
    return { center: map.getCenter(), zoom: map.getZoom(), moving: map.isMoving() };
  });

/** Waits until the map has settled at `target` (a fly takes 2 s). */
async function expectMapAt(page: Page, target: { lat: number; lng: number }) {
  await expect
    .poll(
      async () => {
        const v = await mapView(page);
        return (
          !v.moving && Math.abs(v.center.lat - target.lat) < 0.0005 && Math.abs(v.center.lng - target.lng) < 0.0005
        );
      },
      { timeout: 15_000 },
    )
    .toBe(true);
}

async function openMap(page: Page, who: string) {
  await signInWithMapAccess(page, { email: uniqueEmail(who), name: `${who} tester` });
  await page.goto('/map');
  await expect(page.getByTestId('map')).toHaveAttribute('data-map-ready', 'true', { timeout: 30_000 });
}

async function openIndexExpanded(page: Page) {
  await page.getByRole('button', { name: /^Location Index/ }).click();
  const sidebar = page.getByTestId('index-sidebar');
  await sidebar.getByRole('button', { name: 'Full Index' }).click();
  await expect(sidebar).toHaveAttribute('data-expanded', 'true');
  return sidebar;
}

async function analysePhoto(page: Page, name: string, lat: number, lng: number) {
  await page
    .getByTestId('map-file-input')
    .setInputFiles({ name, mimeType: 'image/jpeg', buffer: await gpsJpeg(lat, lng, { accuracyMeters: 5 }) });
  const popup = page.getByTestId('result-popup');
  await expect(popup).toBeVisible({ timeout: 30_000 });
  return popup;
}

/** Confirms the proposed place; the save's answer is checked first, so a refusal fails with the server's words. */
async function confirmCorrection(page: Page, bar: Locator) {
  const saved = page.waitForResponse((r) => r.url().endsWith('/correction') && r.request().method() === 'POST');
  await bar.getByRole('button', { name: 'Confirm this place' }).click();
  const response = await saved;
  expect(response.status(), await response.text()).toBe(200);
  await expect(bar).toBeHidden();
}

test.describe('map: the location index, worked', () => {
  test('Verify: a sample whose name matches its place turns OK (+10%), an unknown name says why', async ({ page }) => {
    await openMap(page, 'verify');
    // Oldest first, so the list (newest first) reads: My favourite spot, Sample: Bayfront Park.
    await addIndexItems(page, [
      { name: 'Sample: Bayfront Park', lat: 25.7753, lng: -80.1862 },
      { name: 'My favourite spot', lat: 25.76, lng: -80.2 },
    ]);
    await page.reload();
    await expect(page.getByTestId('map')).toHaveAttribute('data-map-ready', 'true', { timeout: 30_000 });
    const sidebar = await openIndexExpanded(page);
    const items = sidebar.getByTestId('index-item');
    await expect(items).toHaveCount(2);
    const bayfront = items.filter({ hasText: 'Bayfront Park' });
    const spot = items.filter({ hasText: 'My favourite spot' });
    await expect(bayfront.getByTestId('status-badge')).toHaveText('2');

    // Hold the answer to see the spec's '...' badge and the disabled Verify while it runs.
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/location-index/*/verify', async (route) => {
      await held;
      await route.continue();
    });
    await bayfront.getByRole('button', { name: 'Verify' }).click();
    await expect(bayfront.getByTestId('status-badge')).toHaveText('...');
    await expect(bayfront.getByRole('button', { name: 'Verify' })).toBeDisabled();
    // The other item's actions stay available.
    await expect(spot.getByRole('button', { name: 'Verify' })).toBeEnabled();
    release();
    await expect(bayfront.getByTestId('status-badge')).toHaveText('OK');
    await expect(bayfront).toContainText('90%');
    await expect(bayfront.getByTestId('index-item-message')).toContainText('Verified: Gazetteer agrees');
    await expect(bayfront.getByRole('button', { name: 'Verify' })).toBeEnabled();

    await spot.getByRole('button', { name: 'Verify' }).click();
    await expect(spot.getByTestId('index-item-message')).toContainText('no place the gazetteer knows');
    await expect(spot.getByTestId('status-badge')).toHaveText('1');
    await expect(spot).toContainText('80%');
    await snap(page, 'map-index-verify-1280', false);

    // Stored on the server: after a reload the status and the reason are still there.
    await page.reload();
    await expect(page.getByTestId('map')).toHaveAttribute('data-map-ready', 'true', { timeout: 30_000 });
    const again = await openIndexExpanded(page);
    await expect(
      again.getByTestId('index-item').filter({ hasText: 'Bayfront' }).getByTestId('status-badge'),
    ).toHaveText('OK');
    await expect(again.getByTestId('index-item').filter({ hasText: 'Bayfront' })).toContainText('Gazetteer agrees');
  });

  test('Reevaluate from the popup and from the index analyses the photo again: UP; by hand it cannot', async ({
    page,
  }) => {
    await openMap(page, 'reevaluate');
    const popup = await analysePhoto(page, 'beach.jpg', 25.7907, -80.13);
    await popup.getByRole('button', { name: 'Index' }).click();
    await popup.getByRole('button', { name: 'Analyze further' }).click();
    await expect(popup.getByTestId('popup-notice')).toContainText('Analysed again');
    await expect(popup.getByTestId('popup-notice')).toContainText('same place as before');
    await snap(page, 'map-reevaluate-1280', false);

    await addIndexItems(page, [{ name: 'Typed by hand', lat: 25.77, lng: -80.19 }]);
    const sidebar = await openIndexExpanded(page);
    const photo = sidebar.getByTestId('index-item').filter({ hasText: 'Miami Beach' });
    await expect(photo.getByTestId('status-badge')).toHaveText('UP');
    await photo.getByRole('button', { name: /^Reevaluate/ }).click();
    await expect(photo.getByTestId('status-badge')).toHaveText('UP');
    await expect(photo.getByTestId('index-item-message')).toContainText('Analysed again');

    const typed = sidebar.getByTestId('index-item').filter({ hasText: 'Typed by hand' });
    await typed.getByRole('button', { name: /^Reevaluate/ }).click();
    await expect(typed.getByTestId('index-item-message')).toContainText('added by hand');
    await expect(typed.getByTestId('status-badge')).toHaveText('1');
  });

  test('Compare Selected needs two, lists name, coordinates, confidence, source, status; View on Map flies', async ({
    page,
  }) => {
    await openMap(page, 'compare');
    await page.getByRole('button', { name: /^Location Index/ }).click();
    const sidebar = page.getByTestId('index-sidebar');
    await sidebar.getByRole('button', { name: 'Add Multiple (Demo)' }).click();
    await expect(sidebar.getByTestId('index-count')).toHaveText('4 of 20 locations');
    await sidebar.getByRole('button', { name: 'Full Index' }).click();

    const compare = sidebar.getByRole('button', { name: 'Compare Selected' });
    await expect(compare).toBeDisabled();
    await sidebar.getByRole('checkbox', { name: 'Select Sample: Vizcaya Museum' }).check();
    await expect(compare).toBeDisabled();
    await sidebar.getByRole('checkbox', { name: 'Select Sample: Coral Gables City Hall' }).check();
    await expect(sidebar.getByTestId('selected-count')).toHaveText('2 selected');
    await compare.click();

    const dialog = page.getByTestId('compare-dialog');
    await expect(dialog).toBeVisible();
    const cards = dialog.getByTestId('compare-item');
    await expect(cards).toHaveCount(2);
    const vizcaya = cards.filter({ hasText: 'Vizcaya' });
    await expect(vizcaya).toContainText('25.744300, -80.210600');
    await expect(vizcaya).toContainText('80%');
    await expect(vizcaya).toContainText('Sample');
    await expect(vizcaya).toContainText('Not checked yet');
    await snap(page, 'map-compare-1280', false);
    await vizcaya.getByRole('button', { name: 'View on Map' }).click();
    await expect(dialog).toBeHidden();
    await expectMapAt(page, { lat: 25.7443, lng: -80.2106 });
    expect(Math.round((await mapView(page)).zoom)).toBe(15);
  });

  test('overview card, details and extra views; the 21st item note; export JSON parses', async ({ page }) => {
    await openMap(page, 'card');
    const popup = await analysePhoto(page, 'card.jpg', 25.7907, -80.13);
    await popup.getByRole('button', { name: 'Index' }).click();
    const download = page.waitForEvent('download');
    await popup.getByRole('button', { name: 'Export results' }).click();
    const exported = JSON.parse(readFileSync(await (await download).path(), 'utf8')) as {
      exportedAt: string;
      count: number;
      locations: Array<{ id: string; name: string; coordinates: [number, number]; source: string; status: string }>;
    };
    expect(exported.count).toBe(1);
    expect(Number.isNaN(Date.parse(exported.exportedAt))).toBe(false);
    expect(exported.locations[0]).toMatchObject({ source: 'GPS Metadata', status: 'idle' });
    expect(exported.locations[0]!.coordinates[0]).toBeCloseTo(25.7907, 4);

    await popup.getByRole('button', { name: 'Get full index' }).click();
    const sidebar = page.getByTestId('index-sidebar');
    await expect(sidebar.getByTestId('index-limit-note')).toHaveText(
      'Holds 20. A 21st location removes the oldest (the last in this list).',
    );
    await sidebar.getByTestId('index-item-name').first().click();
    const card = sidebar.getByTestId('index-item-card');
    for (const name of ['Navigate', 'Verify', 'Full Details', 'Extra: place & timing'])
      await expect(card.getByRole('button', { name, exact: true })).toBeVisible();
    await card.getByRole('button', { name: 'Full Details' }).click();
    const details = card.getByTestId('card-details');
    await expect(details).toContainText('25.790700, -80.130000');
    await expect(details).toContainText('GPS Metadata');
    await expect(details).toContainText(`…${exported.locations[0]!.id.slice(-6)}`);
    await card.getByRole('button', { name: 'Extra: place & timing' }).click();
    const extra = card.getByTestId('card-extra');
    await expect(extra).toContainText('Processing time');
    await expect(extra).toContainText(/\d+(\.\d)? (ms|s)/);
    await expect(extra).toContainText('From downtown');
    // What is known of the place, labelled for what it is (no longer "Neighbourhood: Miami-Dade County").
    await expect(extra.getByTestId('extra-neighbourhood')).not.toHaveText('Miami-Dade County');
    await expect(extra).toContainText('Municipality');
    await expect(extra).toContainText('Miami Beach');
    await expect(extra).not.toContainText('Elevation');
    await snap(page, 'map-card-extra-1280', false);

    // The detail modal from the popup.
    await sidebar.getByRole('button', { name: 'Close the index' }).click();
    await expect(sidebar).toBeHidden();
    // Index is pressed (its sub-view shows); pressing it again returns to the main view with Details.
    await popup.getByRole('button', { name: 'Index', exact: true }).click();
    await popup.getByRole('button', { name: 'Details' }).click();
    const modal = page.getByTestId('result-details');
    await expect(modal.getByTestId('details-lat')).toHaveText('25.790700');
    await expect(modal.getByTestId('details-lng')).toHaveText('-80.130000');
    await expect(modal.getByRole('img')).toBeVisible();
    await snap(page, 'map-details-1280', false);
    await modal.getByRole('button', { name: 'View on Map' }).click();
    await expect(modal).toBeHidden();
    await expectMapAt(page, { lat: 25.7907, lng: -80.13 });
  });

  test('a correction sticks: drag the marker, confirm, reload — the index keeps the new place', async ({ page }) => {
    await openMap(page, 'correct');
    const popup = await analysePhoto(page, 'wrong-gps.jpg', 25.7907, -80.13);
    // The fly has ended (the popup opens after it) and the map stands still before the drag.
    await expect.poll(async () => (await mapView(page)).moving).toBe(false);
    const marker = page.getByTestId('result-marker');
    const box = (await marker.boundingBox())!;
    const from = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    for (let i = 1; i <= 10; i++) await page.mouse.move(from.x - 16 * i, from.y + 6 * i);
    await page.mouse.up();

    const bar = popup.getByTestId('correction-bar');
    await expect(bar).toBeVisible();
    const proposed = (await bar.getByTestId('correction-point').innerText()).match(/\((-?[\d.]+), (-?[\d.]+)\)/)!;
    const [lat, lng] = [Number(proposed[1]), Number(proposed[2])];
    expect(Math.abs(lat - 25.7907) + Math.abs(lng + 80.13)).toBeGreaterThan(0.0005);
    await snap(page, 'map-correction-1280', false);
    await confirmCorrection(page, bar);
    await expect(popup).toContainText('User Confirmed');
    await expect(popup).toContainText('100%');

    await page.reload();
    await expect(page.getByTestId('map')).toHaveAttribute('data-map-ready', 'true', { timeout: 30_000 });
    const sidebar = await openIndexExpanded(page);
    const item = sidebar.getByTestId('index-item').first();
    await expect(item.getByTestId('status-badge')).toHaveText('OK');
    await expect(item).toContainText(`${lat.toFixed(4)}, ${lng.toFixed(4)}`);
    await expect(item).toContainText('100%');
    await expect(item.getByTestId('index-item-message')).toContainText('You confirmed this place on the map.');
  });

  test('a street read alone: no pin, the street drawn along its course through the county', async ({ page }) => {
    test.setTimeout(120_000);
    await openMap(page, 'alone');
    await page
      .getByTestId('map-file-input')
      .setInputFiles({ name: 'one-blade.jpg', mimeType: 'image/jpeg', buffer: await streetAlonePhoto() });
    const popup = page.getByTestId('result-popup');
    await expect(popup).toBeVisible({ timeout: 90_000 });
    await expect(popup).toContainText('Not located');
    await expect(page.getByTestId('result-marker')).toHaveCount(0);
    // The candidate is the line, labelled: SW 8 St from the county's western edge to the bay.
    await expect(page.getByTestId('read-street-label')).toHaveText(['SW 8 St']);
    const course = await page.evaluate(() => {
      type Data = { features?: Array<{ geometry: { coordinates: [number, number][] } }> };
      const map = (
        document.querySelector('[data-testid="map"]') as HTMLElement & {
          vtMap: { getSource(id: string): { serialize(): { data: Data } } | undefined };
        }
      ).vtMap;
      return map.getSource('vt-read-streets')?.serialize().data.features?.[0]?.geometry.coordinates ?? null;
    });
    expect(course).not.toBeNull();
    const [west, lat] = course![0]!;
    const [east] = course![course!.length - 1]!;
    expect(lat).toBeCloseTo(25.766, 2);
    expect(east - west).toBeGreaterThan(0.3);
    await snap(page, 'map-street-alone-1280', false);
  });

  test('a correction by candidate: pick the numbered marker the sign gave, confirm, reload — it stuck', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await openMap(page, 'candidate');
    // The SW 8 St & SW 27 Ave sign, with a vague (800 m) GPS fix in Miami Beach: two places compete.
    const photo = await signWithVagueGps();
    await page
      .getByTestId('map-file-input')
      .setInputFiles({ name: 'two-places.jpg', mimeType: 'image/jpeg', buffer: photo });
    const popup = page.getByTestId('result-popup');
    await expect(popup).toBeVisible({ timeout: 90_000 });
    // The popup lists the other places too; here the numbered marker itself is used.
    await expect(popup.getByTestId('popup-candidates')).toContainText('South Beach');
    // The streets the sign named are drawn through the corner and labelled.
    await expect(page.getByTestId('read-street-label')).toHaveText(['SW 8 St', 'SW 27 Ave']);
    await snap(page, 'map-candidates-1280', false);
    // The rival place is kilometres away: back to the opening view, where both markers are on screen.
    await popup.getByRole('button', { name: 'Index', exact: true }).click();
    await popup.getByRole('button', { name: 'Original position' }).click();
    await expectMapAt(page, { lat: 25.7617, lng: -80.1918 });
    const candidate = page.getByTestId('candidate-marker').first();
    await expect(candidate).toBeInViewport();
    const label = (await candidate.getAttribute('aria-label'))!;
    await candidate.click();

    const bar = popup.getByTestId('correction-bar');
    await expect(bar).toBeVisible();
    const proposed = (await bar.getByTestId('correction-point').innerText()).match(/\((-?[\d.]+), (-?[\d.]+)\)/)!;
    const [lat, lng] = [Number(proposed[1]), Number(proposed[2])];
    // The proposal is the candidate's place, named as the marker names it.
    expect(label).toContain((await bar.getByTestId('correction-label').innerText()).trim());
    await confirmCorrection(page, bar);
    await expect(popup).toContainText('User Confirmed');
    await expect(popup.getByTestId('popup-coordinates')).toHaveText(`${lat.toFixed(6)}, ${lng.toFixed(6)}`);

    await page.reload();
    await expect(page.getByTestId('map')).toHaveAttribute('data-map-ready', 'true', { timeout: 30_000 });
    const sidebar = await openIndexExpanded(page);
    const item = sidebar.getByTestId('index-item').first();
    await expect(item).toContainText(`${lat.toFixed(4)}, ${lng.toFixed(4)}`);
    await expect(item.getByTestId('status-badge')).toHaveText('OK');
  });

  test('phone width: the expanded index with its actions fits, and the compare dialog too', async ({ page }) => {
    await openMap(page, 'phone-index');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: /^Location Index/ }).click();
    const sidebar = page.getByTestId('index-sidebar');
    await sidebar.getByRole('button', { name: 'Add Multiple (Demo)' }).click();
    await sidebar.getByRole('button', { name: 'Full Index' }).click();
    const s = (await sidebar.boundingBox())!;
    expect(s.x).toBeGreaterThanOrEqual(0);
    expect(s.x + s.width).toBeLessThanOrEqual(390);
    for (const name of ['Verify', 'Remove']) {
      const b = (await sidebar.getByRole('button', { name, exact: true }).first().boundingBox())!;
      expect(b.x + b.width).toBeLessThanOrEqual(390);
    }
    await snap(page, 'map-index-expanded-390', false);
    await sidebar.getByRole('checkbox').nth(0).check();
    await sidebar.getByRole('checkbox').nth(1).check();
    await sidebar.getByRole('button', { name: 'Compare Selected' }).click();
    const dialog = page.getByTestId('compare-dialog');
    await expect(dialog.getByTestId('compare-item')).toHaveCount(2);
    const d = (await dialog.boundingBox())!;
    expect(d.x).toBeGreaterThanOrEqual(0);
    expect(d.x + d.width).toBeLessThanOrEqual(390);
    await snap(page, 'map-compare-390', false);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await sidebar.getByRole('button', { name: 'Close the index' }).click();
    await expect(sidebar).toBeHidden();

    // A result's popup fits a phone too.
    const popup = await analysePhoto(page, 'phone.jpg', 25.7907, -80.13);
    await expect(popup.getByRole('button', { name: 'Index', exact: true })).toBeInViewport();
    const p = (await popup.boundingBox())!;
    expect(p.x).toBeGreaterThanOrEqual(0);
    expect(p.x + p.width).toBeLessThanOrEqual(390);
    // Its title opens below the analyse panel, which spans the top of a phone's map, not under it.
    const panel = (await page.getByRole('region', { name: 'Analyse a photo' }).boundingBox())!;
    expect(p.y).toBeGreaterThanOrEqual(panel.y + panel.height);
    await snap(page, 'map-popup-390', false);
  });
});

/**
 * The failed and error outcomes cannot be produced on purpose through a real upload (the server refuses a photo
 * it cannot decode before analysing it, and errors need a crashing engine), so the server's answer is reshaped
 * here into the engine's failed/error results (the names, sources and confidences of R-ANALYSIS-3 and R-ANALYSIS-4).
 * What is tested is the browser: it places the item at central Miami, flies there, and offers Retry only when allowed.
 */
test.describe('map: the failed and error outcomes place their item too', () => {
  for (const outcome of ['failed', 'error'] as const) {
    test(`${outcome}: not located, the area framed without a pin, the spec's name and source, Retry ${outcome === 'error' ? 'offered' : 'not offered'}`, async ({
      page,
    }) => {
      await openMap(page, `outcome-${outcome}`);
      await page.route(/\/api\/analyses\/[0-9a-f-]{36}$/, async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as { analysis: Record<string, unknown> & { fileName: string } };
        const file = body.analysis.fileName;
        const failed = outcome === 'failed';
        body.analysis = {
          ...body.analysis,
          status: 'failed',
          error: failed
            ? { code: 'unreadable_image', message: 'The photo could not be decoded.', canRetry: false }
            : { code: 'analysis_error', message: 'Analysis timed out. The image may be too complex.', canRetry: true },
          analysis_result: {
            outcome,
            name: failed ? `Analysis Failed: ${file} (Default Miami)` : `Error: ${file} (Default Miami)`,
            lat: 25.7617,
            lng: -80.1918,
            confidence: 0.1,
            radiusMeters: 30000,
            source: failed ? 'Default Location' : 'Error Fallback',
            insideCoverage: true,
            place: null,
            candidates: [],
            explanation: [failed ? 'The photo could not be decoded.' : 'Analysis timed out.'],
          },
        };
        await route.fulfill({ response, json: body });
      });
      const popup = await analysePhoto(page, `${outcome}.jpg`, 25.7907, -80.13);
      await expect(popup).toContainText(
        outcome === 'failed'
          ? `Analysis Failed: ${outcome}.jpg (Default Miami)`
          : `Error: ${outcome}.jpg (Default Miami)`,
      );
      await expect(popup).toContainText(outcome === 'failed' ? 'Default Location' : 'Error Fallback');
      await expect(popup).toContainText('Not located');
      await expect(popup.getByTestId('popup-coordinates')).toHaveText('25.761700, -80.191800');
      // Not located: the area it could be in, framed, and no pin for a spot nobody found.
      await expect(page.getByTestId('result-marker')).toHaveCount(0);
      await expectAreaFramed(page, { lat: 25.7617, lng: -80.1918 });
      await expect(page.getByTestId('analysis-error').getByRole('button', { name: 'Retry' })).toHaveCount(
        outcome === 'error' ? 1 : 0,
      );
    });
  }
});
