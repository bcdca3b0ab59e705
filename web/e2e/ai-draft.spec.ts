import { expect, test, type Page } from '@playwright/test';
import { addDays, format, startOfToday } from 'date-fns';
import { expectAccessible, signUp, snap, toasts } from './support';
import { expectFits, expectInsideWindow } from './viewport-support';

/**
 * AI invoice drafts: on Create Invoice, "Create with AI" turns a sentence into a proposal of the tenant's
 * own customer and product with each value's confidence; "Use this" fills the form, and the invoice exists only once
 * the user creates it. A customer the tenant does not have is created from the proposal. Through the gateway, as
 * `npm start` runs it (the local engine: no OpenAI key).
 */

const headers = { 'X-Requested-With': 'XMLHttpRequest' };
const SENTENCE = 'Invoice Acme for 12 hours of design at 95 an hour and 2 Pro Plan licences, due in 14 days';

async function post(page: Page, url: string, data: unknown) {
  const res = await page.request.post(url, { headers, data });
  expect(res.status(), `POST ${url}: ${await res.text()}`).toBe(201);
  return (await res.json()) as { id: number };
}

test('create with AI: a sentence becomes a reviewed invoice, and a new customer is created from a draft', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUp(page, { firstName: 'Ada', lastName: 'Drafts', organization: 'Sentence Studio' });
  const acme = await post(page, '/api/customers', { name: 'Acme Corporation', email: 'ap@acme.test' });
  const plan = await post(page, '/api/products', { name: 'Pro Plan', price: '49.00' });
  // The ai service learns the customer and the product from their services' events: ask until it proposes both.
  await expect
    .poll(
      async () => {
        const res = await page.request.post('/api/ai/invoice-draft', { headers, data: { text: SENTENCE } });
        const d = (await res.json()) as { customer: { id: number } | null; items: { productId: number | null }[] };
        return [d.customer?.id, d.items.map((i) => i.productId)];
      },
      { timeout: 30_000 },
    )
    .toEqual([acme.id, [null, plan.id]]);

  await page.goto('/invoices/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Create Invoice' })).toBeVisible();
  await page.getByRole('button', { name: 'Create with AI' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create with AI' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Draft', exact: true })).toBeDisabled();
  await dialog.getByLabel('What should the invoice say?').fill(SENTENCE);
  await dialog.getByRole('button', { name: 'Draft', exact: true }).click();

  const proposal = dialog.getByRole('region', { name: 'Proposal' });
  await expect(proposal).toBeVisible();
  await expect(proposal.getByText('Acme Corporation')).toBeVisible();
  const due = addDays(startOfToday(), 14);
  await expect(proposal.getByText(format(due, 'MMMM d, yyyy'))).toBeVisible();
  const items = proposal.getByRole('list', { name: 'Proposed items' }).getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText('Design');
  await expect(items.nth(0)).toContainText('12 × $95.00 = $1,140.00');
  await expect(items.nth(1)).toContainText('Pro Plan');
  await expect(items.nth(1)).toContainText('2 × $49.00 = $98.00 · from your products');
  await expect(items.nth(1)).toContainText(/\d+% · (High|Medium|Low)/);
  await expect(proposal.getByRole('list', { name: 'Warnings' })).toHaveCount(0);
  await snap(page, testInfo, '01-ai-draft-proposal-1280');
  await expectAccessible(page, 'AI draft proposal (1280 px)');

  // Use this: the form is filled for review; nothing exists until Create Invoice.
  await proposal.getByRole('button', { name: 'Use this' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Customer' })).toHaveText('Acme Corporation - ap@acme.test');
  await expect(page.getByLabel('Description (item 1)')).toHaveValue('Design');
  await expect(page.getByLabel('Qty (item 1)')).toHaveValue('12');
  await expect(page.getByLabel('Rate (item 1)')).toHaveValue('95.00');
  await expect(page.getByLabel('Description (item 2)')).toHaveValue('Pro Plan');
  await expect(page.getByRole('button', { name: 'Due Date' })).toHaveText(format(due, 'MMMM d, yyyy'));
  await expect(page.getByTestId('invoice-total')).toHaveText('Total: $1,238.00');
  const listed = await page.request.get('/api/invoices', { headers });
  expect(((await listed.json()) as unknown[]).length ?? 0).toBe(0);
  await snap(page, testInfo, '02-form-filled-1280');
  await page.getByRole('button', { name: 'Create Invoice' }).click();
  await expect(page).toHaveURL(/\/invoices$/);
  await expect(toasts(page).getByText('Invoice created successfully', { exact: true })).toBeVisible();
  // A draft shows its draft reference until it is issued.
  const row = page.getByTestId('invoice-row').filter({ hasText: 'Acme Corporation' });
  await expect(row).toContainText(/DRAFT-\d+/);
  await expect(row).toContainText('Acme Corporation');
  await expect(row).toContainText('$1,238.00');
  await expect(row).toContainText(format(due, 'MMM d, yyyy'));

  // On a phone: a customer the organization does not have, created from the draft, and the keyboard's Ctrl+Enter.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/invoices/create');
  await page.getByRole('button', { name: 'Create with AI' }).click();
  const phone = page.getByRole('dialog', { name: 'Create with AI' });
  const box = phone.getByLabel('What should the invoice say?');
  await box.fill('Bill Globex 1,500 EUR for the March audit, 10% discount, net 30');
  await box.press('Control+Enter');
  const p2 = phone.getByRole('region', { name: 'Proposal' });
  await expect(p2.getByRole('list', { name: 'Warnings' })).toContainText('“Globex” is not one of your customers: create it, or pick one.');
  await expect(p2.getByText('None found')).toBeVisible();
  await expect(p2.getByText('€150.00')).toBeVisible();
  await expectInsideWindow(page, phone, 'AI draft dialog (390 px)');
  await snap(page, testInfo, '03-ai-draft-new-customer-390');
  await expectAccessible(page, 'AI draft with a new customer (390 px)');
  const newCustomer = p2.getByRole('form', { name: 'New customer' });
  await newCustomer.getByLabel('E-mail of Globex').fill('billing@globex.test');
  await newCustomer.getByRole('button', { name: 'Create customer' }).click();
  await expect(p2.getByText('None found')).toHaveCount(0);
  await expect(p2.getByText('Globex', { exact: true })).toBeVisible();
  await p2.getByRole('button', { name: 'Use this' }).click();
  await expect(page.getByRole('combobox', { name: 'Customer' })).toHaveText('Globex - billing@globex.test');
  await expect(page.getByRole('combobox', { name: 'Currency' })).toHaveText('EUR');
  await expect(page.getByLabel('Description (item 1)')).toHaveValue('March audit');
  await expect(page.getByLabel('Rate (item 1)')).toHaveValue('1500.00');
  await expect(page.getByRole('button', { name: 'Due Date' })).toHaveText(format(addDays(startOfToday(), 30), 'MMMM d, yyyy'));
  await expect(page.getByTestId('invoice-discount')).toHaveText(/-€150\.00/);
  await expect(page.getByTestId('invoice-total')).toHaveText('Total: €1,350.00');
  await expectFits(page, 'create invoice after an AI draft (390 px)');
  await snap(page, testInfo, '04-form-filled-390');
  await expectAccessible(page, 'create invoice after an AI draft (390 px)');
  await page.getByRole('button', { name: 'Create Invoice' }).click();
  await expect(page).toHaveURL(/\/invoices$/);
  await expect(page.getByTestId('invoice-row').filter({ hasText: 'Globex' })).toContainText('€1,350.00');
});
