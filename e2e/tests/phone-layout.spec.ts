import { expect, test, type Page } from '@playwright/test';
import { signInWithMapAccess, uniqueEmail } from '../fixtures/auth';
import { gpsJpeg } from '../fixtures/photos';
import { addIndexItems, uploadAndWait } from '../fixtures/map';

const PUBLIC = [
  '/',
  '/products',
  '/pricing',
  '/terms',
  '/privacy',
  '/about',
  '/contact',
  '/docs',
  '/support',
  '/status',
];
const SIGNED_IN = [
  '/dashboard',
  '/access-ai',
  '/map',
  '/trips',
  '/analysis-history',
  '/settings',
  '/location-history',
  '/analytics',
];
const FOUNDER = ['/founder-dashboard', '/database', '/dev-tools', '/projects', '/railway', '/api-reference', '/admin'];

/** A place name as long as real ones get (a neighbourhood, a municipality and a note). */
const LONG_NAME = 'Little Havana Riverside East, City of Miami, by the Tower Theater and Domino Park on Calle Ocho';

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
}

/** Pixels the page scrolls sideways; 0 when everything fits the phone's width. */
const overflow = (page: Page) =>
  page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - window.innerWidth);

/**
 * Controls (links, buttons, fields) on screen whose centre the announcement covers: an element outside the banner
 * that the banner sits on top of.
 */
const coveredControls = (page: Page) =>
  page.evaluate(() => {
    const banner = document.querySelector('[data-testid="announcement-overlay"], [data-testid="announcement-banner"]');
    if (!banner) return ['no banner'];
    const covered: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('a, button, input, select, textarea'))) {
      if (banner.contains(el)) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) continue;
      const top = document.elementFromPoint(x, y);
      if (top && banner.contains(top))
        covered.push((el.getAttribute('aria-label') ?? el.textContent ?? el.tagName).trim().slice(0, 40));
    }
    return covered;
  });

async function publish(page: Page) {
  const origin = new URL(page.url()).origin;
  await page.request.delete('/api/notifications?clearAll=true', { headers: { origin } });
  const res = await page.request.post('/api/notifications', {
    headers: { origin },
    data: {
      title: 'Scheduled maintenance',
      message: 'Analyses pause tonight from 22:00 to 22:30 while the database is upgraded.',
      priority: 'urgent',
    },
  });
  expect(res.status()).toBe(201);
}

test.describe('phones: every page fits 390 px and the banner covers no control', () => {
  test('as the founder with data present, then as a user, then signed out', async ({ page, browser }) => {
    test.setTimeout(240_000);
    await signInWithMapAccess(page, { email: 'founder@visionterminal.local', name: 'Vera Founder' });
    await uploadAndWait(page, 'lummus.jpg', await gpsJpeg(25.7781, -80.1301, { width: 800, height: 600 }));
    await addIndexItems(page, [{ name: LONG_NAME, lat: 25.7656, lng: -80.2197 }]);
    await page.request.post('/api/locations/create', {
      headers: { origin: new URL(page.url()).origin },
      data: { location_name: LONG_NAME, coordinates: { lat: 25.7656, lng: -80.2197 }, address: LONG_NAME },
    });
    await publish(page);
    await page.setViewportSize({ width: 390, height: 844 });

    const failures: string[] = [];
    const visit = async (p: Page, path: string, who: string) => {
      await p.goto(path);
      await settle(p);
      const sideways = await overflow(p);
      if (sideways > 0) {
        const culprits = await p.evaluate(() =>
          Array.from(document.querySelectorAll<HTMLElement>('body *'))
            .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1 && el.children.length < 4)
            .slice(0, 6)
            .map(
              (el) =>
                `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)} [${Math.round(el.getBoundingClientRect().width)}]`,
            ),
        );
        failures.push(`${who} ${path}: scrolls ${sideways}px sideways (${culprits.join('; ')})`);
      }
      const covered = await coveredControls(p);
      if (covered.length) failures.push(`${who} ${path}: the banner covers ${covered.join(' | ')}`);
      const dir = process.env.E2E_SCREENSHOTS;
      if (dir && who === 'founder' && ['/dashboard', '/location-history', '/founder-dashboard'].includes(path))
        await p.screenshot({ path: `${dir}/phone-${path.slice(1)}-390.png`, fullPage: true });
    };

    for (const path of [...PUBLIC, ...SIGNED_IN, ...FOUNDER]) await visit(page, path, 'founder');

    // The phone menu opens over the banner: its first item is not covered.
    await page.goto('/dashboard');
    await settle(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const covered = await coveredControls(page);
    if (covered.length) failures.push(`phone menu: the banner covers ${covered.join(' | ')}`);
    if (process.env.E2E_SCREENSHOTS)
      await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/phone-menu-390.png` });

    // /map with the index sheet open.
    await page.goto('/map');
    await expect(page.getByTestId('map')).toHaveAttribute('data-map-ready', 'true', { timeout: 30_000 });
    await page.getByRole('button', { name: /^Location Index/ }).click();
    await expect(page.getByTestId('index-sidebar')).toBeVisible();
    await page.waitForTimeout(400);
    const onMap = await coveredControls(page);
    if (process.env.E2E_SCREENSHOTS)
      await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/phone-map-banner-390.png` });
    if (onMap.length) failures.push(`/map with the index: the banner covers ${onMap.join(' | ')}`);

    const userContext = await browser.newContext();
    const user = await userContext.newPage();
    await signInWithMapAccess(user, { email: uniqueEmail('phone'), name: 'Pho Ne' });
    await uploadAndWait(user, 'downtown.jpg', await gpsJpeg(25.7617, -80.1918, { width: 800, height: 600 }));
    await user.setViewportSize({ width: 390, height: 844 });
    for (const path of SIGNED_IN) await visit(user, path, 'user');
    await userContext.close();

    const visitorContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const visitor = await visitorContext.newPage();
    for (const path of PUBLIC) await visit(visitor, path, 'visitor');
    // Signed out, the spec's banner is there too (its GET is public).
    await expect(visitor.getByTestId('announcement-banner')).toContainText('Scheduled maintenance');
    await visitorContext.close();

    await page.request.delete('/api/notifications?clearAll=true', { headers: { origin: new URL(page.url()).origin } });
    expect(failures).toEqual([]);
  });
});
