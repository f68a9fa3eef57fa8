import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { signInLocally, signInWithMapAccess, uniqueEmail } from '../fixtures/auth';
import { gpsJpeg } from '../fixtures/photos';
import { uploadAndWait as uploadPhotoAndWait } from '../fixtures/map';
import { snapWidths } from '../fixtures/screenshots';

/** A GPS photo at (lat, lng), uploaded with the page's session; resolves when its analysis is done. */
async function uploadAndWait(page: Page, lat: number, lng: number): Promise<string> {
  return uploadPhotoAndWait(page, 'lummus.jpg', await gpsJpeg(lat, lng, { width: 800, height: 600 }));
}

test.describe('/dashboard', () => {
  test('a new user: greeting, empty recent activity, no admin parts', async ({ page }) => {
    const email = uniqueEmail('dash');
    await signInLocally(page, { email, name: 'Dora Dash' });
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Good (morning|afternoon|evening), Dora$/);
    await expect(page.locator('#main').getByText(email, { exact: true })).toBeVisible();
    const main = page.locator('#main');
    await expect(main.getByRole('link', { name: 'Launch VT' })).toHaveAttribute('href', '/access-ai');
    await expect(page.getByTestId('stat-total')).toContainText('0');
    await expect(page.getByTestId('stat-month')).toContainText('No activity yet');
    await expect(page.getByTestId('stat-engine')).toContainText('v2.1');
    await expect(page.getByTestId('stat-engine')).toContainText('Active & ready');
    await expect(page.getByText('No analyses yet')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Start Analyzing' })).toHaveAttribute('href', '/access-ai');
    for (const name of ['Start Analysis', 'View Map', 'Pricing']) {
      await expect(main.getByRole('link', { name: new RegExp(`^${name}`) })).toBeVisible();
    }
    // Founder-only parts are absent for a user.
    await expect(page.getByText('System Admin')).toHaveCount(0);
    await expect(page.getByRole('link', { name: /^Admin Panel/ })).toHaveCount(0);
    await expect(page.getByTestId('admin-cards')).toHaveCount(0);
    await expect(page.getByTestId('database-analytics')).toHaveCount(0);
    await snapWidths(page, 'dashboard-empty');
  });

  test('with an analysis: recent activity, details modal, export, view on map, delete', async ({ page }) => {
    await signInWithMapAccess(page, { email: uniqueEmail('dash-data'), name: 'Dan Data' });
    const id = await uploadAndWait(page, 25.7781, -80.1301);
    await page.goto('/dashboard');
    const item = page.getByTestId('recent-analysis');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText('25.7781, -80.1301');
    await expect(item).toContainText(/\d+%/);
    await expect(page.getByTestId('stat-total')).toContainText('1');
    await expect(page.getByTestId('stat-month')).toContainText('1 analysis this month');
    await snapWidths(page, 'dashboard-data');

    await item.getByRole('button', { name: 'Details' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('details-id')).toHaveText(id);
    await expect(dialog.getByTestId('details-coordinates')).toHaveText(/^25\.77\d{4}, -80\.13\d{4}$/);
    // Each part of the place under its own label: the municipality is never shown as the neighbourhood.
    await expect(dialog.getByText('Municipality', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Miami Beach', { exact: true })).toBeVisible();
    await expect(dialog.getByTestId('details-neighbourhood')).not.toHaveText('Miami Beach');
    await snapWidths(page, 'dashboard-details');
    // Escape closes it; focus cannot leave it while open (the page behind is inert).
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await item.getByRole('button', { name: 'Details' }).click();
    await expect(dialog).toBeVisible();
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Export Data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^${id}-\\d{4}-\\d{2}-\\d{2}\\.json$`));
    const exported = JSON.parse(readFileSync((await download.path())!, 'utf8')) as {
      id: string;
      location: { lat: number; lng: number; name: string };
      analysis: { created_at: string };
      exportedAt: string;
    };
    expect(exported.id).toBe(id);
    expect(exported.location.lat).toBeCloseTo(25.7781, 3);
    expect(exported.location.lng).toBeCloseTo(-80.1301, 3);
    expect(Date.parse(exported.analysis.created_at)).not.toBeNaN();
    expect(Date.parse(exported.exportedAt)).not.toBeNaN();

    await dialog.getByRole('button', { name: 'View on Map' }).click();
    await expect(page).toHaveURL(/\/map$/);
    const hint = JSON.parse((await page.evaluate(() => localStorage.getItem('vt.map.navigationHint')))!) as Record<
      string,
      number | string
    >;
    expect(hint).toMatchObject({ id });
    expect(hint.lat).toBeCloseTo(25.7781, 3);
    expect(typeof hint.time).toBe('number');

    await page.goto('/dashboard');
    await page.getByTestId('recent-analysis').getByRole('button', { name: 'Details' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog.getByText(/cannot be undone/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Confirm Delete' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('No analyses yet')).toBeVisible();
    expect((await page.request.get(`/api/analyses/${id}`)).status()).toBe(404);
  });

  test('the founder sees the badge, Admin Panel, admin cards and Database Analytics', async ({ page }) => {
    await signInLocally(page, { email: 'founder@visionterminal.local', name: 'Vera Founder' });
    await page.goto('/dashboard');
    await expect(page.getByText('System Admin', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Admin Panel', exact: true })).toHaveAttribute('href', '/admin');
    const cards = page.getByTestId('admin-cards');
    await expect(cards).toContainText('Total Users');
    await expect(cards).toContainText(/\d+ active now/);
    await expect(cards).toContainText('Online');
    await expect(cards).toContainText('DB Analyses');
    const analytics = page.getByTestId('database-analytics');
    await expect(analytics).toContainText('User Activity');
    await expect(analytics).toContainText('Analysis Insights');
    await expect(analytics.getByRole('list', { name: 'Confidence distribution' }).getByRole('listitem')).toHaveCount(5);
    await expect(analytics).toContainText('Image Storage');
    // Total size in MB (R-DASH-5); a few thumbnails weigh less than 0.01 MB.
    await expect(analytics).toContainText(/(\d+\.\d+|< 0\.01) MB/);
    await expect(page.getByRole('link', { name: /^Admin Panel Users, codes/ })).toHaveAttribute('href', '/admin');
    await snapWidths(page, 'dashboard-founder');
  });

  test('analysis history: lists, searches and deletes', async ({ page }) => {
    await signInLocally(page, { email: uniqueEmail('history'), name: 'Hal History' });
    await uploadAndWait(page, 25.7781, -80.1301);
    await page.goto('/analysis-history');
    await expect(page.getByTestId('history-item')).toHaveCount(1);
    const thumb = page.getByTestId('history-item').locator('img');
    await expect(thumb).toBeVisible();
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await page.getByRole('searchbox', { name: 'Search analyses' }).fill('zzzz-nothing');
    await expect(page.getByText('No analyses match your search')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search analyses' }).fill('miami beach');
    await expect(page.getByTestId('history-item')).toHaveCount(1);
    await snapWidths(page, 'analysis-history');
  });
});
