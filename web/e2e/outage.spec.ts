import { expect, test } from '@playwright/test';
import { expectAccessible, signUp, snap, toasts } from './support';

/**
 * While the service behind a screen answers 503 (here: the browser's calls to it are answered 503, as
 * the gateway does when billing is down), the screen says Billpoint is temporarily unavailable and retrying;
 * once the service answers again the banner goes away by itself. A write meets the outage with a clear notice.
 */
test('outage: the invoices screen says it is retrying through 503s and recovers by itself', async ({ page }, testInfo) => {
  await signUp(page, { firstName: 'Ada', lastName: 'Outage', organization: 'Resilient Ltd' });
  let down = true;
  await page.route('**/api/invoices**', async (route) => {
    if (!down) return route.fallback();
    await route.fulfill({
      status: 503,
      headers: { 'content-type': 'application/json', 'retry-after': '1' },
      body: JSON.stringify({
        statusCode: 503,
        error: 'Service Unavailable',
        message: 'The service is temporarily unavailable. Please try again in a moment.',
      }),
    });
  });
  await page.goto('/invoices');
  const status = page.getByRole('status').filter({ hasText: 'temporarily unavailable' });
  await expect(status).toHaveText('Billpoint is temporarily unavailable. Retrying…');
  await snap(page, testInfo, '01-outage-retrying');
  await expectAccessible(page, 'invoices during an outage');

  down = false;
  await expect(page.getByText('No invoices yet')).toBeVisible({ timeout: 15_000 });
  await expect(status).toHaveCount(0);
  await snap(page, testInfo, '02-outage-recovered');

  // A write during an outage: one notice, nothing retried behind the user's back.
  await page.route('**/api/customers', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 503,
          headers: { 'content-type': 'application/json', 'retry-after': '2' },
          body: '{"statusCode":503,"error":"Service Unavailable","message":"x"}',
        })
      : route.fallback(),
  );
  await page.goto('/customers/create');
  await page.getByLabel('Name').fill('During the outage');
  await page.getByLabel('Email').fill('outage@example.test');
  await page.getByRole('button', { name: 'Create Customer' }).click();
  await expect(toasts(page).getByText('Billpoint is temporarily unavailable. Please try again in a moment.')).toBeVisible();
  await snap(page, testInfo, '03-outage-write');
});
