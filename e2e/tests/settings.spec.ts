import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { signInLocally, uniqueEmail } from '../fixtures/auth';
import { gpsJpeg } from '../fixtures/photos';
import { snapWidths } from '../fixtures/screenshots';

test.describe('/settings', () => {
  test('changing the name shows in the navigation after a reload', async ({ page }) => {
    await signInLocally(page, { email: uniqueEmail('settings-name'), name: 'Sam Before' });
    await page.goto('/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    const name = page.getByRole('textbox', { name: 'Name', exact: true });
    await expect(name).toHaveValue('Sam Before');
    const zone = page.getByLabel('Time zone');
    await expect(zone).toHaveValue('America/New_York');
    await name.fill('Sam After');
    await page.getByRole('textbox', { name: 'Company' }).fill('Acme Surveys');
    await zone.selectOption('Europe/Berlin');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Profile saved.')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('nav-user-name').first()).toHaveText('Sam After');
    await expect(page.getByRole('textbox', { name: 'Company' })).toHaveValue('Acme Surveys');
    await expect(page.getByLabel('Time zone')).toHaveValue('Europe/Berlin');

    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('   ');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Name cannot be empty')).toBeVisible();
  });

  test('export downloads JSON with the profile', async ({ page }) => {
    const email = uniqueEmail('settings-export');
    await signInLocally(page, { email, name: 'Ella Export' });
    await page.goto('/settings');
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export my data' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^vision-terminal-export-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(readFileSync((await download.path())!, 'utf8'));
    expect(data.profile.email).toBe(email);
    expect(data.profile.name).toBe('Ella Export');
    expect(Array.isArray(data.analyses)).toBe(true);
  });

  test('deleting the account signs out here and at the provider, and says so; signing in again asks who, then starts a new, empty account', async ({
    page,
  }) => {
    const email = uniqueEmail('settings-delete');
    await signInLocally(page, { email, name: 'Dee Delete' });
    const res = await page.request.post('/api/photos', {
      headers: { origin: new URL(page.url()).origin },
      multipart: {
        photo: {
          name: 'x.jpg',
          mimeType: 'image/jpeg',
          buffer: await gpsJpeg(25.7781, -80.1301, { width: 800, height: 600 }),
        },
      },
    });
    expect(res.status()).toBe(202);
    await page.goto('/settings');
    const opener = page.getByRole('button', { name: 'Delete my account' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();

    await opener.click();
    const confirm = dialog.getByRole('button', { name: 'Delete my account' });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('E-mail address').fill('someone-else@example.com');
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('E-mail address').fill(email);
    await confirm.click();

    await expect(page).toHaveURL(/\/$/, { timeout: 15_000 });
    await expect(page.getByTestId('account-deleted')).toContainText(
      'You are signed out here and at the sign-in provider',
    );
    for (const [width, height] of [
      [1280, 800],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      if (process.env.E2E_SCREENSHOTS)
        await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/home-account-deleted-${width}.png` });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.getByRole('button', { name: 'Sign In' }).first()).toBeVisible();
    expect((await page.request.get('/api/users/profile')).status()).toBe(401);

    // The provider's session ended too: Sign In shows its form rather than signing the person straight back in.
    await page.getByRole('button', { name: 'Sign In' }).first().click();
    await expect(page).toHaveURL(/\/local-idp\//);
    await expect(page.getByLabel('Email')).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Name').fill('Dee Again');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Sign Out' }).first()).toBeVisible();
    const session = (await (await page.request.get('/api/auth/session')).json()) as {
      user: { email: string; analysisCount: number };
    };
    expect(session.user.email).toBe(email);
    expect(session.user.analysisCount).toBe(0);
    await page.goto('/dashboard');
    await expect(page.getByTestId('stat-total')).toContainText('0');
    await expect(page.getByText('No analyses yet')).toBeVisible();
  });

  for (const width of [1280, 390]) {
    test(`looks right at ${width} px`, async ({ page }) => {
      await signInLocally(page, { email: uniqueEmail('settings-shot'), name: 'Shawn Shot' });
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/settings');
      await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Shawn Shot');
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth).toBeLessThanOrEqual(width);
      await page.screenshot({ path: test.info().outputPath(`settings-${width}.png`), fullPage: true });
      await page.getByRole('button', { name: 'Delete my account' }).click();
      await page.screenshot({ path: test.info().outputPath(`settings-dialog-${width}.png`) });
    });
  }
});

test.describe('/settings: places seen before', () => {
  test('on by default; turning it off offers deleting the remembered places, with a confirmation; it stays off', async ({
    page,
  }) => {
    await signInLocally(page, { email: uniqueEmail('settings-gallery'), name: 'Gail Gallery' });
    // A GPS photo inside the county is remembered.
    const res = await page.request.post('/api/photos', {
      headers: { origin: new URL(page.url()).origin },
      multipart: {
        photo: {
          name: 'g.jpg',
          mimeType: 'image/jpeg',
          buffer: await gpsJpeg(25.7781, -80.1301, { width: 800, height: 600 }),
        },
      },
    });
    expect(res.status()).toBe(202);
    await expect
      .poll(async () => (await (await page.request.get('/api/gallery/settings')).json()).entries, { timeout: 30_000 })
      .toBe(1);

    await page.goto('/settings');
    const toggle = page.getByRole('switch', { name: 'Use my located photos to recognise places' });
    await expect(toggle).toBeChecked();
    await expect(page.getByText('On. 1 remembered place.')).toBeVisible();
    await snapWidths(page, 'settings-gallery-on');

    await toggle.click();
    await expect(toggle).not.toBeChecked();
    await expect(page.getByText('Delete your 1 remembered place too? This cannot be undone.')).toBeVisible();
    await snapWidths(page, 'settings-gallery-off-confirm');
    await page.getByRole('button', { name: 'Delete 1 remembered place' }).click();
    await expect(page.getByText('1 remembered place deleted.')).toBeVisible();
    await expect(
      page.getByText(/Off: nothing new is remembered and photos are not compared\. 0 remembered places kept\./),
    ).toBeVisible();

    await page.reload();
    await expect(page.getByRole('switch', { name: 'Use my located photos to recognise places' })).not.toBeChecked();

    // /privacy explains it.
    await page.goto('/privacy');
    const section = page.getByRole('heading', { name: 'Places your photos show (the gallery)' });
    await expect(section).toBeVisible();
    await expect(page.getByText('The picture itself is not kept for this.')).toBeVisible();
    await section.scrollIntoViewIfNeeded();
    if (process.env.E2E_SCREENSHOTS)
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await section.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/privacy-gallery-${width}.png` });
      }
  });
});
