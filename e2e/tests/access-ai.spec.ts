import { expect, test } from '@playwright/test';
import { signInLocally, uniqueEmail } from '../fixtures/auth';
import sharp from 'sharp';
import { gpsJpeg } from '../fixtures/photos';
import { snap } from '../fixtures/screenshots';

test.describe('/access-ai: analyse a photo without the map', () => {
  test('a GPS photo from Miami Beach: upload, live stages, result card, history after reload', async ({ page }) => {
    await signInLocally(page, { email: uniqueEmail('miami'), name: 'Mia Beach' });
    await page.goto('/access-ai');
    await expect(page.getByRole('heading', { name: 'Analyse a photo' })).toBeVisible();
    await expect(page.getByText('No locations yet')).toBeVisible();

    // Hold the upload briefly so the busy state can be seen.
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/photos', async (route) => {
      await held;
      await route.continue();
    });
    await page
      .getByTestId('photo-input')
      .setInputFiles({ name: 'miami-beach.jpg', mimeType: 'image/jpeg', buffer: await gpsJpeg(25.7907, -80.13) });
    const button = page.getByRole('button', { name: 'Analyzing...' });
    await expect(button).toBeVisible();
    await expect(button).toBeDisabled();
    release();

    const stages = page.getByTestId('stages');
    await expect(stages.locator('[data-stage="finished"]')).toHaveAttribute('data-status', 'done');
    for (const key of ['received', 'metadata', 'derivatives', 'locator:metadata', 'fused']) {
      await expect(stages.locator(`[data-stage="${key}"]`)).toHaveAttribute('data-status', 'done');
    }
    await expect(stages.locator('[data-stage="metadata"]')).toContainText('GPS position found');

    const card = page.getByTestId('result-card');
    await expect(card.getByTestId('coordinates')).toContainText('25.7907');
    await expect(card.getByTestId('coordinates')).toContainText('-80.1300');
    await expect(card.getByTestId('evidence')).toContainText('GPS');
    await expect(card.getByTestId('evidence')).toContainText('accuracy ±5 m');
    await expect(card.getByRole('img', { name: 'Thumbnail of miami-beach.jpg' })).toBeVisible();
    await expect(card.getByTestId('location-preview')).toBeVisible();
    await expect(card.getByRole('link', { name: 'Open in OpenStreetMap' })).toHaveAttribute(
      'href',
      /mlat=25\.790700&mlon=-80\.130000/,
    );
    await expect(page.getByRole('button', { name: 'Choose photo' })).toBeEnabled();
    await snap(page, 'access-ai-1280');

    // The history is on the server: a reload shows it, and opening it shows the stored result again.
    await page.reload();
    const recent = page.getByTestId('recent-analyses');
    await expect(recent.getByRole('button')).toHaveCount(1);
    await expect(recent).toContainText('25.7907, -80.1300');
    await recent.getByRole('button').first().click();
    await expect(page.getByTestId('result-card').getByTestId('coordinates')).toContainText('25.790700, -80.130000');

    // A phone-sized screen: nothing wider than the viewport.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('result-card')).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await snap(page, 'access-ai-390');
  });

  test('a file that is not a photo gets the server’s 415 message and no retry', async ({ page }) => {
    await signInLocally(page, { email: uniqueEmail('notes'), name: 'Nat Notes' });
    await page.goto('/access-ai');
    await page.getByTestId('photo-input').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('just some text, not a photo\n'),
    });
    const alert = page.getByTestId('analysis-error');
    await expect(alert).toContainText('"notes.txt" is not a supported photo.');
    await expect(alert.getByRole('button', { name: 'Retry' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Choose photo' })).toBeEnabled();
    await snap(page, 'access-ai-415');
  });

  test('the same photo uploaded twice says so and opens the first analysis', async ({ page }) => {
    await signInLocally(page, { email: uniqueEmail('twice'), name: 'Tess Twice' });
    await page.goto('/access-ai');
    const photo = await gpsJpeg(25.7617, -80.1918);
    const card = page.getByTestId('result-card');
    await page.getByTestId('photo-input').setInputFiles({ name: 'first.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect(card.getByTestId('coordinates')).toContainText('25.7617');
    await expect(page.getByTestId('duplicate-notice')).toHaveCount(0);

    await page.getByTestId('photo-input').setInputFiles({ name: 'again.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect(card.getByRole('img', { name: 'Thumbnail of again.jpg' })).toBeVisible();
    const notice = page.getByTestId('duplicate-notice');
    await expect(notice).toContainText('You analysed this same photo before: first.jpg');
    await snap(page, 'access-ai-duplicate-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(notice).toBeVisible();
    await snap(page, 'access-ai-duplicate-390');
    await notice.getByRole('button', { name: 'Show the first analysis' }).click();
    await expect(card.getByRole('img', { name: 'Thumbnail of first.jpg' })).toBeVisible();
    await expect(page.getByTestId('duplicate-notice')).toHaveCount(0);
  });

  test('nothing to go on reads as Not located, with the area and no pin; a photo from Paris is Outside Miami-Dade, neutral, in every list', async ({
    page,
  }) => {
    await signInLocally(page, { email: uniqueEmail('honest'), name: 'Hon Est' });
    await page.goto('/access-ai');
    const card = page.getByTestId('result-card');
    const plain = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3a5a2a' } })
      .jpeg()
      .toBuffer();
    await page
      .getByTestId('photo-input')
      .setInputFiles({ name: 'vineyard.jpg', mimeType: 'image/jpeg', buffer: plain });
    await expect(card.getByTestId('outcome-label')).toHaveText('Not located');
    await expect(card.getByTestId('outcome')).toContainText('Not located: nothing in the photo placed it');
    await expect(card.getByTestId('place-standing')).toHaveText('Not located');
    await expect(card).toContainText('Centre of the search area');
    await expect(card.getByRole('link', { name: 'Directions (OpenStreetMap)' })).toHaveCount(0);
    await expect(card.getByTestId('preview-area')).toBeVisible();
    await expect(card.getByTestId('preview-point')).toHaveCount(0);
    // The spec's name and source are kept.
    await expect(card.getByTestId('result-name')).toContainText('(General Miami Area)');
    await expect(card).toContainText('Fallback');
    await snap(page, 'access-ai-not-located-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, 'access-ai-not-located-390');
    await page.setViewportSize({ width: 1280, height: 800 });

    await page
      .getByTestId('photo-input')
      .setInputFiles({ name: 'paris.jpg', mimeType: 'image/jpeg', buffer: await gpsJpeg(48.8584, 2.2945) });
    await expect(card.getByTestId('outcome-label')).toHaveText('Outside Miami-Dade');
    await expect(card.getByTestId('outcome')).toContainText('48.8584, 2.2945');

    // The lists say it in words, never as a strong hit.
    const recent = page.getByTestId('recent-analyses');
    await expect(recent.getByTestId('standing')).toHaveText(['Outside Miami-Dade', 'Not located']);
    await page.getByRole('link', { name: 'Dashboard', exact: true }).first().click();
    const activity = page.getByTestId('recent-analysis');
    await expect(activity.getByTestId('standing')).toHaveText(['Outside Miami-Dade', 'Not located']);
    await expect(activity.first()).not.toContainText(/\d+%/);
    await snap(page, 'dashboard-standing-1280');
    await page.getByRole('button', { name: 'Your account: Hon Est' }).click();
    await page.getByRole('link', { name: 'Location history', exact: true }).click();
    await expect(page.getByTestId('location-item').getByTestId('standing')).toHaveText([
      'Outside Miami-Dade',
      'Not located',
    ]);
  });
});
