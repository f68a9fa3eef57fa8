import { expect, test } from '@playwright/test';
import { signInLocally, uniqueEmail } from '../fixtures/auth';

test.describe('activity tracking', () => {
  test('a burst of 503s: three attempts, then the queue; the next heartbeat delivers it', async ({ page, browser }) => {
    const email = uniqueEmail('burst');
    await signInLocally(page, { email, name: 'Burst Person' });
    // The page's own timers run on a controlled clock from here: the 2 s start, the 2 s/4 s backoff and the
    // 2-minute heartbeat are stepped through, not waited for.
    await page.clock.install();
    let failuresLeft = 3;
    const seen: Array<{ action: string; status: number }> = [];
    await page.route('**/api/users/activity', async (route) => {
      const action = (route.request().postDataJSON() as { action: string }).action;
      if (failuresLeft > 0) {
        failuresLeft--;
        seen.push({ action, status: 503 });
        await route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: '{"error":{"code":"unavailable","message":"busy"}}',
        });
        return;
      }
      const response = await route.fetch();
      seen.push({ action, status: response.status() });
      await route.fulfill({ response });
    });
    await page.goto('/dashboard');
    await expect(page.getByRole('button', { name: 'Sign Out' }).first()).toBeVisible();

    const queue = () =>
      page.evaluate(() => JSON.parse(localStorage.getItem('vt.activity.queue') ?? '[]') as Array<{ action: string }>);
    await page.clock.runFor(2_000);
    await expect.poll(() => seen.length).toBe(1);
    await page.clock.runFor(2_000);
    await expect.poll(() => seen.length).toBe(2);
    await page.clock.runFor(4_000);
    await expect.poll(() => seen.length).toBe(3);
    expect(seen.map((s) => `${s.action} ${s.status}`)).toEqual(['user_login 503', 'user_login 503', 'user_login 503']);
    await expect.poll(async () => (await queue()).map((e) => e.action)).toEqual(['user_login']);

    await page.clock.runFor(120_000);
    await expect.poll(() => seen.at(-1)).toEqual({ action: 'user_login', status: 200 });
    await expect.poll(async () => (await queue()).length).toBe(0);

    // The founder sees the delivered event in the activity log.
    const founder = await (await browser.newContext()).newPage();
    await signInLocally(founder, { email: 'founder@visionterminal.local', name: 'Vera Founder' });
    const log = (await (await founder.request.get('/api/admin/activity')).json()) as {
      entries: Array<{ action: string | null; userEmail: string | null }>;
    };
    expect(log.entries.some((e) => e.action === 'user_login' && e.userEmail === email)).toBe(true);
  });
});
