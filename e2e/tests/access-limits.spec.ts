import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { signInLocally, uniqueEmail } from '../fixtures/auth';
import { snap } from '../fixtures/screenshots';

const smallJpeg = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#2f6f8f' } })
    .jpeg()
    .toBuffer();

test.describe('/access-ai: weekly limits and access codes', () => {
  test('a founder makes a code; a user redeems it and sees the limits change', async ({ page, browser }) => {
    const code = `E2E-${Date.now().toString(36).toUpperCase()}-BETA`;
    await signInLocally(page, { email: 'founder@visionterminal.local', name: 'Vera Founder' });
    const origin = new URL(page.url()).origin;
    const created = await page.request.post('/api/admin/access-codes', {
      headers: { origin },
      data: { kind: 'limits', code, tier: 'beta' },
    });
    expect(created.status()).toBe(201);

    const context = await browser.newContext();
    const user = await context.newPage();
    await signInLocally(user, { email: uniqueEmail('limits'), name: 'Lina Limits' });
    await user.goto('/access-ai');
    const panel = user.getByTestId('access-panel');
    await expect(panel.getByTestId('access-usage')).toHaveText('0 of 5 images used this week');
    await expect(panel.getByTestId('access-remaining')).toHaveText('5');
    await expect(panel.getByTestId('access-reset')).toContainText('Monday');
    await snap(user, 'access-panel-1280');

    const input = panel.getByRole('textbox', { name: 'Redeem access code' });
    await input.fill('NOT-A-CODE');
    await panel.getByRole('button', { name: 'Redeem' }).click();
    await expect(panel.getByTestId('redeem-error')).toHaveText('Invalid access code');

    await input.fill(code.toLowerCase());
    await panel.getByRole('button', { name: 'Redeem' }).click();
    await expect(panel.getByTestId('redeem-success')).toContainText('Beta Tester unlocked until');
    await expect(panel.getByTestId('access-usage')).toHaveText('0 of 15 images used this week');
    await expect(panel.getByTestId('access-remaining')).toHaveText('15');

    await input.fill(code);
    await panel.getByRole('button', { name: 'Redeem' }).click();
    await expect(panel.getByTestId('redeem-error')).toHaveText('Code already redeemed');
    await user.setViewportSize({ width: 390, height: 844 });
    await snap(user, 'access-panel-390');
    await context.close();
  });

  test('after five images the week is used up and the page says why and until when', async ({ page }) => {
    await signInLocally(page, { email: uniqueEmail('quota'), name: 'Quinn Quota' });
    const origin = new URL(page.url()).origin;
    const photo = await smallJpeg();
    for (let i = 0; i < 5; i++) {
      const res = await page.request.post('/api/photos', {
        headers: { origin },
        multipart: { photo: { name: `p${i}.jpg`, mimeType: 'image/jpeg', buffer: photo } },
      });
      expect(res.status()).toBe(202);
    }
    const refused = await page.request.post('/api/photos', {
      headers: { origin },
      multipart: { photo: { name: 'p6.jpg', mimeType: 'image/jpeg', buffer: photo } },
    });
    expect(refused.status()).toBe(429);
    const body = (await refused.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('weekly_limit_reached');
    expect(body.error.message).toContain('Your weekly limit resets on Monday');

    await page.goto('/access-ai');
    const panel = page.getByTestId('access-panel');
    await expect(panel.getByTestId('access-usage')).toHaveText('5 of 5 images used this week');
    await expect(panel.getByTestId('access-remaining')).toHaveText('0');
    await expect(panel.getByTestId('access-refusal')).toContainText(
      'You have used all 5 images of your weekly limit. Uploads open again on Monday',
    );
    await snap(page, 'access-panel-used-up-1280');

    // Choosing a sixth photo in the page is refused with the server's reason, and no retry is offered.
    await page.getByTestId('photo-input').setInputFiles({ name: 'p7.jpg', mimeType: 'image/jpeg', buffer: photo });
    const error = page.getByTestId('analysis-error');
    await expect(error).toContainText('You have used all 5 images of your weekly limit');
    await expect(error).toContainText('Your weekly limit resets on Monday');
    await expect(error.getByRole('button', { name: /retry/i })).toHaveCount(0);
    await snap(page, 'access-upload-refused-1280');
  });
});
