import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { expectAccessible, signUp, snap, uniqueEmail } from './support';
import { SIZES } from './viewport-support';

/**
 * Quotes and credit notes in the base currency, with the reference rates of the stand-in (1 EUR = 1.10 USD
 * on 2026-11-20): a EUR quote shows the rate it takes and its Total in USD, its edit form the rate it keeps; a credit
 * note of a EUR invoice shows its total in USD at the invoice's rate. Both screens at 390 and 1280 px with axe.
 */
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const DAY = '2026-11-20';

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

test('a EUR quote and a credit note of a EUR invoice show their totals in USD', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await signUp(page, { firstName: 'Quentin', lastName: 'Quote', organization: 'Quote Forex Ltd' });
  const customer = await page.request.post('/api/customers', { headers: XHR, data: { name: 'Europa GmbH', email: uniqueEmail('europa') } });
  expect(customer.status()).toBe(201);
  const customerId = ((await customer.json()) as { id: number }).id;
  const work = [{ description: 'Workshop', quantity: '1', rate: '100' }];

  // A EUR quote dated on the fixture's day takes 1.10: its view shows the rate and $110.00.
  const quote = await page.request.post('/api/quotes', {
    headers: XHR,
    data: { quote: { customerId, currency: 'EUR', issueDate: DAY, validUntil: '2099-12-31' }, items: work },
  });
  expect(quote.status(), await quote.text()).toBe(201);
  const quoteId = ((await quote.json()) as { id: number }).id;
  await page.goto(`/quotes/${quoteId}`);
  await expect(page.getByTestId('quote-total-in-base')).toHaveText('$110.00');
  await expect(page.getByText('Total in USD')).toBeVisible();
  await expect(page.getByText('1 EUR = 1.1 USD')).toBeVisible();
  await bothSizes(page, testInfo, '01-quote-eur');

  // Its edit form: the rate it keeps, and the total in USD.
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await expect(page.getByLabel('Exchange rate (USD per EUR)')).toHaveValue('1.100000');
  await expect(page.getByTestId('total-in-base')).toHaveText('$110.00');
  await bothSizes(page, testInfo, '02-quote-edit-eur');

  // A credit note of a EUR invoice at 1.10: 50.00 EUR is $55.00.
  const invoice = await page.request.post('/api/invoices', {
    headers: XHR,
    data: { invoice: { customerId, currency: 'EUR', issueDate: DAY, dueDate: '2099-12-31' }, items: work },
  });
  expect(invoice.status(), await invoice.text()).toBe(201);
  const invoiceId = ((await invoice.json()) as { id: number }).id;
  const sent = await page.request.put(`/api/invoices/${invoiceId}`, { headers: XHR, data: { customerId, status: 'sent', items: work } });
  expect(sent.status(), await sent.text()).toBe(200);
  const note = await page.request.post('/api/credit-notes', {
    headers: XHR,
    data: { invoiceId, reason: 'Half a day cancelled', resolution: 'reduce_balance', amount: '50.00' },
  });
  expect(note.status(), await note.text()).toBe(201);
  await page.goto(`/invoices/${invoiceId}`);
  await expect(page.getByTestId('credit-note-total-in-base')).toHaveText('Total in USD: $55.00');
  await bothSizes(page, testInfo, '03-credit-note-eur');
});
