import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signUp, snap, uniqueEmail } from './support';
import { fillDemoCard, payLinkFromMail, sendInvoice } from './pay-support';

/** Within a second of the payer's "Payment Successful!": no reload, the live stream brings it. */
const LIVE_MS = 1_000;

/** Opens `path` and waits until its live stream (GET /api/live) is open. */
async function openLive(page: Page, path: string) {
  const stream = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/live' && r.status() === 200);
  await page.goto(path);
  await stream;
}

/**
 * Live figures: the owner has the dashboard, the invoice list and the invoice open in three tabs; the customer pays
 * on the public pay page (demo mode) in a browser of their own; every tab shows the payment within a second, without
 * a reload.
 */
test('a payment on the pay page updates the open dashboard, invoice list and invoice within a second', async ({
  page,
  context,
  browser,
}, testInfo) => {
  await signUp(page, { firstName: 'Samir', lastName: 'Nagheenanajar', organization: 'Initech Live' });
  const email = uniqueEmail('live');
  const { invoiceNumber, invoiceUrl } = await sendInvoice(page, {
    customer: 'Penetrode',
    email,
    items: [{ description: 'Jump to conclusions mat', quantity: '5', rate: '25' }],
  });
  const link = payLinkFromMail(join(process.env.BILLPOINT_E2E_DATA_DIR!, 'outbox'), email);

  const dashboard = page;
  await openLive(dashboard, '/');
  const revenue = dashboard.getByTestId('stat-total-revenue').getByTestId('stat-value');
  const outstanding = dashboard.getByTestId('stat-outstanding').getByTestId('stat-value');
  const recent = dashboard.getByTestId('recent-invoice').filter({ hasText: invoiceNumber });
  await expect(revenue).toHaveText('$0.00');
  await expect(outstanding).toHaveText('$125.00');
  await expect(recent).toContainText('Sent');

  const list = await context.newPage();
  await openLive(list, '/invoices');
  const row = list.getByTestId('invoice-row').filter({ hasText: invoiceNumber });
  await expect(row).toContainText('Sent');

  const view = await context.newPage();
  await openLive(view, invoiceUrl);
  const badge = view.locator('[data-slot="badge"]').first();
  await expect(badge).toHaveText('Sent');
  await expect(view.getByTestId('invoice-payment')).toHaveCount(0);
  await snap(dashboard, testInfo, '01-dashboard-before');

  // The customer pays it all, signed out, in a browser of their own.
  const payer = await browser.newContext();
  const pay = await payer.newPage();
  await pay.goto(link);
  await fillDemoCard(pay, '4242 4242 4242 4242');
  await pay.getByRole('button', { name: 'Pay $125.00' }).click();
  await expect(pay.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();

  // The owner's tabs, none reloaded, within a second of the answer.
  await Promise.all([
    expect(revenue).toHaveText('$125.00', { timeout: LIVE_MS }),
    expect(outstanding).toHaveText('$0.00', { timeout: LIVE_MS }),
    expect(recent).toContainText('Paid', { timeout: LIVE_MS }),
    expect(row).toContainText('Paid', { timeout: LIVE_MS }),
    expect(badge).toHaveText('Paid', { timeout: LIVE_MS }),
    expect(view.getByTestId('invoice-payment')).toHaveCount(1, { timeout: LIVE_MS }),
  ]);
  await snap(dashboard, testInfo, '02-dashboard-after');
  await snap(list, testInfo, '03-list-after');
  await snap(view, testInfo, '04-invoice-after');
  await payer.close();
});
