import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { expect, test, type Dialog, type Page } from '@playwright/test';
import { signInWithMapAccess, uniqueEmail } from '../fixtures/auth';
import { gpsJpeg } from '../fixtures/photos';
import { expectAreaFramed } from '../fixtures/map';
import { snap } from '../fixtures/screenshots';

/** Requests leaving this server, and CSP complaints, while the page runs: the map must work offline under CSP. */
function watchOffline(page: Page, baseURL: string) {
  const foreign: string[] = [];
  const csp: string[] = [];
  page.on('request', (r) => {
    const url = r.url();
    if (!url.startsWith(baseURL) && !url.startsWith('data:') && !url.startsWith('blob:')) foreign.push(url);
  });
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) csp.push(m.text());
  });
  return { foreign, csp };
}

/** The part of MapLibre's Map the tests call, as exposed on the map element. */
type MapLike = {
  queryRenderedFeatures(options: { layers: string[] }): unknown[];
  getStyle(): { glyphs?: string };
  getCenter(): { lng: number; lat: number };
  getZoom(): number;
  getPitch(): number;
  project(lngLat: [number, number]): { x: number; y: number };
  getCanvas(): HTMLCanvasElement;
};
type MapElement = HTMLElement & { vtMap: MapLike };

type Probe = { rendered: Record<string, number>; glyphs: unknown; center: { lng: number; lat: number }; zoom: number };

/** Asks the map itself (exposed on its element) what it drew. */
const probeMap = (page: Page) =>
  page.evaluate(() => {
    const map = (document.querySelector('[data-testid="map"]') as MapElement).vtMap;
    const count = (layer: string) => map.queryRenderedFeatures({ layers: [layer] }).length as number;
    return {
      rendered: {
        land: count('land'),
        county: count('county-line'),
        municipalities: count('municipality-lines'),
      },
      glyphs: map.getStyle().glyphs,
      center: map.getCenter(),
      zoom: map.getZoom(),
    } as Probe;
  });

test.describe('the map', () => {
  test('/test-map draws the embedded offline style under CSP, and public pages do not load MapLibre', async ({
    page,
    baseURL,
  }) => {
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Sign In' }).first()).toBeVisible();
    await page.goto('/pricing');
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((s) => /maplibre|\/map-/.test(s))).toEqual([]);

    const watch = watchOffline(page, baseURL!);
    await page.goto('/test-map');
    await expect(page.locator('canvas.maplibregl-canvas')).toBeVisible();
    await expect(page.getByTestId('map')).toHaveAttribute('data-map-ready', 'true', { timeout: 30_000 });
    await expect.poll(async () => (await probeMap(page)).rendered.county, { timeout: 20_000 }).toBeGreaterThan(0);
    const probe = await probeMap(page);
    expect(probe.rendered.land).toBeGreaterThan(0);
    expect(probe.rendered.municipalities).toBeGreaterThan(0);
    expect(probe.glyphs).toBeUndefined();
    expect(probe.center.lng).toBeCloseTo(-80.1918, 3);
    expect(probe.center.lat).toBeCloseTo(25.7617, 3);
    expect(probe.zoom).toBe(12);
    // Place labels are HTML, so they render with no glyph download.
    await expect(page.locator('.vt-map-label', { hasText: 'Miami Beach' }).first()).toBeVisible();
    await snap(page, 'test-map-1280', false);
    expect(watch.foreign).toEqual([]);
    expect(watch.csp).toEqual([]);
  });

  test('a broken style shows Map Temporarily Unavailable with the spec message', async ({ page }) => {
    await page.route('**/api/map/style.json', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{}}' }),
    );
    await page.goto('/test-map');
    await expect(page.getByRole('heading', { name: 'Map Temporarily Unavailable' })).toBeVisible();
    await expect(page.getByTestId('map-error')).toHaveText(
      'Map failed to load: the map style request failed (HTTP 500)',
    );
    await expect(page.getByRole('link', { name: 'Return to Dashboard' })).toHaveAttribute('href', '/dashboard');

    await page.unroute('**/api/map/style.json');
    await page.route('**/api/map/style.json', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{"layers":3}' }),
    );
    await page.goto('/test-map');
    await expect(page.getByTestId('map-error')).toHaveText('Map failed to load: the map style is not a MapLibre style');
  });

  test('/map: analyse a GPS photo, the marker lands on the spot, popup, Compare, Index export, index actions', async ({
    page,
    baseURL,
  }) => {
    await signInWithMapAccess(page, { email: uniqueEmail('map'), name: 'Marta Map' });
    const watch = watchOffline(page, baseURL!);
    await page.goto('/map');
    await expect(page.getByTestId('map')).toHaveAttribute('data-map-ready', 'true', { timeout: 30_000 });
    await expect(page.getByRole('navigation')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Exit' })).toHaveAttribute('href', '/dashboard');

    // Empty index: the spec's alerts and empty state.
    await page.getByRole('button', { name: /^Location Index/ }).click();
    await expect(page.getByTestId('index-empty')).toContainText('No locations yet');
    // Escape closes the panel, as the close button does.
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('index-empty')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Location Index/ })).toHaveAttribute('aria-pressed', 'false');
    await page.getByRole('button', { name: /^Location Index/ }).click();
    await page.getByRole('button', { name: 'Close the index' }).click();

    const [lat, lng] = [25.7907, -80.13];
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/photos', async (route) => {
      await held;
      await route.continue();
    });
    // The popup may be quicker than the index's refetch after an analysis (a busy server). The index's answers are
    // held from here until Export is clicked, so Export must not conclude the index is empty.
    let releaseIndex: () => void = () => {};
    const indexHeld = new Promise<void>((r) => (releaseIndex = r));
    await page.route('**/api/location-index', async (route) => {
      if (route.request().method() === 'GET') await indexHeld;
      await route.continue();
    });
    await page.getByTestId('map-file-input').setInputFiles({
      name: 'lummus.jpg',
      mimeType: 'image/jpeg',
      buffer: await gpsJpeg(lat, lng, { background: '#8f6f2f', accuracyMeters: 8 }),
    });
    await expect(page.getByRole('button', { name: 'Analyzing...' })).toBeDisabled();
    release();
    await expect(page.getByTestId('stages').locator('[data-stage="finished"]')).toHaveAttribute('data-status', 'done');

    const marker = page.getByTestId('result-marker');
    await expect(marker).toBeVisible();
    // The popup opens 2.5 s after the fly starts; the fly itself takes 2 s.
    const popup = page.getByTestId('result-popup');
    await expect(popup).toBeVisible({ timeout: 8_000 });
    await expect(popup.getByTestId('popup-coordinates')).toHaveText('25.790700, -80.130000');
    await expect(popup.getByTestId('popup-description')).toContainText('Miami Beach');

    // The marker sits where the map projects the photo's position, after the fly (zoom 17, pitch 60).
    const view = await page.evaluate(
      ({ la, ln }) => {
        const map = (document.querySelector('[data-testid="map"]') as MapElement).vtMap;
        const p = map.project([ln, la]);
        const rect = map.getCanvas().getBoundingClientRect();
        return { x: rect.left + p.x, y: rect.top + p.y, zoom: map.getZoom(), pitch: map.getPitch() };
      },
      { la: lat, ln: lng },
    );
    expect(view.zoom).toBeCloseTo(17, 1);
    expect(view.pitch).toBeCloseTo(60, 0);
    const box = (await marker.boundingBox())!;
    expect(Math.abs(box.x + box.width / 2 - view.x)).toBeLessThan(3);
    expect(Math.abs(box.y + box.height / 2 - view.y)).toBeLessThan(3);
    // The uncertainty circle is drawn.
    await expect
      .poll(() =>
        page.evaluate(() => {
          const map = (document.querySelector('[data-testid="map"]') as MapElement).vtMap;
          return map.queryRenderedFeatures({ layers: ['vt-uncertainty-line'] }).length as number;
        }),
      )
      .toBeGreaterThan(0);
    await snap(page, 'map-result-1280', false);

    await popup.getByRole('button', { name: 'Compare' }).click();
    const links = popup.getByRole('link');
    await expect(links).toHaveCount(4);
    for (const name of ['Google Maps', 'Street View', 'Satellite', 'OpenStreetMap']) {
      const link = popup.getByRole('link', { name });
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('href', /25\.790700.*-80\.130000/);
    }

    await popup.getByRole('button', { name: 'Index' }).click();
    const download = page.waitForEvent('download');
    const alerted: string[] = [];
    const onDialog = (d: Dialog) => {
      alerted.push(d.message());
      void d.dismiss();
    };
    page.on('dialog', onDialog);
    await popup.getByRole('button', { name: 'Export results' }).click();
    // The index has not been told of the analysis yet (its answers are held): Export asks again and waits.
    releaseIndex();
    const file = await (await download).path();
    page.off('dialog', onDialog);
    await page.unroute('**/api/location-index');
    expect(alerted).toEqual([]);
    const exported = JSON.parse(readFileSync(file, 'utf8')) as {
      count: number;
      locations: Array<{ coordinates: number[]; source: string }>;
    };
    expect(exported.count).toBe(1);
    expect(exported.locations[0]!.coordinates[0]).toBeCloseTo(lat, 4);
    expect(exported.locations[0]!.coordinates[1]).toBeCloseTo(lng, 4);

    await popup.getByRole('button', { name: 'Get full index' }).click();
    const sidebar = page.getByTestId('index-sidebar');
    await expect(sidebar.getByTestId('index-count')).toHaveText('1 of 20 locations');
    await expect(sidebar.getByRole('button', { name: 'Collapse Index' })).toBeVisible();
    await expect(sidebar.getByTestId('status-badge')).toHaveText('1');

    // Remove asks first; dismissing keeps the item.
    page.once('dialog', (d) => {
      expect(d.message()).toBe('Remove this location from index?');
      void d.dismiss();
    });
    await sidebar.getByRole('button', { name: 'Remove' }).click();
    await expect(sidebar.getByTestId('index-count')).toHaveText('1 of 20 locations');

    await popup.getByRole('button', { name: 'Original position' }).click();
    await expect.poll(async () => Math.round((await probeMap(page)).zoom), { timeout: 6_000 }).toBe(12);
    expect(watch.foreign).toEqual([]);
    expect(watch.csp).toEqual([]);
  });

  test('a photo with nothing to locate it is shown as not located: the whole area framed, no pin', async ({ page }) => {
    await signInWithMapAccess(page, { email: uniqueEmail('fallback'), name: 'Fal Back' });
    await page.goto('/map');
    await expect(page.getByTestId('map')).toHaveAttribute('data-map-ready', 'true', { timeout: 30_000 });
    const plain = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#404040' } })
      .jpeg()
      .toBuffer();
    await page
      .getByTestId('map-file-input')
      .setInputFiles({ name: 'plain.jpg', mimeType: 'image/jpeg', buffer: plain });
    const popup = page.getByTestId('result-popup');
    await expect(popup).toBeVisible({ timeout: 30_000 });
    await expect(popup).toContainText('Not located');
    await expect(popup).toContainText('(General Miami Area)');
    await expect(popup).toContainText('Fallback');
    await expect(popup.getByTestId('popup-coordinates')).toHaveText('25.761700, -80.191800');
    await expect(page.getByTestId('result-marker')).toHaveCount(0);
    await expectAreaFramed(page, { lat: 25.7617, lng: -80.1918 });
    await snap(page, 'map-not-located-1280', false);
    await expect(page.getByRole('button', { name: 'Upload Image' })).toBeEnabled();
  });

  test('index sidebar: samples, +N more, Full Index, item card, remove and clear all with confirm', async ({
    page,
  }) => {
    await signInWithMapAccess(page, { email: uniqueEmail('index'), name: 'Ines Index' });
    await page.goto('/map');
    await expect(page.getByTestId('map')).toHaveAttribute('data-map-ready', 'true', { timeout: 30_000 });
    await page.getByRole('button', { name: /^Location Index/ }).click();
    const sidebar = page.getByTestId('index-sidebar');
    await sidebar.getByRole('button', { name: 'Add Multiple (Demo)' }).click();
    await expect(sidebar.getByTestId('index-count')).toHaveText('4 of 20 locations');
    // Add two more so the collapsed list overflows.
    await page.evaluate(async () => {
      for (const name of ['Extra one', 'Extra two with a rather long name for truncation']) {
        await fetch('/api/location-index', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name, lat: 25.77, lng: -80.19 }),
        });
      }
    });
    await page.reload();
    await expect(page.getByTestId('map')).toHaveAttribute('data-map-ready', 'true', { timeout: 30_000 });
    await page.getByRole('button', { name: /^Location Index/ }).click();
    await expect(sidebar.getByTestId('index-count')).toHaveText('6 of 20 locations');
    await expect(sidebar.getByTestId('index-item-name')).toHaveCount(5);
    await expect(sidebar.getByRole('button', { name: '+1 more' })).toBeVisible();
    // Newest first, cut to 20 characters while collapsed.
    await expect(sidebar.getByTestId('index-item-name').first()).toHaveText('Extra two with a ra…');
    await sidebar.getByRole('button', { name: 'Full Index' }).click();
    await expect(sidebar.getByTestId('index-item-name')).toHaveCount(6);
    await expect(sidebar.getByTestId('index-item-name').first()).toHaveText('Extra two with a rather long name for t…');

    await sidebar.getByTestId('index-item-name').nth(2).click();
    const card = sidebar.getByTestId('index-item-card');
    await card.getByRole('button', { name: 'Extra' }).click();
    await expect(card).toContainText('From downtown');
    await card.getByRole('button', { name: 'Full Details' }).click();
    await expect(card).toContainText('Precise');
    await snap(page, 'map-index-1280', false);

    page.once('dialog', (d) => {
      expect(d.message()).toBe('Remove this location from index?');
      void d.accept();
    });
    await sidebar.getByRole('button', { name: 'Remove' }).first().click();
    await expect(sidebar.getByTestId('index-count')).toHaveText('5 of 20 locations');

    page.once('dialog', (d) => {
      expect(d.message()).toBe('Clear all 5 locations from index?');
      void d.accept();
    });
    await sidebar.getByRole('button', { name: 'Clear All' }).click();
    await expect(sidebar.getByTestId('index-empty')).toContainText('No locations yet');
  });

  test("the dashboard's View hint flies the map to that analysis once", async ({ page }) => {
    await signInWithMapAccess(page, { email: uniqueEmail('hint'), name: 'Hint Person' });
    const target = { lat: 25.7496, lng: -80.2628 }; // Coral Gables, far from the start centre
    await page.evaluate((t) => {
      localStorage.setItem('vt.map.navigationHint', JSON.stringify({ id: 'dash-1', ...t, time: Date.now() }));
    }, target);
    await page.goto('/map');
    await expect(page.getByTestId('map')).toHaveAttribute('data-map-ready', 'true', { timeout: 30_000 });
    await expect
      .poll(
        async () => {
          const { center, zoom } = await probeMap(page);
          return Math.abs(center.lat - target.lat) < 0.001 && Math.abs(center.lng - target.lng) < 0.001 && zoom > 14;
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('vt.map.navigationHint'))).toBeNull();
  });

  test('phone width: the map, the panel and Exit fit', async ({ page }) => {
    await signInWithMapAccess(page, { email: uniqueEmail('phone'), name: 'Pia Phone' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/map');
    await expect(page.getByTestId('map')).toHaveAttribute('data-map-ready', 'true', { timeout: 30_000 });
    const upload = page.getByRole('button', { name: 'Upload Image' });
    const exit = page.getByRole('link', { name: 'Exit' });
    await expect(upload).toBeVisible();
    await expect(exit).toBeVisible();
    const a = (await upload.boundingBox())!;
    const b = (await exit.boundingBox())!;
    expect(a.x + a.width).toBeLessThanOrEqual(b.x);
    expect(b.x + b.width).toBeLessThanOrEqual(390);
    await page.getByRole('button', { name: /^Location Index/ }).click();
    const sidebar = page.getByTestId('index-sidebar');
    await expect(sidebar).toBeVisible();
    const s = (await sidebar.boundingBox())!;
    expect(s.x).toBeGreaterThanOrEqual(0);
    expect(s.x + s.width).toBeLessThanOrEqual(390);
    await snap(page, 'map-390', false);
  });
});
