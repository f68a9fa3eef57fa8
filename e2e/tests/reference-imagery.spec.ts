import { expect, test, type Page } from '@playwright/test';
import { signInLocally, uniqueEmail } from '../fixtures/auth';
import { referenceFolder } from '../fixtures/reference';

/** Screenshots for a person to look at, only when asked for (E2E_SCREENSHOTS=<dir>). */
async function snap(page: Page, name: string, fullPage = true) {
  const dir = process.env.E2E_SCREENSHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage });
}

test.describe('/admin/reference', () => {
  test('a user who is not the founder sees no tab and is told the page is not theirs', async ({ page }) => {
    await signInLocally(page, { email: uniqueEmail('reference-plain'), name: 'Paula Plain' });
    await page.goto('/admin');
    await expect(page.getByTestId('admin-forbidden')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Admin sections' })).toHaveCount(0);
    await page.goto('/admin/reference');
    await expect(page.getByTestId('reference-forbidden')).toHaveText(
      'Reference imagery is managed by the system administrator.',
    );
  });

  test('the founder imports a folder of geotagged photos, sees them listed with thumbnails, and removes the import', async ({
    page,
  }) => {
    const folder = await referenceFolder('harbour-walk');
    await signInLocally(page, { email: 'founder@visionterminal.local', name: 'Vera Founder' });
    await page.goto('/admin');
    await page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Reference imagery' })
      .click();
    await expect(page).toHaveURL(/\/admin\/reference$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Reference imagery' })).toBeVisible();
    await expect(page.getByTestId('reference-empty')).toBeVisible();
    await snap(page, 'reference-empty-1280');

    // The folder as the browser's folder picker gives it: every file, with its path inside the folder.
    await page.getByTestId('reference-folder-input').setInputFiles(folder);
    await expect(page.getByRole('textbox', { name: 'Import name' })).toHaveValue('harbour-walk');
    await expect(page.getByTestId('reference-chosen')).toContainText('5 files chosen');
    // The batch's answer is held for a moment, to see the progress bar while it is on its way.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/admin/reference-imports/*/photos', async (route) => {
      if (route.request().method() === 'POST') await held;
      await route.fallback();
    });
    await page.getByRole('button', { name: 'Import 5 files' }).click();
    const bar = page.getByRole('progressbar', { name: 'Import progress' });
    // The note was never sent (not a photo by its name): 1 of 5 done before the first batch answers.
    await expect(bar).toHaveAttribute('aria-valuenow', '1');
    await expect(page.getByTestId('reference-progress')).toContainText('1 of 5 files');
    await snap(page, 'reference-progress-1280', false);
    release();

    const summary = page.getByTestId('reference-summary');
    await expect(summary.getByRole('status')).toHaveText(
      'Import “harbour-walk” finished: it holds 3 reference photos.',
      {
        timeout: 60_000,
      },
    );
    await expect(summary.getByTestId('reference-imported')).toHaveText('3');
    await expect(summary.getByTestId('reference-skipped')).toHaveText('2');
    await expect(summary.getByTestId('reference-skip-reasons')).toContainText('1 not a JPEG or HEIC photo');
    await expect(summary.getByTestId('reference-skip-reasons')).toContainText('1 no GPS position');
    await summary.getByText('Skipped files').click();
    await expect(summary.getByTestId('reference-skipped-files')).toContainText('no-gps.jpg — no GPS position');
    // Done: the choice is let go of, so the same files are not imported twice by accident.
    await expect(page.getByRole('button', { name: 'Import 5 files' })).toHaveCount(0);

    const row = page.locator('[data-testid="reference-import-row"][data-folder="harbour-walk"]');
    await expect(row.getByTestId('reference-import-photos')).toContainText('3');
    await expect(row.getByTestId('reference-import-state')).toContainText('Finished');

    await row.getByRole('button', { name: 'Show the photos of harbour-walk' }).click();
    const photos = page.getByTestId('reference-photo');
    await expect(photos).toHaveCount(3);
    await expect(page.getByTestId('reference-photos')).toContainText('day 2/lincoln-road.jpg');
    await expect(page.getByTestId('reference-photos')).toContainText('25.7784, -80.1867');
    // Each thumbnail really loaded from the founder-only endpoint (a WebP of at most 160 px a side).
    for (const img of await page.getByTestId('reference-photos').getByRole('img').all()) {
      await expect(img).toHaveJSProperty('complete', true);
      const width = await img.evaluate((el) => (el as HTMLImageElement).naturalWidth);
      expect(width).toBeGreaterThan(0);
      expect(width).toBeLessThanOrEqual(160);
    }
    await snap(page, 'reference-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, 'reference-390');
    await page.setViewportSize({ width: 1280, height: 800 });

    // The confirmation names what goes; Escape keeps it.
    await row.getByRole('button', { name: 'Remove harbour-walk…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove “harbour-walk”?' });
    await expect(dialog).toContainText('Its 3 reference photos (descriptions and thumbnails) are removed for good');
    await snap(page, 'reference-remove-1280', false);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: 'Remove harbour-walk…' }).click();
    await dialog.getByRole('button', { name: 'Remove 3 reference photos' }).click();
    await expect(page.getByTestId('reference-removed')).toHaveText(
      'Removed “harbour-walk” and its 3 reference photos.',
    );
    await expect(row).toHaveCount(0);
    await expect(page.getByTestId('reference-photos')).toHaveCount(0);
    await expect(page.getByTestId('reference-empty')).toBeVisible();
  });
});
