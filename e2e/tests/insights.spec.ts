import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { signInLocally, uniqueEmail } from '../fixtures/auth';
import { snapWidths } from '../fixtures/screenshots';

/** Records analyses through the data API with the page's session (no photo needed for these pages). */
async function createAnalyses(
  page: Page,
  items: Array<{ name: string; lat: number; lng: number; confidence: number }>,
) {
  const origin = new URL(page.url()).origin;
  const ids: string[] = [];
  for (const { name, lat, lng, confidence } of items) {
    const res = await page.request.post('/api/analysis/create', {
      headers: { origin },
      data: { analysis_result: { name, lat, lng, confidence } },
    });
    expect(res.status()).toBe(201);
    ids.push(((await res.json()) as { analysis: { id: string } }).analysis.id);
  }
  return ids;
}

const PLACES = [
  { name: 'Brickell City Centre', lat: 25.7668, lng: -80.1929, confidence: 0.95 },
  { name: 'Lummus Park', lat: 25.7781, lng: -80.1301, confidence: 0.62 },
  { name: 'Miracle Mile', lat: 25.7496, lng: -80.2613, confidence: 0.35 },
];

test.describe('data pages', () => {
  test('a user: own analytics with charts, founder pages refused, database panel empty then filled', async ({
    page,
  }) => {
    await signInLocally(page, { email: uniqueEmail('insights'), name: 'Ina Insights' });
    await page.goto('/database');
    await expect(page.getByTestId('database-statistics')).toContainText('No statistics available');

    await page.goto('/founder-dashboard');
    await expect(page.getByTestId('founder-only')).toBeVisible();
    await expect(page.getByTestId('chart-top-places')).toHaveCount(0);
    await expect(page.getByTestId('database-analytics')).toHaveCount(0);
    await snapWidths(page, 'founder-dashboard-user');

    await createAnalyses(page, PLACES);
    await page.goto('/analytics');
    await expect(page.getByTestId('analytics-total')).toContainText('3');
    const perDay = page.getByTestId('chart-analyses-per-day');
    await expect(perDay.getByRole('img', { name: /^Analyses per day: 3 analyses in the last 30 days/ })).toBeVisible();
    await expect(
      page.getByTestId('chart-confidence').getByRole('img', { name: /Confidence distribution/ }),
    ).toBeVisible();
    // The same figures as a table for screen readers.
    await expect(page.getByTestId('chart-confidence').locator('table tbody tr')).toHaveCount(5);
    await expect(page.getByTestId('chart-usage-by-hour').getByRole('img')).toBeVisible();
    await snapWidths(page, 'analytics');

    await page.goto('/database');
    const panel = page.getByTestId('database-statistics');
    await expect(panel).toContainText('Your rows');
    await expect(panel.getByRole('row', { name: /^Analyses 3/ })).toBeVisible();
    await expect(panel.getByRole('row', { name: /Users/ })).toHaveCount(0);
    await snapWidths(page, 'database-user');

    await page.goto('/railway');
    await expect(page.getByTestId('health-facts')).toContainText('OK');
    await expect(page.getByTestId('deployment-facts')).toContainText('for the system administrator');
  });

  test('the founder: founder dashboard charts and analytics, database-wide panel, deployment facts', async ({
    page,
  }) => {
    await signInLocally(page, { email: 'founder@visionterminal.local', name: 'Vera Founder' });
    await createAnalyses(page, PLACES);
    await page.goto('/founder-dashboard');
    await expect(page.getByTestId('founder-users')).toContainText(/\d+ active now/);
    for (const id of ['chart-confidence', 'chart-analyses-per-day', 'chart-usage-by-hour', 'chart-top-places']) {
      await expect(page.getByTestId(id).getByRole('img')).toBeVisible();
    }
    await expect(page.getByTestId('chart-top-places').getByRole('img')).toHaveAttribute(
      'aria-label',
      /^Top places: the \d+ most analysed places/,
    );
    const analytics = page.getByTestId('database-analytics');
    await expect(analytics).toContainText('User Feedback');
    await expect(analytics).toContainText('Notifications');
    await expect(analytics).toContainText(/API calls\s*\d/);
    await snapWidths(page, 'founder-dashboard');

    await page.goto('/database');
    const panel = page.getByTestId('database-statistics');
    await expect(panel).toContainText('Whole database');
    await expect(panel.getByRole('row', { name: /^Users \d+/ })).toBeVisible();
    await snapWidths(page, 'database-founder');

    await page.goto('/railway');
    const facts = page.getByTestId('deployment-facts');
    await expect(facts).toContainText('Node.js');
    await expect(facts).toContainText(process.versions.node.split('.')[0]!);
    await expect(facts).toContainText('Migrations');
    await snapWidths(page, 'railway-founder');
  });

  test('location history lists, searches and exports; analysis history filters, rates, categorises and exports', async ({
    page,
  }) => {
    await signInLocally(page, { email: uniqueEmail('histories'), name: 'Hugo Histories' });
    const [brickell] = await createAnalyses(page, PLACES);

    await page.goto('/location-history');
    await expect(page.getByTestId('location-item')).toHaveCount(3);
    await page.getByRole('searchbox', { name: 'Search places' }).fill('miracle');
    await expect(page.getByTestId('location-item')).toHaveCount(1);
    await expect(page.getByTestId('location-item')).toContainText('Miracle Mile');
    await page.getByRole('searchbox', { name: 'Search places' }).fill('');
    const [locations] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export All' }).click(),
    ]);
    const exportedLocations = JSON.parse(readFileSync((await locations.path())!, 'utf8')) as {
      locations: { location_name: string }[];
    };
    expect(exportedLocations.locations.map((l) => l.location_name).sort()).toEqual(PLACES.map((p) => p.name).sort());
    await snapWidths(page, 'location-history');

    await page.goto('/analysis-history');
    await expect(page.getByTestId('history-item')).toHaveCount(3);
    await page.getByLabel('Confidence').selectOption('high');
    await expect(page.getByTestId('history-item')).toHaveCount(1);
    await expect(page.getByTestId('history-item')).toContainText('Brickell City Centre');
    await page.getByLabel('Confidence').selectOption('low');
    await expect(page.getByTestId('history-item')).toHaveCount(1);
    await expect(page.getByTestId('history-item')).toContainText('Miracle Mile');
    await page.getByLabel('To', { exact: true }).fill('2020-01-01');
    await expect(page.getByText('No analyses match your search')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page.getByTestId('history-item')).toHaveCount(3);
    await snapWidths(page, 'analysis-history-filters');

    // Export all: every analysis, parsed back.
    const [all] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export All' }).click(),
    ]);
    expect(all.suggestedFilename()).toMatch(/^analysis-history-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(readFileSync((await all.path())!, 'utf8')) as {
      exportedAt: string;
      analyses: { id: string }[];
    };
    expect(exported.analyses).toHaveLength(3);
    expect(exported.analyses.map((a) => a.id)).toContain(brickell);
    expect(Date.parse(exported.exportedAt)).not.toBeNaN();

    // Rate and categorise one analysis in its details; the project page lists it.
    await page
      .getByTestId('history-item')
      .filter({ hasText: 'Brickell City Centre' })
      .getByRole('button', { name: 'Details' })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('radio', { name: '4 of 5' }).click();
    await dialog.getByLabel('Comment (optional)').fill('Right block');
    await dialog.getByLabel('Categories (comma-separated)').fill('Client visit, towers');
    await dialog.getByRole('button', { name: 'Save rating and categories' }).click();
    await expect(dialog.getByText('Saved')).toBeVisible();
    await snapWidths(page, 'analysis-details-rating');
    const feedback = (await (await page.request.get(`/api/analysis/${brickell}/feedback`)).json()) as {
      feedback: { rating: number; comment: string };
    };
    expect(feedback.feedback).toMatchObject({ rating: 4, comment: 'Right block' });
    await page.keyboard.press('Escape');

    await page.goto('/projects');
    await expect(page.getByRole('button', { name: /client visit/i })).toBeVisible();
    await expect(page.getByTestId('project-analyses')).toContainText('Brickell City Centre');
    await snapWidths(page, 'projects');
  });

  test('location history pages by 20: Next, the range, Previous', async ({ page }) => {
    await signInLocally(page, { email: uniqueEmail('pages'), name: 'Paige Pages' });
    const origin = new URL(page.url()).origin;
    for (let i = 1; i <= 23; i++) {
      const res = await page.request.post('/api/locations/create', {
        headers: { origin },
        data: {
          location_name: `Place ${String(i).padStart(2, '0')}`,
          coordinates: { lat: 25.76 + i / 1000, lng: -80.19 },
        },
      });
      expect(res.status()).toBe(201);
    }
    await page.getByRole('button', { name: 'Your account: Paige Pages' }).click();
    await page.getByRole('link', { name: 'Location history', exact: true }).click();
    const pages = page.getByRole('navigation', { name: 'Pages' });
    await expect(pages).toContainText('1–20 of 23');
    await expect(pages.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await expect(page.getByTestId('location-item')).toHaveCount(20);
    await pages.getByRole('button', { name: 'Next' }).click();
    await expect(pages).toContainText('21–23 of 23');
    await expect(page.getByTestId('location-item')).toHaveCount(3);
    await expect(pages.getByRole('button', { name: 'Next' })).toBeDisabled();
    await pages.getByRole('button', { name: 'Previous' }).click();
    await expect(pages).toContainText('1–20 of 23');
  });

  test('dev tools: console access and the API reference generated from the contracts', async ({ page }) => {
    await signInLocally(page, { email: uniqueEmail('dev'), name: 'Devi Tools' });
    await page.goto('/dev-tools');
    await expect(page.getByTestId('console-access')).toContainText('No console access');
    await snapWidths(page, 'dev-tools');
    await page.getByRole('link', { name: 'Open the API reference' }).click();
    await expect(page).toHaveURL(/\/api-reference$/);
    await expect(page.getByTestId('api-operation').filter({ hasText: '/api/analysis/nearby' })).toContainText('radius');
    await expect(page.getByTestId('api-operation').filter({ hasText: '/api/api-usage/stats' })).toBeVisible();
    // The photo upload is a multipart form of files, not a JSON body.
    const upload = page.getByTestId('api-operation').filter({ hasText: 'Upload one or more photos' });
    await expect(upload).toContainText('Body (multipart/form-data)');
    await expect(upload).toContainText('photo: file[]');
    expect(await page.getByTestId('api-operation').count()).toBeGreaterThanOrEqual(30);
    await snapWidths(page, 'api-reference');
  });
});
