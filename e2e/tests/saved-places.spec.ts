import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { signInWithMapAccess, uniqueEmail } from '../fixtures/auth';
import { gpsJpeg } from '../fixtures/photos';
import { addIndexItems, settledView, uploadAndWait } from '../fixtures/map';
import { snap } from '../fixtures/screenshots';

async function mapReady(page: Page) {
  await expect(page.getByTestId('map')).toHaveAttribute('data-map-ready', 'true', { timeout: 30_000 });
}

const PLACES = [
  { name: 'Vizcaya gardens', lat: 25.7443, lng: -80.2106 },
  { name: 'Bayfront Park', lat: 25.7753, lng: -80.1862 },
  { name: 'Lummus Park north', lat: 25.79, lng: -80.13 },
  { name: 'Lummus Park south', lat: 25.7897, lng: -80.1303 },
  { name: 'Times Square', lat: 40.758, lng: -73.9855 },
];

test.describe('saved places on /map', () => {
  test('every saved place is drawn; a crowd is one counted marker that spreads; Navigate opens the place and its popup', async ({
    page,
  }) => {
    await signInWithMapAccess(page, { email: uniqueEmail('saved'), name: 'Sam Saved' });
    await addIndexItems(page, PLACES);
    await page.goto('/map');
    await mapReady(page);

    // At the opening zoom the two Lummus Park places (40 m apart) overlap: one marker with their count.
    const cluster = page.getByTestId('saved-place-cluster');
    await expect(cluster).toHaveCount(1);
    await expect(cluster).toHaveText('2');
    await expect(page.getByTestId('saved-place-marker')).toHaveCount(3);
    await expect(page.getByRole('button', { name: 'Saved place: Vizcaya gardens' })).toBeVisible();
    // Outside the county: drawn too, in the neutral style.
    await expect(page.getByRole('button', { name: 'Saved place: Times Square' })).toHaveClass(
      /vt-saved-marker--outside/,
    );
    // The offline style says what it has and how to get a street basemap.
    await expect(page.getByTestId('offline-map-note')).toContainText(
      'A street basemap is available with MAP_STYLE_URL',
    );
    await snap(page, 'map-saved-places-1280', false);

    await cluster.click();
    await expect(cluster).toHaveCount(0, { timeout: 10_000 });
    await expect(page.getByRole('button', { name: 'Saved place: Lummus Park north' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Saved place: Lummus Park south' })).toBeVisible();

    // A marker opens its popup with what the index knows of the place.
    await page.getByRole('button', { name: 'Saved place: Lummus Park north' }).click();
    const popup = page.getByTestId('saved-place-popup');
    await expect(popup).toContainText('Lummus Park north');
    await expect(popup).toContainText('Miami Beach');
    await expect(popup).toContainText('25.790000, -80.130000');

    // Navigate from the index: the map goes there and that place's popup opens.
    await page.getByRole('button', { name: /^Location Index/ }).click();
    const sidebar = page.getByTestId('index-sidebar');
    await sidebar.getByTestId('index-item').filter({ hasText: 'Vizcaya' }).getByTestId('index-item-name').click();
    await sidebar.getByTestId('index-item-card').getByRole('button', { name: 'Navigate' }).click();
    await expect(popup).toContainText('Vizcaya gardens');
    const view = await settledView(page);
    expect(view.center.lat).toBeCloseTo(25.7443, 3);
    expect(view.center.lng).toBeCloseTo(-80.2106, 3);
    await expect(page.getByRole('button', { name: 'Saved place: Vizcaya gardens' })).toBeVisible();

    // The index says where each item stands in words: Times Square is outside, not a strong hit.
    const times = sidebar.getByTestId('index-item').filter({ hasText: 'Times Square' });
    await expect(times).toContainText('Outside Miami-Dade');
    await expect(times).not.toContainText('80%');
    await snap(page, 'map-saved-navigate-1280', false);

    // Exports beside the JSON: CSV and GeoJSON with municipality, neighbourhood and ZIP, 6 decimals.
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      sidebar.getByRole('button', { name: 'CSV', exact: true }).click(),
    ]);
    expect(csv.suggestedFilename()).toMatch(/^vision-terminal-index-\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = readFileSync((await csv.path())!, 'utf8')
      .trim()
      .split('\r\n');
    expect(rows[0]).toBe(
      'id,name,lat,lng,confidence,located,municipality,neighbourhood,zip,source,status,hasImage,timestamp,analysisId,duplicateOf',
    );
    expect(rows).toHaveLength(PLACES.length + 1);
    const lummus = rows.find((r) => r.includes('Lummus Park north'))!.split(',');
    expect(lummus.slice(2, 4)).toEqual(['25.79', '-80.13']);
    expect(lummus[5]).toBe('yes');
    expect(lummus[6]).toBe('Miami Beach');
    expect(lummus[8]).toMatch(/^331\d\d$/);
    expect(rows.find((r) => r.includes('Times Square'))).toContain(',outside Miami-Dade,,,,');
    const [geo] = await Promise.all([
      page.waitForEvent('download'),
      sidebar.getByRole('button', { name: 'GeoJSON', exact: true }).click(),
    ]);
    expect(geo.suggestedFilename()).toMatch(/\.geojson$/);
    const fc = JSON.parse(readFileSync((await geo.path())!, 'utf8')) as {
      type: string;
      features: Array<{ geometry: { coordinates: [number, number] }; properties: Record<string, unknown> }>;
    };
    expect(fc.type).toBe('FeatureCollection');
    const viz = fc.features.find((f) => f.properties.name === 'Vizcaya gardens')!;
    expect(viz.geometry.coordinates).toEqual([-80.2106, 25.7443]);
    expect(viz.properties.municipality).toBe('Miami');

    // On a phone the places, the popup and the index sheet still fit.
    await page.setViewportSize({ width: 390, height: 844 });
    await sidebar.getByRole('button', { name: 'Close the index' }).click();
    await page.getByRole('button', { name: 'Saved place: Vizcaya gardens' }).click();
    await expect(popup).toBeInViewport();
    await snap(page, 'map-saved-places-390', false);
  });

  test('the dashboard View and the history Open on Map open that place and its popup', async ({ page }) => {
    await signInWithMapAccess(page, { email: uniqueEmail('saved-view'), name: 'Vera View' });
    await addIndexItems(page, PLACES.slice(0, 2));
    await uploadAndWait(page, 'lummus.jpg', await gpsJpeg(25.7781, -80.1301, { width: 800, height: 600 }));

    await page.goto('/dashboard');
    await page.getByTestId('recent-analysis').getByRole('button', { name: 'View' }).click();
    await expect(page).toHaveURL(/\/map$/);
    await mapReady(page);
    const popup = page.getByTestId('saved-place-popup');
    await expect(popup).toBeVisible({ timeout: 15_000 });
    await expect(popup).toContainText('25.778100, -80.130100');
    const view = await settledView(page);
    expect(view.center.lat).toBeCloseTo(25.7781, 3);
    expect(view.center.lng).toBeCloseTo(-80.1301, 3);
    // The other saved places are on the map too.
    await expect(
      page.locator('[data-testid="saved-place-marker"], [data-testid="saved-place-cluster"]'),
    ).not.toHaveCount(0);

    await page.getByRole('link', { name: 'Exit' }).click();
    await page.getByRole('button', { name: 'Your account: Vera View' }).click();
    await page.getByRole('link', { name: 'Location history', exact: true }).click();
    await page.getByRole('button', { name: 'Open on Map' }).first().click();
    await expect(page).toHaveURL(/\/map$/);
    await mapReady(page);
    await expect(popup).toBeVisible({ timeout: 15_000 });
  });

  test('the same photo twice: the second index entry says so and points to the first', async ({ page }) => {
    await signInWithMapAccess(page, { email: uniqueEmail('saved-dup'), name: 'Dee Dup' });
    const bytes = await gpsJpeg(25.7753, -80.1862, { width: 800, height: 600 });
    await uploadAndWait(page, 'first.jpg', bytes);
    await uploadAndWait(page, 'again.jpg', bytes);
    await page.goto('/map');
    await mapReady(page);
    await page.getByRole('button', { name: /^Location Index/ }).click();
    const sidebar = page.getByTestId('index-sidebar');
    const items = sidebar.getByTestId('index-item');
    await expect(items).toHaveCount(2);
    await expect(items.first().getByTestId('index-duplicate')).toContainText(
      'Duplicate: the same photo was analysed before',
    );
    await expect(items.nth(1).getByTestId('index-duplicate')).toHaveCount(0);
    await items.first().getByTestId('index-duplicate').getByRole('button').click();
    await expect(items.nth(1).getByTestId('index-item-card')).toBeVisible();
    // The same spot twice cannot be spread by zooming: one marker says how many places it holds.
    await expect(page.getByRole('button', { name: /and 1 more at the same spot/ })).toBeVisible();
  });
});
