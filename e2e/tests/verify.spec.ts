import { expect, test } from '@playwright/test';
import { signInLocally, uniqueEmail } from '../fixtures/auth';
import { gpsJpeg } from '../fixtures/photos';
import { uploadAndWait } from '../fixtures/map';

test.describe('/verify: is this the file I analysed?', () => {
  test('the same bytes name the analysis and when it was received; a re-saved copy does not match', async ({
    page,
  }) => {
    await signInLocally(page, { email: uniqueEmail('verify'), name: 'Vera Fy' });
    const original = await gpsJpeg(25.7907, -80.13, { width: 800, height: 600 });
    await uploadAndWait(page, 'evidence.jpg', original);

    await page.getByRole('button', { name: 'Your account: Vera Fy' }).click();
    await page.getByRole('link', { name: 'Verify a file', exact: true }).click();
    await expect(page).toHaveURL(/\/verify$/);
    await expect(page.getByRole('heading', { name: 'Verify a file' })).toBeVisible();

    await page
      .getByTestId('verify-input')
      .setInputFiles({ name: 'from-archive.jpg', mimeType: 'image/jpeg', buffer: original });
    const match = page.getByTestId('verify-match');
    await expect(match).toContainText('The same file was analysed once');
    await expect(match).toContainText('evidence.jpg');
    await expect(match).toContainText('Miami Beach');
    await expect(page.getByTestId('verify-sha256')).toHaveText(/^[0-9a-f]{64}$/);

    const resaved = await gpsJpeg(25.7907, -80.13, { width: 800, height: 601 });
    await page
      .getByTestId('verify-input')
      .setInputFiles({ name: 'resaved.jpg', mimeType: 'image/jpeg', buffer: resaved });
    await expect(page.getByTestId('verify-none')).toContainText('Not analysed under your account.');
    await expect(page.getByTestId('verify-match')).toHaveCount(0);

    for (const [width, height] of [
      [1280, 800],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      if (process.env.E2E_SCREENSHOTS)
        await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/verify-${width}.png`, fullPage: true });
    }
  });
});
