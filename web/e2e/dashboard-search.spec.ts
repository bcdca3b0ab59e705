import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, signUp, snap } from './support';

/**
 * The dashboard's search box finds invoices, customers and quotes and opens one from the keyboard; the bell lists the
 * payments received and the overdue invoices, newest first, with a dot while some are new. In an organization whose
 * currency is EUR, new documents are in euro and a quote can be made in pounds.
 */
const headers = { 'X-Requested-With': 'XMLHttpRequest' };

async function post(page: Page, path: string, data: unknown) {
  const res = await page.request.post(path, { headers, data });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return res.json();
}

test.use({ locale: 'de-DE', timezoneId: 'Europe/Berlin' });

test('search, notifications and the euro defaults on the dashboard of a German studio', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  await signUp(page, { firstName: 'Sina', lastName: 'Sucher', organization: 'Suchwerk' });
  await post(page, '/api/organization-settings', { companyName: 'Suchwerk', defaultCurrency: 'EUR' });
  await expect(async () => {
    const rates = await (await page.request.get('/api/exchange-rates', { headers })).json();
    expect(rates.base).toBe('EUR');
  }).toPass({ timeout: 20_000 });

  // Records made without a currency take the organization's.
  const customer = await post(page, '/api/customers', { name: 'Zauberwald GmbH', email: 'buchhaltung@zauberwald.test' });
  expect(customer.currency).toBe('EUR');
  const past = new Date(Date.now() - 5 * 86_400_000).toISOString().slice(0, 10);
  const invoice = await post(page, '/api/invoices', {
    invoice: { customerId: customer.id, dueDate: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10) },
    items: [{ description: 'Logo', quantity: '1', rate: '1200.00' }],
  });
  expect(invoice.currency).toBe('EUR');
  await post(page, `/api/invoices/${invoice.id}/send`, {});
  await post(page, '/api/payments', { invoiceId: invoice.id, amount: '200.00', paymentMethod: 'bank_transfer', paymentDate: past });
  const late = await post(page, '/api/invoices', {
    invoice: { customerId: customer.id, issueDate: past, dueDate: past },
    items: [{ description: 'Webseite', quantity: '1', rate: '300.00' }],
  });
  const lateNumber = (await post(page, `/api/invoices/${late.id}/send`, {})).invoiceNumber;
  // Past its due date: marked overdue, as the daily run would.
  const marked = await page.request.put(`/api/invoices/${late.id}`, {
    headers,
    data: { customerId: customer.id, status: 'overdue', items: [{ description: 'Webseite', quantity: '1', rate: '300.00' }] },
  });
  expect(marked.status(), await marked.text()).toBe(200);
  const quote = await post(page, '/api/quotes', {
    quote: { customerId: customer.id, validUntil: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10) },
    items: [{ description: 'Broschüre', quantity: '1', rate: '800.00' }],
  });
  expect(quote.currency).toBe('EUR');

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    // Search: a customer's name finds it, its invoices and its quote; the keyboard opens one.
    const search = page.getByRole('combobox', { name: 'Search invoices, customers and quotes' });
    await search.fill('z');
    await expect(page.getByText('Type at least 2 characters')).toBeVisible();
    await search.fill('zauber');
    const results = page.getByRole('listbox', { name: 'Search invoices, customers and quotes' });
    await expect(results.getByRole('group', { name: 'Customers' }).getByRole('option')).toHaveText(/Zauberwald GmbH/);
    await expect(results.getByRole('group', { name: 'Invoices' }).getByRole('option')).toHaveCount(2);
    await expect(results.getByRole('group', { name: 'Quotes' }).getByRole('option')).toContainText(quote.quoteNumber);
    await snap(page, testInfo, `01-search-${width}`);
    await expectAccessible(page, `dashboard search (${width})`);
    await search.fill('nichts-dergleichen');
    await expect(page.getByText('Nothing matches “nichts-dergleichen”')).toBeVisible();
    await search.fill(quote.quoteNumber);
    await expect(results.getByRole('option')).toHaveCount(1);
    await search.press('ArrowDown');
    await search.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/quotes/${quote.id}$`));
    await page.goto('/');

    // The bell: the payment received and the overdue invoice, each linking to its invoice.
    const bell = page.getByRole('button', { name: /^Notifications/ });
    if (width === 1280) await expect(page.getByTestId('unread-dot')).toBeVisible();
    await bell.click();
    const list = page.getByRole('list', { name: 'Notifications' });
    if (width === 1280) await expect(list.getByTestId('notification').first()).toContainText('New');
    await expect(list.getByTestId('notification').filter({ hasText: 'Payment received: €200.00 by Bank transfer' })).toBeVisible();
    await expect(list.getByTestId('notification').filter({ hasText: `Invoice ${lateNumber} is overdue (€300.00 due)` })).toBeVisible();
    await snap(page, testInfo, `02-notifications-${width}`);
    await expectAccessible(page, `notifications (${width})`);
    await list.getByRole('link', { name: /is overdue/ }).click();
    await expect(page).toHaveURL(new RegExp(`/invoices/${late.id}$`));
    await page.goto('/');
    // Looked at: nothing is new any more.
    await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
    await expect(page.getByTestId('unread-dot')).toHaveCount(0);
  }

  // The quote form offers the currency: a quote in pounds, at a typed rate.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/quotes/create');
  await expect(page.getByRole('combobox', { name: 'Currency' })).toHaveText('EUR');
  await page.getByRole('combobox', { name: 'Customer' }).click();
  await page.getByRole('option', { name: /Zauberwald GmbH/ }).click();
  await page.getByRole('combobox', { name: 'Currency' }).click();
  await page.getByRole('option', { name: 'GBP' }).click();
  await page.getByLabel(/^Exchange rate/).fill('1,17');
  await page.getByLabel('Description (item 1)').fill('Plakat');
  await page.getByLabel('Rate (item 1)').fill('250');
  await snap(page, testInfo, '03-quote-in-gbp');
  await expectAccessible(page, 'quote in GBP');
  await page.getByRole('button', { name: 'Create Quote' }).click();
  await expect(page).toHaveURL(/\/quotes\/\d+$/);
  await expect(page.getByText('£250.00').first()).toBeVisible();
});
