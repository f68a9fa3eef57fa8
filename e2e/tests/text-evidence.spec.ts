import { expect, test, type Page } from '@playwright/test';
import { signInLocally, uniqueEmail } from '../fixtures/auth';
import { blurredBladePhoto, signWithVagueGps, streetSignPhoto } from '../fixtures/photos';

/** Screenshots for a person to look at, only when asked for (E2E_SCREENSHOTS=<dir>). */
async function snap(page: Page, name: string) {
  const dir = process.env.E2E_SCREENSHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

test.describe('text evidence: a photo located by the sign in it', () => {
  for (const width of [1280, 390]) {
    test(`the OCR boxes show on the photo and name the match (${width} px)`, async ({ page }) => {
      test.setTimeout(120_000);
      await signInLocally(page, { email: uniqueEmail('sign'), name: 'Sign Reader' });
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/access-ai');
      await page
        .getByTestId('photo-input')
        .setInputFiles({ name: 'corner.jpg', mimeType: 'image/jpeg', buffer: await streetSignPhoto() });

      const stages = page.getByTestId('stages');
      await expect(stages.locator('[data-stage="finished"]')).toHaveAttribute('data-status', 'done', {
        timeout: 90_000,
      });
      await expect(stages.locator('[data-stage="locator:text"]')).toContainText('Text in the photo');

      const card = page.getByTestId('result-card');
      // The grid model's corner (within ~100 m of the real one; the street grid's fit moves it by metres, not blocks).
      await expect(card.getByTestId('coordinates')).toContainText('25.76');
      await expect(card.getByTestId('coordinates')).toContainText('-80.23');
      await expect(card.getByTestId('evidence')).toContainText('the corner of SW 8 St & SW 27 Ave');

      const text = card.getByTestId('text-evidence');
      await text.scrollIntoViewIfNeeded();
      await expect(text.getByRole('img', { name: 'corner.jpg with the text that was read outlined' })).toBeVisible();
      // The two blades name the corner; the hundred-block number on SW 8 ST confirms it (at least three lines used:
      // the other blade's number may confirm it too).
      await expect
        .poll(() => text.locator('[data-testid="ocr-box"][data-used="true"]').count())
        .toBeGreaterThanOrEqual(3);
      await expect(text.getByTestId('text-matches')).toContainText('SW 8 St & SW 27 Ave');
      // The words as read: a scene-text reader may run them together ("SW8ST").
      await expect(text.getByTestId('text-matches')).toContainText(/“SW ?8 ?ST” \+ “SW ?27 ?AVE”/);
      await expect(text.getByTestId('text-matches')).toContainText('2700 block of SW 8 St');
      // The boxes sit on the photo where the sign is (x 30–66%).
      const photo = await text.getByRole('img').boundingBox();
      for (const box of await text.locator('[data-testid="ocr-box"][data-used="true"]').all()) {
        const b = (await box.boundingBox())!;
        expect(b.x).toBeGreaterThan(photo!.x + photo!.width * 0.25);
        expect(b.x + b.width).toBeLessThan(photo!.x + photo!.width * 0.75);
      }
      await snap(page, `text-evidence-${width}`);
    });
  }

  for (const width of [1280, 390]) {
    test(`a small blurred blade is made out as a street sign, and the match says what was seen (${width} px)`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await signInLocally(page, { email: uniqueEmail('blur'), name: 'Blur Reader' });
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/access-ai');
      await page
        .getByTestId('photo-input')
        .setInputFiles({ name: 'small-sign.jpg', mimeType: 'image/jpeg', buffer: await blurredBladePhoto() });
      const card = page.getByTestId('result-card');
      await expect(card.getByTestId('evidence')).toContainText('the corner of NW 109 St & NW 98 Ave', {
        timeout: 90_000,
      });
      const text = card.getByTestId('text-evidence');
      await text.scrollIntoViewIfNeeded();
      await expect(text.getByTestId('text-matches')).toContainText('NW 109 St & NW 98 Ave');
      await expect(text.getByTestId('text-seen')).toContainText('Made out as a street sign from “');
      await snap(page, `text-evidence-made-out-${width}`);
    });
  }

  test("rival places are numbered pins on the result card's small map, each with its probability", async ({ page }) => {
    test.setTimeout(120_000);
    await signInLocally(page, { email: uniqueEmail('rivals'), name: 'Riva Ls' });
    await page.goto('/access-ai');
    await page
      .getByTestId('photo-input')
      .setInputFiles({ name: 'two-places.jpg', mimeType: 'image/jpeg', buffer: await signWithVagueGps() });
    const card = page.getByTestId('result-card');
    const preview = card.getByTestId('location-preview');
    await expect(preview).toBeVisible({ timeout: 90_000 });
    await expect(preview).toContainText(/1 · \d+%/);
    const rival = card.getByTestId('preview-candidate').first();
    await expect(rival.locator('text').first()).toHaveText('2');
    await expect(rival.locator('text').last()).toHaveText(/^\d+%$/);
    await expect(rival.locator('title')).toHaveText(/^Candidate 2: .+, \d+%$/);
    await snap(page, 'result-card-candidates-1280');
  });
});
