import { expect, test } from '@playwright/test';
import { signInLocally, signInThroughPages, uniqueEmail } from '../fixtures/auth';

test.describe('sign-in through the built-in local provider', () => {
  test('a person signs in, sees their name and signs out', async ({ page }) => {
    const email = uniqueEmail('ada');
    await signInThroughPages(page, { email, name: 'Ada Lovelace' });
    // The avatar carries the person's name; no outside avatar service is used.
    await expect(page.getByRole('img', { name: /Ada Lovelace/ }).first()).toBeVisible();
    await expect(page.getByTestId('nav-user-name').first()).toHaveText('Ada Lovelace');
    await expect(page.getByRole('link', { name: 'Dashboard' }).first()).toBeVisible();

    await page.goto('/dashboard');
    await expect(page.locator('#main').getByText(email)).toBeVisible();
    await expect(page.getByText(/Good (morning|afternoon|evening), Ada/)).toBeVisible();

    await page.getByRole('button', { name: 'Sign Out' }).first().click();
    await expect(page.getByRole('button', { name: 'Sign In' }).first()).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    const session = await page.request.get('/api/auth/session');
    expect((await session.json()).authenticated).toBe(false);
  });

  test('the local sign-in page is marked as local and offers the seeded accounts', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign In' }).first().click();
    await expect(page).toHaveURL(/\/local-idp\//);
    await expect(page.getByText(/local sign-in/i).first()).toBeVisible();
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect(page.getByLabel('Name')).toBeVisible();
    await expect(page.getByRole('button', { name: /founder@visionterminal\.local/ })).toBeVisible();
  });

  test('the seeded founder signs in with one click and is the admin', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign In' }).first().click();
    await page.getByRole('button', { name: /founder@visionterminal\.local/ }).click();
    await expect(page.getByRole('button', { name: 'Sign Out' }).first()).toBeVisible();
    await page.goto('/dashboard');
    await expect(page.getByText('System Admin')).toBeVisible();
  });

  test('a signed-out visitor to a protected route is sent home', async ({ page }) => {
    for (const path of ['/dashboard', '/settings', '/analysis-history', '/admin', '/map', '/access-ai']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
    }
  });

  test('sign-in returns to where the person was going on the pricing page', async ({ page }) => {
    await page.goto('/pricing?plans=1');
    await page
      .getByRole('button', { name: /Starter/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/local-idp\//);
    await page.getByLabel('Email').fill(uniqueEmail('plan'));
    await page.getByLabel('Name').fill('Plan Person');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/pricing\?plan=starter$/);
  });

  test('a provider error shows Auth Error with Clear Cache, and clearing returns home', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('@@auth0spajs@@::stale', 'x'));
    await page.goto('/?error=access_denied&error_description=User%20cancelled');
    await expect(page.getByText('Auth Error')).toBeVisible();
    // In words: what happened, and a way on.
    await expect(page.getByTestId('auth-error-message')).toContainText('Sign-in did not finish. User cancelled');
    await expect(page.getByTestId('auth-error-message').getByRole('button', { name: 'Sign in again' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => localStorage.getItem('@@auth0spajs@@::stale'))).toBeNull();
    await page.getByRole('link', { name: 'Clear Cache' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Sign In' }).first()).toBeVisible();
  });

  test('opened at 127.0.0.1 while PUBLIC_URL says localhost: the page moves to localhost first, and sign-in works', async ({
    page,
    baseURL,
  }) => {
    const loopback = baseURL!.replace('localhost', '127.0.0.1');
    expect(loopback).not.toBe(baseURL);
    // A plain HTTP client at that address still gets the page itself (the move happens in the browser).
    const plain = await page.request.get(`${loopback}/`, { maxRedirects: 0 });
    expect(plain.status()).toBe(200);
    expect(await plain.text()).toContain('<div id="root"');
    await page.goto(`${loopback}/dashboard`);
    await expect(page).toHaveURL(new RegExp(`^${baseURL!.replace(/[.]/g, '\\.')}/`));
    await page.getByRole('button', { name: 'Sign in to continue' }).click();
    await expect(page).toHaveURL(/\/local-idp\//);
    await page.getByLabel('Email').fill(uniqueEmail('loopback'));
    await page.getByLabel('Name').fill('Lou Pback');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Auth Error')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: /Lou/ })).toBeVisible();
  });

  test('a sign-in that comes back to another window says so in words and offers to sign in again', async ({ page }) => {
    await page.goto('/?error=login_mismatch');
    await expect(page.getByTestId('auth-error-message')).toContainText('at another address of this site');
    await page.getByTestId('auth-error-message').getByRole('button', { name: 'Sign in again' }).click();
    await expect(page).toHaveURL(/\/local-idp\//);
  });

  test('an expired session on an API call shows Session Expired with Go to Home', async ({
    page,
    context,
    baseURL,
  }) => {
    await signInLocally(page, { email: uniqueEmail('exp'), name: 'Expiring Person' });
    // The server forgets the session (as after expiry); the browser still holds the old cookie.
    const cookies = await context.cookies();
    const session = cookies.find((c) => c.name === 'vt_session');
    expect(session).toBeDefined();
    await context.addCookies(
      [{ ...session!, value: 'expired-or-unknown-token', url: baseURL }].map(({ domain: _d, path: _p, ...c }) => c),
    );
    await page.goto('/dashboard');
    await expect(page.getByText('Session Expired')).toBeVisible();
    await page
      .getByRole('button', { name: 'Go to Home' })
      .or(page.getByRole('link', { name: 'Go to Home' }))
      .click();
    await expect(page).toHaveURL(/\/$/);
  });
});
