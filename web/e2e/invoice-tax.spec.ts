import { expect, test } from '@playwright/test';
import { expectAccessible, signUp, snap, toasts } from './support';

/**
 * A tax rate made through the API (POST /api/tax-rates, the tax service), chosen on an invoice line; the
 * create form's figures, the view's line tax and Tax total, the list's tax, all on the app as `npm start` runs it.
 */
test('invoice tax: choose a tax rate on a line, see the tax and the total on the form, the view and the list', async ({
  page,
}, testInfo) => {
  await signUp(page, { firstName: 'Tam', lastName: 'Taxer', organization: 'Taxed Goods Ltd' });
  const headers = { 'X-Requested-With': 'XMLHttpRequest' };
  const customer = await page.request.post('/api/customers', { headers, data: { name: 'Umbrella plc', email: 'ap@umbrella.test' } });
  expect(customer.status()).toBe(201);

  // No rates yet: the picker has only 'No tax', and the form says where rates are set up.
  await page.goto('/invoices/create');
  // The screen's code loads on first use: on a busy machine that can take a while.
  await expect(page.getByRole('heading', { level: 1, name: 'Create Invoice' })).toBeVisible({ timeout: 30_000 });
  const note = page.getByTestId('tax-rates-note');
  await expect(note).toContainText('No tax rates yet.');
  await expect(note.getByRole('link', { name: 'Add tax rates in Tax Management' })).toHaveAttribute('href', '/tax-management');
  await expect(page.getByRole('combobox', { name: 'Tax (item 1)' })).toHaveText('No tax');

  const rate = await page.request.post('/api/tax-rates', {
    headers,
    data: { name: 'VAT 20%', jurisdiction: 'United Kingdom', rate: '20', type: 'vat', startDate: '2020-01-01' },
  });
  expect(rate.status(), await rate.text()).toBe(201);

  await page.reload();
  await page.getByRole('combobox', { name: 'Customer' }).click();
  await page.getByRole('option', { name: 'Umbrella plc - ap@umbrella.test' }).click();
  await page.getByLabel('Description (item 1)').fill('Consulting');
  await page.getByLabel('Qty (item 1)').fill('3');
  await page.getByLabel('Rate (item 1)').fill('33.33');
  await page.getByRole('button', { name: 'Add Item' }).click();
  await page.getByLabel('Description (item 2)').fill('Travel (no tax)');
  await page.getByLabel('Rate (item 2)').fill('50');

  // The picker by keyboard: focus, open, choose.
  const tax = page.getByRole('combobox', { name: 'Tax (item 1)' });
  await tax.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('option')).toHaveText(['No tax', 'VAT 20% (20%)']);
  // The list takes the focus (on the chosen option) once it has opened and placed itself: keys go there after that.
  await expect(page.getByRole('option', { name: 'No tax' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('option', { name: 'VAT 20% (20%)' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(tax).toHaveText('VAT 20% (20%)');
  await expect(page.getByTestId('tax-rates-note')).toHaveCount(0);
  await expect(page.getByTestId('invoice-subtotal')).toHaveText('Subtotal: $149.99');
  await expect(page.getByTestId('invoice-tax')).toHaveText('Tax: $20.00'); // 99.99 × 20% = 19.998 → 20.00
  await expect(page.getByTestId('invoice-total')).toHaveText('Total: $169.99');
  await snap(page, testInfo, '01-create-invoice-with-tax');
  await expectAccessible(page, 'create invoice with a tax rate');
  await page.getByRole('button', { name: 'Create Invoice' }).click();
  await expect(toasts(page).getByText('Invoice created successfully', { exact: true })).toBeVisible();

  // The list: the amount is the total with tax, the tax in it beneath.
  await expect(page).toHaveURL(/\/invoices$/);
  const row = page.getByTestId('invoice-row').filter({ hasText: 'Umbrella plc' });
  await expect(row).toContainText('$169.99');
  await expect(row.getByTestId('invoice-row-tax')).toHaveText('incl. $20.00 tax');
  await snap(page, testInfo, '02-invoices-list-with-tax');

  // The view: each line's tax and rate, and the Tax total.
  await row.getByRole('link', { name: /View invoice details/ }).click();
  await expect(page).toHaveURL(/\/invoices\/\d+$/);
  const lines = page.getByTestId('invoice-item');
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0).getByTestId('invoice-item-tax')).toHaveText('$20.00VAT 20% (20%)');
  await expect(lines.nth(1).getByTestId('invoice-item-tax')).toHaveText('—');
  const summary = page.getByTestId('invoice-summary');
  await expect(summary).toContainText('Subtotal$149.99');
  await expect(summary).toContainText('Tax$20.00');
  await expect(summary).toContainText('Total$169.99');
  await snap(page, testInfo, '03-invoice-view-with-tax');
  await expectAccessible(page, 'invoice view with tax');

  // Edit: the line keeps its rate.
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await expect(page.getByRole('combobox', { name: 'Tax (item 1)' })).toHaveText('VAT 20% (20%)');
  await expect(page.getByRole('combobox', { name: 'Tax (item 2)' })).toHaveText('No tax');
  await expect(page.getByTestId('invoice-total')).toHaveText('Total: $169.99');
  await snap(page, testInfo, '04-invoice-edit-with-tax');
  await expectAccessible(page, 'invoice edit with tax');
});
