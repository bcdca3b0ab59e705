import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, signUp, snap, uniqueEmail } from './support';
import { expectInvoiceStatus, sendInvoice } from './pay-support';

/**
 * Analytics: a sent invoice paid in two parts by hand (cash, bank transfer) and a EUR invoice marked paid, then the
 * analytics screen: the KPI cards, Currency Breakdown, the tabs, switching period and currency (the figures follow),
 * Export (the CSV downloaded and read), and the demo modal run to its recommendations. Through the gateway, as
 * `npm start` runs it.
 */
const card = (page: Page, id: string) => page.getByTestId(`summary-${id}`).getByTestId('summary-value');

async function recordPayment(page: Page, amount: string, method: string) {
  await page.getByRole('button', { name: 'Record payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record payment' });
  await dialog.getByLabel('Amount (USD)').fill(amount);
  await dialog.getByRole('combobox', { name: 'Payment method' }).click();
  await page.getByRole('option', { name: method }).click();
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(dialog).toBeHidden();
}

test('analytics: figures from invoices and payments, period and currency, export, demo', async ({ page }, testInfo) => {
  test.setTimeout(150_000);
  await signUp(page, { firstName: 'Ana', lastName: 'Lytics', organization: 'Numbers Ltd' });

  // The empty screen
  await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'Analytics' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics & Reports' })).toBeVisible();
  await expect(card(page, 'total-revenue')).toHaveText('$0.00');
  await expect(page.getByText('No revenue in this period')).toBeVisible();
  await snap(page, testInfo, '01-analytics-empty');

  // A USD invoice paid by hand in two parts, and a EUR invoice made through the API and marked paid
  const { invoiceUrl } = await sendInvoice(page, {
    customer: 'Peter Payer',
    email: uniqueEmail('peter'),
    items: [{ description: 'Audit', quantity: '3', rate: '100' }],
  });
  await recordPayment(page, '100', 'Cash');
  await recordPayment(page, '200', 'Bank transfer');
  await expectInvoiceStatus(page, invoiceUrl, 'Paid');
  const customerId = Number((await (await page.request.get('/api/customers')).json())[0].id);
  const headers = { 'X-Requested-With': 'XMLHttpRequest' };
  const eur = await page.request.post('/api/invoices', {
    headers,
    data: {
      invoice: {
        customerId,
        currency: 'EUR',
        exchangeRate: '1', // not the day's reference rate (1.10): the figures below are at 1
        dueDate: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
      },
      items: [{ description: 'Workshop', quantity: '1', rate: '80.00' }],
    },
  });
  expect(eur.status()).toBe(201);
  const eurId = (await eur.json()).id;
  const paid = await page.request.put(`/api/invoices/${eurId}`, {
    headers,
    data: { customerId, status: 'paid', items: [{ description: 'Workshop', quantity: '1', rate: '80.00' }] },
  });
  expect(paid.status()).toBe(200);

  await page.goto('/analytics');
  await expect(card(page, 'total-revenue')).toHaveText('$380.00'); // 300 USD + 80 EUR at rate 1
  await expect(card(page, 'active-customers')).toHaveText('1');
  await expect(card(page, 'payment-success-rate')).toHaveText('100.0%');
  await expect(page.getByTestId('currency-row')).toHaveText(['USD$300.00', 'EUR€80.00']);
  await expect(page.getByTestId('analytics-recent-invoice')).toHaveCount(2);
  await snap(page, testInfo, '02-analytics-invoices');
  await expectAccessible(page, 'analytics');

  await page.getByRole('tab', { name: 'Payments' }).click();
  await expect(page.getByTestId('payment-method-row')).toHaveText(['Bank transfer1$200.00', 'Cash1$100.00']);
  await snap(page, testInfo, '03-analytics-payments');
  await page.getByRole('tab', { name: 'Customers' }).click();
  await expect(page.getByTestId('top-customer-row')).toHaveText(['Peter Payer—$380.00']);
  await page.getByRole('tab', { name: 'Performance' }).click();
  await expect(page.getByTestId('figure-customerAcquisitionCost').getByTestId('figure-value')).toContainText('—');
  await page.getByTestId('figure-customerAcquisitionCost').getByRole('button').hover();
  await expect(page.getByRole('tooltip')).toContainText('acquisition cost cannot be computed');
  await expect(page.getByTestId('figure-customerRetentionRate').getByTestId('figure-value')).toHaveText('100.0%');
  await snap(page, testInfo, '04-analytics-performance');
  await expectAccessible(page, 'analytics performance');

  // Period and currency: EUR only, the last 7 days
  await page.getByRole('combobox', { name: 'Period' }).click();
  await page.getByRole('option', { name: 'Last 7 days' }).click();
  await page.getByRole('combobox', { name: 'Currency' }).click();
  await page.getByRole('option', { name: 'EUR' }).click();
  await expect(card(page, 'total-revenue')).toHaveText('€80.00');
  await expect(card(page, 'payment-success-rate')).toHaveText('100.0%');
  await page.getByRole('combobox', { name: 'Currency' }).click();
  await page.getByRole('option', { name: 'GBP' }).click();
  await expect(card(page, 'total-revenue')).toHaveText('£0.00');
  await page.getByRole('combobox', { name: 'Currency' }).click();
  await page.getByRole('option', { name: 'USD' }).click();
  await expect(card(page, 'total-revenue')).toHaveText('$300.00');
  await snap(page, testInfo, '05-analytics-usd-7d');

  // Export: the CSV of what is shown
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^analytics-7d-USD-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path())!, 'utf8').split('\r\n');
  expect(csv.some((l) => /^Period,Last 7 days,from \d{4}-\d{2}-\d{2}$/.test(l))).toBe(true);
  expect(csv).toContain('Total Revenue (USD),300.00');
  expect(csv).toContain('Cash,1,100.00');
  expect(csv).toContain('Bank transfer,1,200.00');
  expect(csv).toContain('Peter Payer,,300.00');

  // The AI demo belongs to the AI Insights page, not to the figures of this one.
  await expect(page.getByRole('button', { name: 'Watch Demo' })).toHaveCount(0);
});
