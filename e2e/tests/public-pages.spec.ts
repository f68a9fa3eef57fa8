import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';

// Screenshots of every public page at desktop and phone width, kept as artifacts to look at.
const pages: Array<[string, RegExp]> = [
  ['/', /Miami-Dade/i],
  ['/products', /Vision Terminal/i],
  ['/pricing', /free/i],
  ['/terms', /terms/i],
  ['/privacy', /privacy/i],
  ['/terms-acceptance', /terms/i],
  ['/about', /county/i],
  ['/contact', /in touch/i],
  ['/docs', /doc/i],
  ['/support', /support/i],
  ['/status', /status/i],
  ['/auth0-debug', /sign-in details/i],
];
const dir = join(import.meta.dirname, '..', 'artifacts', 'screenshots');
mkdirSync(dir, { recursive: true });

for (const width of [1280, 390]) {
  test.describe(`public pages at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 500 ? 900 : 844 } });
    for (const [path, heading] of pages) {
      test(`${path} renders`, async ({ page }) => {
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(e.message));
        page.on(
          'console',
          (m) => m.type() === 'error' && !/Failed to load resource/.test(m.text()) && errors.push(m.text()),
        );
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toContainText(heading);
        // Nothing wider than the screen at phone width.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await page.screenshot({
          path: join(dir, `${path === '/' ? 'home' : path.slice(1)}-${width}.png`),
          fullPage: true,
        });
        expect(errors).toEqual([]);
      });
    }
  });
}

test('accuracy is quoted only from benchmark output, else "not yet measured"', async ({ page, request }) => {
  const latest = await (await request.get('/api/benchmarks/latest')).json();
  await page.goto('/products');
  if (latest.accuracy === null) await expect(page.getByText(/not yet measured/i).first()).toBeVisible();
  else await expect(page.getByText(latest.accuracy.benchmark).first()).toBeVisible();
});

test('/status shows the live health of the server', async ({ page }) => {
  await page.goto('/status');
  await expect(page.getByText(/operational|ok|reachable/i).first()).toBeVisible();
});
