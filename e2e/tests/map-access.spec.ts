import { expect, test } from '@playwright/test';
import { grantMapAccess, signInLocally, uniqueEmail } from '../fixtures/auth';
import { gpsJpeg } from '../fixtures/photos';
import { snap } from '../fixtures/screenshots';

test.describe('map access (R-ACCESS-10)', () => {
  test('without map access /map leads to /access-ai, which explains and still analyses; a code opens the map', async ({
    page,
  }) => {
    await signInLocally(page, { email: uniqueEmail('nomap'), name: 'Nora Nomap' });
    await page.goto('/map');
    await expect(page).toHaveURL(/\/access-ai$/);
    const notice = page.getByTestId('map-access-required');
    await expect(notice).toContainText('The map needs map access');
    await expect(notice).toContainText('Redeem an access code with map access');
    await expect(page.getByTestId('map')).toHaveCount(0);
    await snap(page, 'map-access-required-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, 'map-access-required-390');
    await page.setViewportSize({ width: 1280, height: 800 });

    // The server refuses the map's own calls, whatever the browser does.
    const origin = new URL(page.url()).origin;
    const refused = await page.request.post('/api/location-index', {
      headers: { origin },
      data: { name: 'Bayfront Park', lat: 25.7753, lng: -80.1862 },
    });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('map_access_required');

    // /access-ai works without the map.
    await page
      .getByTestId('photo-input')
      .setInputFiles({ name: 'brickell.jpg', mimeType: 'image/jpeg', buffer: await gpsJpeg(25.7617, -80.1918) });
    await expect(page.getByTestId('stages').locator('[data-stage="finished"]')).toHaveAttribute('data-status', 'done', {
      timeout: 60_000,
    });
    await expect(page.getByTestId('result-card').getByTestId('coordinates')).toContainText('25.76');

    await grantMapAccess(page);
    await page.goto('/map');
    await expect(page).toHaveURL(/\/map$/);
    await expect(page.getByTestId('map')).toBeVisible();
  });

  test('the pricing page says what the product does: the map needs an access code', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Pricing' }).first().click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByText('every feature is open to every signed-in user')).toHaveCount(0);
    await expect(page.getByText('the full-screen map opens with an access code')).toBeVisible();
    await expect(page.getByText('The full-screen 3D map, opened with an access code')).toBeVisible();
    // The allowance is the server's own setting, not a copy written into the page.
    const allowance = ((await (await page.request.get('/api/public-config')).json()) as { weeklyImageLimit: number })
      .weeklyImageLimit;
    await expect(page.getByText(`Each account can analyse ${allowance} photos a week by default`)).toBeAttached();
  });
});
