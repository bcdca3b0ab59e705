import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { addDays, format, startOfToday } from 'date-fns';
import { expect, test } from '@playwright/test';
import { expectAccessible, signUp, snap, toasts } from './support';
import { expectListFitsPhone } from './list-phone';

/**
 * Add a customer → create an invoice with three items → list → view → PDF → send (it takes its legal number)
 * → edit the status → the dashboard shows the figures → an issued invoice cannot be deleted. Through the gateway, on the app as `npm start` runs it.
 */
test('invoices: create with three items, list, view, PDF, send, mark paid, dashboard figures, no delete once issued', async ({
  page,
}, testInfo) => {
  await signUp(page, { firstName: 'Grace', lastName: 'Hopper', organization: 'Compilers Inc' });
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });

  // A customer to bill
  await page.goto('/customers/create');
  await page.getByLabel('Name').fill('Initech LLC');
  await page.getByLabel('Email').fill('ap@initech.test');
  await page.getByLabel('Phone').fill('+1 555 0142');
  await page.getByRole('button', { name: 'Create Customer' }).click();
  await expect(toasts(page).getByText('Customer created successfully', { exact: true })).toBeVisible();

  // Invoices: empty
  await sidebar.getByRole('link', { name: 'Invoices' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
  await expect(page.getByText('No invoices yet')).toBeVisible();
  await expect(page.getByText('Create your first invoice to get started')).toBeVisible();
  await snap(page, testInfo, '01-invoices-empty');

  // Create Invoice
  await page.getByRole('link', { name: 'Create Invoice' }).first().click();
  await expect(page).toHaveURL(/\/invoices\/create$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Create Invoice' })).toBeVisible();
  const number = page.getByLabel('Invoice Number');
  await expect(number).toHaveValue(/^INV-\d{1,9}$/); // the server's sequence, not the INV-{timestamp} fallback
  // The number the invoice takes when it is issued; until then the draft shows a draft reference.
  const invoiceNumber = await number.inputValue();
  await expect(page.getByLabel('Issue Date')).toHaveValue(format(startOfToday(), 'MMMM d, yyyy'));
  await expect(page.getByRole('button', { name: 'Due Date' })).toHaveText(format(addDays(startOfToday(), 30), 'MMMM d, yyyy'));

  // Nothing chosen yet: the spec messages
  await page.getByLabel('Qty (item 1)').fill('');
  await page.getByRole('button', { name: 'Create Invoice' }).click();
  await expect(page.getByText('Customer is required')).toBeVisible();
  await expect(page.getByText('Description is required')).toBeVisible();
  await expect(page.getByText('Quantity is required')).toBeVisible();
  await snap(page, testInfo, '02-create-invoice-invalid');

  await page.getByRole('combobox', { name: 'Customer' }).click();
  await page.getByRole('option', { name: 'Initech LLC - ap@initech.test' }).click();

  // Due date: the picker opens on the default month; the 28th is always after today there
  await page.getByRole('button', { name: 'Due Date' }).click();
  const shown = addDays(startOfToday(), 30);
  const due = new Date(shown.getFullYear(), shown.getMonth(), 28);
  await expect(page.getByRole('button', { name: new RegExp(format(shown, 'MMMM do, yyyy') + ', selected') })).toBeVisible();
  await snap(page, testInfo, '02b-due-date-picker');
  await page.getByRole('button', { name: new RegExp(format(due, 'MMMM do, yyyy')) }).click();
  await expect(page.getByRole('button', { name: 'Due Date' })).toHaveText(format(due, 'MMMM d, yyyy'));

  const items = [
    { description: 'Discovery workshop', quantity: '3', rate: '33.33', amount: '$99.99' },
    { description: 'Hosting', quantity: '1', rate: '0.10', amount: '$0.10' },
    { description: 'Support hours', quantity: '2.5', rate: '40', amount: '$100.00' },
  ];
  for (const [i, item] of items.entries()) {
    if (i > 0) await page.getByRole('button', { name: 'Add Item' }).click();
    const n = i + 1;
    await page.getByLabel(`Description (item ${n})`).fill(item.description);
    await page.getByLabel(`Qty (item ${n})`).fill(item.quantity);
    await page.getByLabel(`Rate (item ${n})`).fill(item.rate);
    await expect(page.getByLabel(`Amount (item ${n})`)).toHaveValue(item.amount);
  }
  await expect(page.getByTestId('invoice-total')).toHaveText('Total: $200.09');
  await page.getByLabel('Notes').fill('Thank you for your business.');
  await page.getByLabel('Terms & Conditions').fill('Payment due within 30 days.');
  await snap(page, testInfo, '03-create-invoice');
  await expectAccessible(page, 'create invoice');
  await page.getByRole('button', { name: 'Create Invoice' }).click();

  // The list
  await expect(page).toHaveURL(/\/invoices$/);
  const created = toasts(page);
  await expect(created.getByText('Success', { exact: true })).toBeVisible();
  await expect(created.getByText('Invoice created successfully', { exact: true })).toBeVisible();
  const row = page.getByTestId('invoice-row').filter({ hasText: 'Initech LLC' });
  await expect(row).toBeVisible();
  await expect(row).toContainText(/DRAFT-\d{4}/);
  const draftNumber = /DRAFT-\d{4}/.exec((await row.textContent()) ?? '')![0];
  await expect(row).toContainText('Initech LLC');
  await expect(row).toContainText('ap@initech.test');
  await expect(row).toContainText('$200.09');
  await expect(row).toContainText('Draft');
  await expect(row).toContainText(format(startOfToday(), 'MMM d, yyyy'));
  await expect(row).toContainText(format(due, 'MMM d, yyyy'));
  await snap(page, testInfo, '04-invoices-list');
  await expectAccessible(page, 'invoices list');
  // On a phone the rows stack: no sideways scrolling
  await expectListFitsPhone(page, testInfo, { list: 'Invoices', row, name: '04b-invoices-list' });

  // Search (server side) and the status filter
  await page.getByPlaceholder('Search invoices...').fill('initech');
  await expect(page.getByTestId('invoice-row')).toHaveCount(1);
  await page.getByPlaceholder('Search invoices...').fill('');
  await page.getByRole('combobox', { name: 'Filter by status' }).click();
  await page.getByRole('option', { name: 'Paid' }).click();
  await expect(page.getByText('No invoices match your filters')).toBeVisible();
  await snap(page, testInfo, '05-invoices-filtered-empty');
  await page.getByRole('combobox', { name: 'Filter by status' }).click();
  await page.getByRole('option', { name: 'All Statuses' }).click();
  await expect(row).toBeVisible();

  // View
  await row.getByRole('link', { name: `View invoice details: ${draftNumber}` }).click();
  await expect(page).toHaveURL(/\/invoices\/\d+$/);
  await expect(page.getByTestId('invoice-number')).toHaveText(draftNumber);
  await expect(page.getByTestId('invoice-item')).toHaveCount(3);
  await expect(page.getByTestId('invoice-item').nth(0)).toContainText('Discovery workshop');
  await expect(page.getByTestId('invoice-item').nth(2)).toContainText('$100.00');
  const summary = page.getByTestId('invoice-summary');
  await expect(summary).toContainText('Subtotal$200.09');
  await expect(summary).toContainText('Tax$0.00');
  await expect(summary).toContainText('Total$200.09');
  await expect(page.getByText('Initech LLC')).toBeVisible();
  await expect(page.getByText('+1 555 0142')).toBeVisible();
  await expect(page.getByText('USD', { exact: true })).toBeVisible();
  await snap(page, testInfo, '06-invoice-view');
  await expectAccessible(page, 'invoice view');

  // Download PDF: a new tab on the PDF; the same URL answers a PDF for this session
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const popup = await popupPromise;
  await expect.poll(() => popup.url()).toMatch(/\/api\/invoices\/\d+\/pdf$/);
  const pdf = await page.request.get(popup.url());
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect(pdf.headers()['content-disposition']).toBe(`inline; filename="invoice-${draftNumber}.pdf"`);
  const bytes = await pdf.body();
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await popup.close();

  // Send to Customer: the view's toast; the e-mail (with the PDF) is in this run's outbox
  await page.getByRole('button', { name: 'Send to Customer' }).click();
  const sent = toasts(page);
  await expect(sent.getByText('Invoice Sent', { exact: true })).toBeVisible();
  await expect(sent.getByText('The invoice has been successfully sent to the customer.', { exact: true })).toBeVisible();
  await expect(page.locator('[data-slot="badge"]')).toHaveText('Sent');
  await expect(page.getByTestId('invoice-number')).toHaveText(invoiceNumber); // issued: its legal number
  await snap(page, testInfo, '07-invoice-sent');
  const outbox = join(process.env.BILLPOINT_E2E_DATA_DIR!, 'outbox');
  const mail = readdirSync(outbox)
    .filter((f) => f.endsWith('.eml'))
    .map((f) => readFileSync(join(outbox, f), 'utf8'))
    .find((m) => m.includes('ap@initech.test'));
  expect(mail, 'an .eml to the customer').toBeDefined();
  expect(mail).toContain(`invoice-${invoiceNumber}.pdf`);

  // Edit: a sent invoice shows as Pending; mark it Paid
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await expect(page).toHaveURL(/\/invoices\/\d+\/edit$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Invoice' })).toBeVisible();
  const status = page.getByRole('combobox', { name: 'Status' });
  await expect(status).toHaveText('Pending');
  await expect(page.getByRole('combobox', { name: 'Customer' })).toHaveText('Initech LLC - ap@initech.test');
  await expect(page.getByTestId('invoice-item-row')).toHaveCount(3);
  await expect(page.getByTestId('invoice-total')).toHaveText('Total: $200.09');
  await status.click();
  await page.getByRole('option', { name: 'Paid' }).click();
  await snap(page, testInfo, '08-invoice-edit');
  await expectAccessible(page, 'invoice edit');
  await page.getByRole('button', { name: 'Update Invoice' }).click();
  await expect(page).toHaveURL(/\/invoices$/);
  await expect(toasts(page).getByText('Invoice updated successfully.', { exact: true })).toBeVisible();
  await expect(row).toContainText('Paid');

  // The dashboard's figures
  await sidebar.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByTestId('stat-total-revenue').getByTestId('stat-value')).toHaveText('$200.09');
  await expect(page.getByTestId('stat-outstanding').getByTestId('stat-value')).toHaveText('$0.00');
  await expect(page.getByTestId('stat-overdue').getByTestId('stat-value')).toHaveText('$0.00');
  await expect(page.getByTestId('stat-total-customers').getByTestId('stat-value')).toHaveText('1');
  const recent = page.getByTestId('recent-invoice').filter({ hasText: invoiceNumber });
  await expect(recent).toContainText('Paid');
  await expect(recent).toContainText('$200.09');
  await expect(page.getByTestId('alert-overdue')).toHaveText('0 Overdue Invoices');
  await expect(page.getByTestId('revenue-period-total')).toHaveText('$200.09 in this period');
  await expect(page.getByTestId('revenue-chart').locator('.recharts-bar-rectangle path, .recharts-rectangle').first()).toBeVisible();
  await snap(page, testInfo, '09-dashboard');
  await expectAccessible(page, 'dashboard');
  await page.getByRole('button', { name: '1Y' }).click();
  await expect(page.getByRole('button', { name: '1Y' })).toHaveAttribute('aria-pressed', 'true');

  // An issued invoice is never deleted: its delete action is disabled and says why
  await page.getByRole('link', { name: 'View all' }).click();
  await expect(page).toHaveURL(/\/invoices$/);
  await expect(row.getByRole('button', { name: `Delete invoice: ${invoiceNumber}` })).toBeDisabled();
  await row.getByLabel('An issued invoice cannot be deleted; cancel it or issue a credit note instead').hover();
  await expect(page.getByRole('tooltip')).toHaveText('An issued invoice cannot be deleted; cancel it or issue a credit note instead');
  await snap(page, testInfo, '10-invoices-issued-not-deletable');

  // An invoice that does not exist
  await page.goto('/invoices/999999999');
  await expect(page.getByRole('heading', { name: 'Invoice Not Found' })).toBeVisible();
  await expect(page.getByText("The invoice you're looking for doesn't exist or you don't have permission to view it.")).toBeVisible();
  await snap(page, testInfo, '11-invoice-not-found');
  await page.getByRole('link', { name: 'Back to Invoices' }).click();
  await expect(page).toHaveURL(/\/invoices$/);
});
