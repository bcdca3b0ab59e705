import { expect, test } from '@playwright/test';
import { expectAccessible, signUp, snap, toasts, uniqueEmail } from './support';
import { expectInvoiceStatus, sendInvoice } from './pay-support';

/** Payments received outside Billpoint, recorded on the invoice view; the list and view show what is paid and due. */
test('record a payment by hand: part paid in the list and view, then paid', async ({ page }, testInfo) => {
  await signUp(page, { firstName: 'Joanna', lastName: 'Chotchkie', organization: 'Chotchkies' });
  const { invoiceNumber, invoiceUrl } = await sendInvoice(page, {
    customer: 'Bob Porter',
    email: uniqueEmail('bob'),
    items: [{ description: 'Flair', quantity: '15', rate: '4' }],
  });
  await expect(page.getByText('No payments recorded yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Record payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record payment' });
  await expect(dialog.getByLabel('Amount (USD)')).toHaveValue('60.00');
  await dialog.getByLabel('Amount (USD)').fill('20');
  await dialog.getByRole('combobox', { name: 'Payment method' }).click();
  await page.getByRole('option', { name: 'Cash' }).click();
  await dialog.getByLabel('Reference').fill('Receipt 12');
  await snap(page, testInfo, '11-record-payment');
  await expectAccessible(page, 'record payment dialog');
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(toasts(page).getByText('Payment recorded', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('invoice-payment')).toContainText('Cash');
  await expect(page.getByTestId('invoice-summary')).toContainText('Amount paid$20.00');
  await expect(page.getByTestId('invoice-summary')).toContainText('Balance due$40.00');
  await snap(page, testInfo, '12-invoice-part-paid');

  await page.goto('/invoices');
  const row = page.getByTestId('invoice-row').filter({ hasText: invoiceNumber });
  await expect(row.getByTestId('invoice-part-paid')).toHaveText('Amount paid: $20.00Balance due: $40.00');
  await snap(page, testInfo, '13-invoices-part-paid');
  await expectAccessible(page, 'invoices list, part paid');

  await page.goto(invoiceUrl);
  await page.getByRole('button', { name: 'Record payment' }).click();
  await page.getByRole('dialog', { name: 'Record payment' }).getByRole('button', { name: 'Record payment' }).click();
  await expect(toasts(page).getByText('Payment recorded', { exact: true })).toBeVisible();
  await expectInvoiceStatus(page, invoiceUrl, 'Paid');
});
