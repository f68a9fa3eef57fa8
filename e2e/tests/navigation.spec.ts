import { expect, test } from '@playwright/test';
import { signInLocally, signInWithMapAccess, uniqueEmail } from '../fixtures/auth';

test('the navigation bar turns compact after 20 px of scroll', async ({ page }) => {
  await page.goto('/');
  const header = page.locator('header[data-compact]');
  await expect(header).toHaveAttribute('data-compact', 'false');
  await page.evaluate(() => window.scrollTo(0, 10));
  await expect(header).toHaveAttribute('data-compact', 'false');
  await page.evaluate(() => window.scrollTo(0, 200));
  await expect(header).toHaveAttribute('data-compact', 'true');
});

test('signed out shows Home, Products, Pricing and Sign In; signed in adds Dashboard and Launch VT', async ({
  page,
}) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const name of ['Home', 'Products', 'Pricing'])
    await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  await signInLocally(page, { email: uniqueEmail('nav'), name: 'Nav Person' });
  await expect(nav.getByRole('link', { name: 'Dashboard' }).first()).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Launch VT' }).first()).toBeVisible();
});

test('the mobile menu opens and closes by keyboard at phone width', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'Open menu' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('link', { name: 'Pricing' }).last()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
});

test('the site navigation is hidden on /map', async ({ page }) => {
  await signInWithMapAccess(page, { email: uniqueEmail('map'), name: 'Map Person' });
  await page.goto('/map');
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
});

test('unknown pages show the 404 page; unknown API paths answer JSON 404', async ({ page, request }) => {
  await page.goto('/no-such-page');
  await expect(page.getByText(/not found/i).first()).toBeVisible();
  const api = await request.get('/api/no-such-endpoint');
  expect(api.status()).toBe(404);
  expect(await api.json()).toMatchObject({ error: { code: 'not_found' } });
});

test('the avatar opens a menu that reaches every signed-in page; Escape closes it', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInLocally(page, { email: uniqueEmail('menu'), name: 'Menu Person' });
  const avatar = page.getByRole('button', { name: 'Your account: Menu Person' });
  await avatar.click();
  await expect(avatar).toHaveAttribute('aria-expanded', 'true');
  for (const name of [
    'Dashboard',
    'Analyse a photo',
    'Map',
    'Trips',
    'Analysis history',
    'Location history',
    'Verify a file',
    'Settings',
  ])
    await expect(page.getByRole('link', { name, exact: true }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(avatar).toHaveAttribute('aria-expanded', 'false');
  await expect(avatar).toBeFocused();

  await avatar.click();
  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(avatar).toHaveAttribute('aria-expanded', 'false');
  await avatar.click();
  await page.getByRole('link', { name: 'Location history', exact: true }).click();
  await expect(page).toHaveURL(/\/location-history$/);
});

test('the founder’s menu also leads to Admin', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInLocally(page, { email: 'founder@visionterminal.local', name: 'Vera Founder' });
  await page.getByRole('button', { name: /^Your account:/ }).click();
  await page.getByRole('link', { name: 'Admin', exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);
});

test('at phone width the menu holds the account pages too', async ({ page }) => {
  await signInLocally(page, { email: uniqueEmail('phone-menu'), name: 'Phone Person' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  const account = page.getByRole('group', { name: 'Your account' });
  for (const name of ['Analyse a photo', 'Analysis history', 'Location history', 'Settings'])
    await expect(account.getByRole('link', { name, exact: true })).toBeVisible();
  await account.getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(page).toHaveURL(/\/settings$/);
});

test('a signed-out visitor sent home from a signed-in page comes back to it after signing in', async ({ page }) => {
  await page.goto('/location-history');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('status').filter({ hasText: 'Sign in to open /location-history' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign In' }).first().click();
  await expect(page).toHaveURL(/\/local-idp\//);
  await page.getByLabel('Email').fill(uniqueEmail('return'));
  await page.getByLabel('Name').fill('Return Person');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/location-history$/);
});
