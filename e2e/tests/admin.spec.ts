import { expect, test } from '@playwright/test';
import { signInLocally, signInWithMapAccess, uniqueEmail } from '../fixtures/auth';
import { snap } from '../fixtures/screenshots';

test.describe('/admin', () => {
  test('a user who is not an admin is told so', async ({ page }) => {
    await signInLocally(page, { email: uniqueEmail('plain'), name: 'Paul Plain' });
    await page.goto('/admin');
    await expect(page.getByTestId('admin-forbidden')).toContainText('The admin panel is for the system administrator');
  });

  test('the founder sees users online, makes a code a user redeems, and reaches the map with an announcement', async ({
    page,
    browser,
  }) => {
    await signInLocally(page, { email: 'founder@visionterminal.local', name: 'Vera Founder' });
    const origin = new URL(page.url()).origin;
    expect((await page.request.delete('/api/notifications?clearAll=true', { headers: { origin } })).status()).toBe(200);

    const userContext = await browser.newContext();
    const user = await userContext.newPage();
    const email = uniqueEmail('admin-seen');
    await signInWithMapAccess(user, { email, name: 'Sam Seen' });

    await page.goto('/admin');
    const row = page.locator(`[data-testid="admin-user-row"][data-email="${email}"]`);
    await expect(row).toContainText('Sam Seen');
    await expect(row.getByTestId('admin-user-status')).toContainText('Online');
    await expect(page.getByTestId('stat-totalUsers')).toHaveText(/^\d+$/);
    const total = Number(await page.getByTestId('stat-totalUsers').textContent());
    expect(total).toBeGreaterThanOrEqual(2);
    await expect(page.getByTestId('stat-activeNow')).not.toHaveText('—');

    // A new code is shown once, then only as a hint.
    const codes = page.getByTestId('admin-codes');
    await codes.getByLabel('Tier').selectOption('miami_pro');
    const code = await codes.getByRole('textbox', { name: 'Code', exact: true }).inputValue();
    expect(code).toMatch(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/);
    await codes.getByRole('button', { name: 'Create code' }).click();
    await expect(codes.getByTestId('created-code')).toContainText(code);
    const codeRow = codes
      .getByTestId('admin-code-row')
      .filter({ hasText: code.slice(-2) })
      .filter({ hasText: 'Miami Pro' })
      .last();
    await expect(codeRow).toContainText('admin panel');

    await user.goto('/access-ai');
    const panel = user.getByTestId('access-panel');
    await panel.getByRole('textbox', { name: 'Redeem access code' }).fill(code.toLowerCase());
    await panel.getByRole('button', { name: 'Redeem' }).click();
    await expect(panel.getByTestId('redeem-success')).toContainText('Miami Pro unlocked until');
    await expect(panel.getByTestId('access-usage')).toHaveText('0 of 25 images used this week');

    await page.reload();
    await expect(codeRow).toContainText('1');
    await codeRow.getByRole('button', { name: 'Disable' }).click();
    await expect(codeRow.getByRole('button', { name: 'Enable' })).toBeVisible();

    // The user is on the map; the founder's announcement reaches it above the map within 2 s.
    await user.goto('/map');
    await expect(user.getByTestId('map')).toBeVisible();
    const composer = page.getByTestId('announcement-composer');
    await composer.getByLabel('Title').fill('Map update tonight');
    await composer.getByLabel('Message').fill('New neighbourhood outlines arrive at 22:00.');
    await expect(composer.getByTestId('announcement-banner')).toContainText('Map update tonight');
    await snap(page, 'admin-1280');
    await composer.getByRole('button', { name: 'Publish' }).click();
    const banner = user.getByTestId('announcement-banner');
    await expect(banner).toBeVisible({ timeout: 2_000 });
    // Above the map: the topmost element at the banner's centre belongs to the banner.
    const box = (await banner.boundingBox())!;
    const onTop = await user.evaluate(
      ({ x, y }) => Boolean(document.elementFromPoint(x, y)?.closest('[data-testid="announcement-banner"]')),
      { x: box.x + box.width / 2, y: box.y + box.height / 2 },
    );
    expect(onTop).toBe(true);
    await snap(user, 'map-announcement-1280', false);
    await user.setViewportSize({ width: 390, height: 844 });
    await snap(user, 'map-announcement-390', false);
    await banner.getByRole('button', { name: /Dismiss/ }).click();
    await expect(banner).toHaveCount(0);

    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, 'admin-390');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Cleanup counts first; nothing here is 90 days old, so nothing is offered for deletion.
    const cleanup = page.getByTestId('admin-cleanup');
    await cleanup.getByRole('button', { name: 'Count inactive users' }).click();
    await expect(cleanup.getByTestId('cleanup-result')).toContainText('No users have been inactive since');
    await expect(cleanup.getByRole('button', { name: /^Delete/ })).toHaveCount(0);

    await page.request.delete('/api/notifications?clearAll=true', { headers: { origin } });
    await userContext.close();
  });
});
