import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { signInLocally, signInWithMapAccess, uniqueEmail } from '../fixtures/auth';
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

  test('the evidence report downloads from the result card, the analysis history and the map popup', async ({
    page,
  }) => {
    await signInWithMapAccess(page, { email: uniqueEmail('report'), name: 'Rita Report' });
    const photo = await gpsJpeg(25.7907, -80.13, { width: 800, height: 600 });
    const sha256 = createHash('sha256').update(photo).digest('hex');
    const go = async (link: string) => {
      await page.getByRole('button', { name: 'Your account: Rita Report' }).click();
      await page.getByRole('link', { name: link, exact: true }).click();
    };

    // Analyse a photo: the result card offers the report once the analysis has finished.
    await go('Analyse a photo');
    await page
      .getByTestId('photo-input')
      .setInputFiles({ name: 'Ocean Drive.jpg', mimeType: 'image/jpeg', buffer: photo });
    const card = page.getByTestId('result-card');
    await expect(card.getByRole('button', { name: 'Download report (PDF)' })).toBeVisible({ timeout: 30_000 });
    const pdf = await saved(page, () => card.getByRole('button', { name: 'Download report (PDF)' }).click());
    expect(pdf.name).toMatch(/^evidence-report-Ocean-Drive-[0-9a-f]{8}\.pdf$/);
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const json = await saved(page, () => card.getByRole('button', { name: 'JSON version of the report' }).click());
    expect(json.name).toMatch(/\.json$/);
    const report = JSON.parse(json.bytes.toString('utf8')) as {
      file: { sha256: string; fileName: string };
      events: { chain: { intact: boolean } };
    };
    expect(report.file).toMatchObject({ sha256, fileName: 'Ocean Drive.jpg' });
    expect(report.events.chain.intact).toBe(true);
    await shots(page, 'report-result-card');

    // The analysis history: each finished row has it, reachable and used by keyboard.
    await go('Analysis history');
    const row = page.getByTestId('history-item').first();
    const button = row.getByRole('button', { name: 'Download report (PDF)' });
    await button.focus();
    const fromHistory = await saved(page, () => page.keyboard.press('Enter'));
    expect(fromHistory.name).toBe(pdf.name);
    expect(fromHistory.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await shots(page, 'report-history');

    // The map: the result popup of a new analysis.
    await go('Map');
    await expect(page.getByTestId('map')).toHaveAttribute('data-map-ready', 'true', { timeout: 30_000 });
    await page
      .getByTestId('map-file-input')
      .setInputFiles({ name: 'lummus.jpg', mimeType: 'image/jpeg', buffer: await gpsJpeg(25.7812, -80.1311) });
    const popup = page.getByTestId('result-popup');
    await expect(popup).toBeVisible({ timeout: 30_000 });
    const fromMap = await saved(page, () => popup.getByRole('button', { name: 'Download report (PDF)' }).click());
    expect(fromMap.name).toMatch(/^evidence-report-lummus-[0-9a-f]{8}\.pdf$/);
    expect(fromMap.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await shots(page, 'report-map-popup', { fullPage: false });
  });
});

/** The file a click makes the browser save: its name and bytes. */
async function saved(page: Page, click: () => Promise<unknown>): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: download.suggestedFilename(), bytes: await readFile((await download.path())!) };
}

/** At 1280 and 390 px: nothing wider than a phone's screen, and screenshots when asked for (E2E_SCREENSHOTS). */
async function shots(page: Page, name: string, opts: { fullPage?: boolean } = {}) {
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(400);
    if (width === 390)
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
    if (process.env.E2E_SCREENSHOTS)
      await page.screenshot({
        path: `${process.env.E2E_SCREENSHOTS}/${name}-${width}.png`,
        fullPage: opts.fullPage ?? true,
      });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}
