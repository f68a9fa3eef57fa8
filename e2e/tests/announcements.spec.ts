import { expect, test } from '@playwright/test';
import { signInLocally, uniqueEmail } from '../fixtures/auth';

test.describe('announcement banner', () => {
  test('a founder posts; another signed-in browser shows it at once; dismiss sticks across reloads', async ({
    page,
    browser,
  }) => {
    await signInLocally(page, { email: 'founder@visionterminal.local', name: 'Vera Founder' });
    const origin = new URL(page.url()).origin;
    // A clean start: announcements are global, so an earlier run's must not show first.
    expect((await page.request.delete('/api/notifications?clearAll=true', { headers: { origin } })).status()).toBe(200);

    const userContext = await browser.newContext();
    const user = await userContext.newPage();
    await signInLocally(user, { email: uniqueEmail('reader'), name: 'Rita Reader' });
    await user.goto('/dashboard');
    await expect(user.getByTestId('announcement-banner')).toHaveCount(0);

    await page.goto('/dashboard');
    const composer = page.getByTestId('announcement-composer');
    await composer.getByLabel('Title').fill('Scheduled maintenance');
    await composer.getByLabel('Message').fill('Analyses pause tonight from 22:00 to 22:30.');
    await composer.getByLabel('Priority').selectOption('urgent');
    await composer.getByLabel('Action link (optional)').fill('/settings');
    await composer.getByLabel('Action text').fill('Details');
    await expect(composer.getByTestId('announcement-banner')).toContainText('Scheduled maintenance');
    await composer.getByRole('button', { name: 'Publish' }).click();
    await expect(composer.getByText('Published.')).toBeVisible();

    // Pushed over the stream: well inside the 30 s poll.
    const banner = user.getByTestId('announcement-banner');
    await expect(banner).toBeVisible({ timeout: 2_000 });
    await expect(banner).toContainText('Scheduled maintenance');
    await expect(banner).toHaveAttribute('data-priority', 'urgent');
    await expect(banner.getByRole('link', { name: 'Details' })).toHaveAttribute('href', '/settings');

    for (const [width, height] of [
      [1280, 800],
      [390, 844],
    ] as const) {
      await user.setViewportSize({ width, height });
      await user.screenshot({ path: `test-results/announcement-${width}.png` });
    }

    await user.setViewportSize({ width: 1280, height: 800 });
    await banner.getByRole('button', { name: /Dismiss/ }).click();
    await expect(banner).toHaveCount(0);
    await user.reload();
    await expect(user.getByRole('button', { name: 'Sign Out' }).first()).toBeVisible();
    // The poll and stream deliver it again; the read id keeps it hidden.
    await expect
      .poll(async () => (await user.request.get('/api/notifications')).json())
      .toMatchObject({ current: { title: 'Scheduled maintenance' } });
    await user.waitForTimeout(500);
    await expect(banner).toHaveCount(0);

    await page.request.delete('/api/notifications?clearAll=true', { headers: { origin } });
    await userContext.close();
  });
});
