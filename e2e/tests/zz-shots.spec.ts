import { test } from '@playwright/test';

for (const width of [1280, 390]) {
  test(`products reached from the navigation at ${width}`, async ({ page }) => {
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    await page.goto('/');
    const link = page.getByRole('link', { name: 'Products' }).first();
    if (!(await link.isVisible())) await page.getByRole('button', { name: /menu/i }).first().click();
    await page.getByRole('link', { name: 'Products' }).first().click();
    await page.waitForURL('**/products');
    await page.getByText('Without GPS').first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/shots/products-${width}.png`, fullPage: false });
  });
}
