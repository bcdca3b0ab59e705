import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { expectAccessible, signUp, snap, toasts, uniqueEmail } from './support';
import { SIZES } from './viewport-support';

/**
 * Exchange rates as a user clicks them, through the gateway as `npm start` runs it, whose daily job read
 * the ECB fixture from the stand-in (1 EUR = 1.10 USD, 0.88 GBP, 165 JPY… on 2026-11-20): Settings → Exchange rates
 * lists the rates in force with their source, a rate is edited by hand (and refused with the field named when it is
 * not a number); a EUR invoice shows the rate it takes and its total in USD, and once paid the dashboard counts it as
 * $110.00 with the euros beside it. Both screens at 390 and 1280 px with axe.
 */
const rateRow = (page: Page, currency: string) => page.getByTestId('rate-row').filter({ hasText: currency });

async function openRates(page: Page) {
  await page.goto('/settings');
  await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Exchange rates' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Exchange rates', exact: true })).toBeVisible();
  await expect(page.getByTestId('rate-row').first()).toBeVisible();
}

async function bothSizes(page: Page, testInfo: TestInfo, name: string) {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page, `${name} at ${size.width} px`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${name} scrolls sideways at ${size.width} px`).toBeLessThanOrEqual(0);
    await snap(page, testInfo, `${name}-${size.width}`);
  }
  await page.setViewportSize(SIZES[1]);
}

test('exchange rates: the reference rates, a manual rate, a EUR invoice in USD on the dashboard', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await signUp(page, { firstName: 'Fiona', lastName: 'Forex', organization: 'Forex Ltd' });

  // The rates in force today: the fixture's day, from the ECB, in the base currency (USD).
  await openRates(page);
  await expect(page.getByTestId('base-currency')).toContainText('Base currency: USD');
  await expect(rateRow(page, 'EUR').getByTestId('rate-value')).toHaveText('1.1');
  await expect(rateRow(page, 'EUR').getByTestId('rate-source')).toHaveText('ECB');
  await expect(rateRow(page, 'GBP').getByTestId('rate-value')).toHaveText('1.25');
  await expect(rateRow(page, 'JPY').getByTestId('rate-value')).toHaveText('0.0066666667');
  await expect(page.getByTestId('rate-row')).toHaveCount(6); // EUR, JPY, GBP, CAD, AUD, CHF
  await bothSizes(page, testInfo, '01-exchange-rates');

  // Before the first reference day: none.
  await page.getByLabel('Rates in force on').fill('2026-11-19');
  await expect(page.getByTestId('rates-empty')).toHaveText('No exchange rates in force on November 19, 2026 yet.');
  await page.getByLabel('Rates in force on').fill(new Date().toISOString().slice(0, 10));
  await expect(page.getByTestId('rate-row')).toHaveCount(6);

  // A rate by hand: a word is refused on the field, a number is kept as Manual.
  await page.getByRole('button', { name: 'Edit rate of GBP' }).click();
  await expect(page.getByLabel('Currency')).toHaveValue('GBP');
  await expect(page.getByLabel('Rate (USD per unit)')).toHaveValue('1.25');
  await page.getByLabel('Rate (USD per unit)').fill('one point three');
  await page.getByRole('button', { name: 'Save rate' }).click();
  await expect(page.getByText('Rate must be a number, like 1,234.56')).toBeVisible();
  await snap(page, testInfo, '02-exchange-rate-invalid');
  await page.getByLabel('Rate (USD per unit)').fill('1.3');
  await page.getByRole('button', { name: 'Save rate' }).click();
  await expect(toasts(page).getByText('Exchange rate saved', { exact: true })).toBeVisible();
  await expect(rateRow(page, 'GBP').getByTestId('rate-value')).toHaveText('1.3');
  await expect(rateRow(page, 'GBP').getByTestId('rate-source')).toHaveText('Manual');
  await snap(page, testInfo, '03-exchange-rate-manual');

  // A EUR invoice: the form shows the rate in force and the total in USD.
  const customer = await page.request.post('/api/customers', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { name: 'Europa GmbH', email: uniqueEmail('europa') },
  });
  expect(customer.status()).toBe(201);
  await page.goto('/invoices/create');
  await page.getByRole('combobox', { name: 'Customer' }).click();
  await page.getByRole('option', { name: /Europa GmbH/ }).click();
  await page.getByRole('combobox', { name: 'Currency' }).click();
  await page.getByRole('option', { name: 'EUR' }).click();
  await page.getByLabel('Description (item 1)').fill('Workshop');
  await page.getByLabel('Qty (item 1)').fill('1');
  await page.getByLabel('Rate (item 1)').fill('100');
  await expect(page.getByTestId('invoice-total')).toContainText('€100.00');
  await expect(page.getByTestId('rate-in-force')).toContainText('1 EUR = 1.1 USD (ECB, November 20, 2026)');
  await expect(page.getByLabel('Exchange rate (USD per EUR)')).toHaveAttribute('placeholder', '1.1');
  await expect(page.getByTestId('total-in-base')).toHaveText('$110.00');
  await bothSizes(page, testInfo, '04-invoice-create-eur');
  await page.getByRole('button', { name: 'Create Invoice' }).click();
  await expect(page).toHaveURL(/\/invoices$/);

  // Its view: the rate it was made at and its total in USD; then paid through the edit form.
  const [invoice] = (await (await page.request.get('/api/invoices')).json()) as { id: number }[];
  await page.goto(`/invoices/${invoice!.id}`);
  await expect(page.getByTestId('invoice-total-in-base')).toHaveText('$110.00');
  await expect(page.getByText('1 EUR = 1.1 USD')).toBeVisible();
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await expect(page.getByLabel('Exchange rate (USD per EUR)')).toHaveValue('1.100000');
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Paid' }).click();
  await page.getByRole('button', { name: 'Update Invoice' }).click();
  await expect(toasts(page).getByText('Invoice updated successfully.', { exact: true })).toBeVisible();

  // The dashboard counts it in USD, the euros beside.
  await page.goto('/');
  const revenue = page.getByTestId('stat-total-revenue');
  await expect(revenue.getByTestId('stat-value')).toHaveText('$110.00');
  await expect(revenue.getByRole('list', { name: 'Total Revenue by currency' }).getByRole('listitem')).toHaveText(['€100.00$110.00']);
  await bothSizes(page, testInfo, '05-dashboard-eur');
});
