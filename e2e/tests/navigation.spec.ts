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
