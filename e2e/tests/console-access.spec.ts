import { expect, test } from '@playwright/test';
import { signInLocally, uniqueEmail } from '../fixtures/auth';
import { snap } from '../fixtures/screenshots';

test('console access: levels below 90 keep the browser console silent; 100 opens it', async ({ page }) => {
  const logs: string[] = [];
  page.on('console', (m) => {
    if (m.text().startsWith('probe-')) logs.push(m.text());
  });
  const probe = async (text: string) => {
    const markers = logs.filter((l) => l === 'probe-marker').length;
    await page.evaluate((t) => console.log(t), text);
    // Errors are never silenced: once the marker arrives, the log before it had its chance to arrive too.
    await page.evaluate(() => console.error('probe-marker'));
    await expect.poll(() => logs.filter((l) => l === 'probe-marker').length).toBe(markers + 1);
  };

  await signInLocally(page, { email: uniqueEmail('console'), name: 'Cole Console' });
  await page.goto('/access-ai');
  const panel = page.getByTestId('console-access');
  await expect(panel.getByTestId('console-level')).toContainText('No console access');
  await probe('probe-none');

  const input = panel.getByRole('textbox', { name: 'Console access code' });
  await input.fill('not-a-console-code');
  await panel.getByRole('button', { name: 'Apply' }).click();
  await expect(panel.getByTestId('console-error')).toHaveText('Invalid access code');

  await input.fill('e2e-console-60-only-for-tests');
  await panel.getByRole('button', { name: 'Apply' }).click();
  await expect(panel.getByTestId('console-level')).toHaveText('60 · Level 60');
  await expect(panel.getByTestId('console-remaining')).toHaveText('12 months remaining');
  await probe('probe-60');

  await input.fill('E2E-CONSOLE-100-ONLY-FOR-TESTS');
  await panel.getByRole('button', { name: 'Apply' }).click();
  await expect(panel.getByTestId('console-level')).toHaveText('100 · Full console access');
  await snap(page, 'console-access-1280');
  // The gate opens when the new level is applied; the first probe after that shows.
  await expect
    .poll(async () => {
      await probe('probe-100');
      return logs.includes('probe-100');
    })
    .toBe(true);
  expect(logs.filter((l) => l !== 'probe-marker' && l !== 'probe-100')).toEqual([]);
});
