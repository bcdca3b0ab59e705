import { join } from 'node:path';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { expectAccessible, signUp, snap, toasts, uniqueEmail } from './support';
import { expectInvoiceStatus, fillDemoCard, payLinkFromMail, sendInvoice } from './pay-support';
import { expectFits, expectInsideWindow, SIZES } from './viewport-support';

/** The invoice view's "Issue credit note" dialog. */
async function openCreditNoteDialog(page: Page) {
  await page.getByRole('button', { name: 'Issue credit note' }).click();
  const dialog = page.getByRole('dialog', { name: 'Issue credit note' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Fits the window, no sideways scroll, axe, a screenshot: at the current size. */
async function check(page: Page, testInfo: TestInfo, name: string) {
  const { width } = page.viewportSize()!;
  await expect(page.locator('[data-slot=skeleton]')).toHaveCount(0);
  await expectFits(page, `${name} (${width} px)`);
  await expectAccessible(page, `${name} (${width} px)`);
  await snap(page, testInfo, `${width}-${name}`);
}

/** The invoice view, read again until the credit note's status says `status` (billing hears of refunds a moment later). */
async function expectCreditNoteStatus(page: Page, invoiceUrl: string, status: string) {
  await expect(async () => {
    await page.goto(invoiceUrl);
    await expect(page.getByTestId('credit-note-status').first()).toHaveText(status, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/**
 * An invoice is sent and paid on its pay page (demo mode); the owner then refunds one of its lines with a credit note:
 * the invoice shows it (Credited, balance still 0), the refund reaches Refunded, the Credit Notes list shows it.
 * The dialog, the invoice view with its credit note and the list fit 390 and 1280 px, with axe.
 */
test('refund one line of a paid invoice with a credit note', async ({ page, browser }, testInfo) => {
  test.setTimeout(120_000);
  await signUp(page, { firstName: 'Bill', lastName: 'Lumbergh', organization: 'Initech Refunds' });
  const email = uniqueEmail('refund');
  const { invoiceNumber, invoiceUrl } = await sendInvoice(page, {
    customer: 'Milton Waddams',
    email,
    items: [
      { description: 'Red Swingline stapler', quantity: '2', rate: '30' },
      { description: 'TPS cover sheets', quantity: '10', rate: '2.5' },
    ],
  });

  const payer = await browser.newContext();
  const pay = await payer.newPage();
  await pay.goto(payLinkFromMail(join(process.env.BILLPOINT_E2E_DATA_DIR!, 'outbox'), email));
  await fillDemoCard(pay, '4242 4242 4242 4242');
  await pay.getByRole('button', { name: 'Pay $85.00' }).click();
  await expect(pay.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await payer.close();
  await expectInvoiceStatus(page, invoiceUrl, 'Paid');
  await expect(page.getByText('No credit notes for this invoice.')).toBeVisible();

  // One stapler back: the line credit, its total and what is left, live
  const dialog = await openCreditNoteDialog(page);
  await expect(dialog.getByTestId('credit-note-line')).toHaveCount(2);
  await expect(dialog.getByRole('radio', { name: /Reduce the balance due/ })).toHaveCount(0); // nothing is due
  await expect(dialog.getByText(/Gives the money back to Milton Waddams the way it was paid \(Card\)/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Issue credit note' }).click();
  await expect(dialog.getByText('Enter a quantity to credit on at least one line.')).toBeVisible();
  await expect(dialog.getByText('Give the reason for the credit note.')).toBeVisible();
  await dialog.getByLabel('Quantity to credit: Red Swingline stapler').fill('3');
  await expect(dialog.getByText('At most 2', { exact: true })).toBeVisible();
  await dialog.getByLabel('Quantity to credit: Red Swingline stapler').fill('1');
  await expect(dialog.getByTestId('credit-note-total')).toHaveText('$30.00');
  await expect(dialog.getByTestId('credit-note-left')).toHaveText('$55.00');
  await dialog.getByLabel('Reason').fill('The stapler was returned.');
  await dialog.getByRole('radio', { name: /Refund the payment/ }).check();
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expectInsideWindow(page, dialog, `credit note dialog (${size.width} px)`);
    await check(page, testInfo, 'credit-note-dialog');
  }
  await dialog.getByRole('button', { name: 'Issue credit note' }).click();
  await expect(toasts(page).getByText('Credit note issued', { exact: true })).toBeVisible();
  await expect(toasts(page).getByText(`CN-0001 credits $30.00 on invoice ${invoiceNumber}.`)).toBeVisible();
  await expect(dialog).toBeHidden();

  const note = page.getByTestId('invoice-credit-note');
  await expect(note).toHaveCount(1);
  await expect(note).toContainText('CN-0001');
  await expect(note).toContainText('Refund');
  await expect(note).toContainText('$30.00');
  await expect(note.getByRole('link', { name: 'Credit note CN-0001, PDF' })).toHaveAttribute('href', /\/api\/credit-notes\/\d+\/pdf$/);
  await expect(page.getByTestId('invoice-credited')).toHaveText('−$30.00');
  await expect(page.getByTestId('invoice-balance-due')).toHaveText('$0.00');

  // The PDF is served (the browser would show it inline)
  const href = await note.getByRole('link', { name: 'Credit note CN-0001, PDF' }).getAttribute('href');
  const pdf = await page.request.get(href!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');

  // The refund goes back through the payments service, then billing hears of it
  await expectCreditNoteStatus(page, invoiceUrl, 'Refunded');
  await expect(page.getByTestId('invoice-balance-due')).toHaveText('$0.00');
  await expect(page.getByTestId('invoice-amount-paid')).toHaveText('$55.00');
  await expect(page.getByTestId('invoice-payment-refunded')).toHaveText('$30.00 refunded');
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await check(page, testInfo, 'invoice-with-credit-note');
  }

  // The list: the credit note, this month's figures, nothing pending
  await page.goto('/credit-notes');
  await expect(page.getByRole('heading', { level: 1, name: 'Credit Notes' })).toBeVisible();
  const row = page.getByTestId('credit-note-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('CN-0001');
  await expect(row).toContainText(invoiceNumber);
  await expect(row).toContainText('Refunded');
  await expect(page.getByTestId('summary-credit-notes-this-month').getByTestId('summary-value')).toHaveText('1');
  await expect(page.getByTestId('summary-credited-this-month').getByTestId('summary-value')).toHaveText('$30.00');
  await expect(page.getByTestId('summary-refunds-pending').getByTestId('summary-value')).toHaveText('0');
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await check(page, testInfo, 'credit-notes-list');
  }
  await page.setViewportSize(SIZES[1]);
  await row.getByTestId('credit-note-number').click();
  await expect(page).toHaveURL(invoiceUrl);
});

/**
 * An unpaid invoice: an amount taken off its balance (the only choice while nothing is paid), the limit of the
 * invoice total; then, paid in part by hand, customer credit — refused by the server above what was paid, accepted
 * within it; the list filters by resolution and finds by search.
 */
test('reduce the balance of an unpaid invoice, then add customer credit after a payment', async ({ page }, testInfo) => {
  await signUp(page, { firstName: 'Peter', lastName: 'Gibbons', organization: 'Initech Credits' });
  const { invoiceNumber, invoiceUrl } = await sendInvoice(page, {
    customer: 'Chotchkies',
    email: uniqueEmail('flair'),
    items: [{ description: 'Pieces of flair', quantity: '15', rate: '4' }],
  });

  let dialog = await openCreditNoteDialog(page);
  await dialog.getByRole('radio', { name: 'An amount' }).check();
  await expect(dialog.getByRole('radio', { name: /Reduce the balance due/ })).toBeChecked(); // the only choice
  await expect(dialog.getByRole('radio', { name: /Refund the payment/ })).toHaveCount(0);
  await dialog.getByLabel('Amount to credit, tax included (USD)').fill('60.01');
  await dialog.getByLabel('Reason').fill('Agreed discount for the late delivery.');
  await dialog.getByRole('button', { name: 'Issue credit note' }).click();
  await expect(dialog.getByText('Credit notes cannot exceed the invoice total: $60.00 left to credit.')).toBeVisible();
  await dialog.getByLabel('Amount to credit, tax included (USD)').fill('15');
  await expect(dialog.getByTestId('credit-note-left')).toHaveText('$45.00');
  await snap(page, testInfo, 'reduce-balance-dialog');
  await dialog.getByRole('button', { name: 'Issue credit note' }).click();
  await expect(toasts(page).getByText('Credit note issued', { exact: true })).toBeVisible();
  await expect(page.getByTestId('invoice-credit-note')).toContainText('Balance reduced');
  await expect(page.getByTestId('invoice-credited')).toHaveText('−$15.00');
  await expect(page.getByTestId('invoice-balance-due')).toHaveText('$45.00');

  // $20 paid by hand: customer credit can give back at most that
  await page.getByRole('button', { name: 'Record payment' }).click();
  const record = page.getByRole('dialog', { name: 'Record payment' });
  await record.getByLabel('Amount (USD)').fill('20');
  await record.getByRole('button', { name: 'Record payment' }).click();
  await expect(toasts(page).getByText('Payment recorded', { exact: true })).toBeVisible();
  await expect(page.getByTestId('invoice-balance-due')).toHaveText('$25.00');

  dialog = await openCreditNoteDialog(page);
  await dialog.getByRole('radio', { name: 'An amount' }).check();
  await dialog.getByLabel('Amount to credit, tax included (USD)').fill('25');
  await dialog.getByLabel('Reason').fill('Flair returned after payment.');
  await dialog.getByRole('radio', { name: /Add to the customer’s credit/ }).check();
  await dialog.getByRole('button', { name: 'Issue credit note' }).click();
  // The server's refusal lands on the form (money paid is $20.00)
  await expect(dialog.getByText(/cannot exceed the money paid on the invoice and not given back yet: 20\.00 USD/)).toBeVisible();
  await snap(page, testInfo, 'credit-refused-by-server');
  await expectAccessible(page, 'credit note dialog with the server’s refusal');
  await dialog.getByLabel('Amount to credit, tax included (USD)').fill('10');
  await dialog.getByRole('button', { name: 'Issue credit note' }).click();
  await expect(toasts(page).getByText(`CN-0002 credits $10.00 on invoice ${invoiceNumber}.`)).toBeVisible();
  await expect(page.getByTestId('invoice-credit-note')).toHaveCount(2);
  await expect(page.getByTestId('invoice-credit-note').filter({ hasText: 'CN-0002' })).toContainText('Credit added');
  await expect(page.getByTestId('invoice-credited')).toHaveText('−$25.00');
  await expect(page.getByTestId('invoice-balance-due')).toHaveText('$25.00');

  await page.goto('/invoices');
  await expect(page.getByTestId('invoice-row').filter({ hasText: invoiceNumber }).getByTestId('invoice-part-paid')).toHaveText(
    'Amount paid: $20.00Balance due: $25.00',
  );
  await page.goto('/credit-notes');
  await expect(page.getByTestId('credit-note-row')).toHaveCount(2);
  await expect(page.getByTestId('summary-credited-this-month').getByTestId('summary-value')).toHaveText('$25.00');
  await page.getByRole('combobox', { name: 'Filter by resolution' }).click();
  await page.getByRole('option', { name: 'Customer credit' }).click();
  await expect(page.getByTestId('credit-note-row')).toHaveCount(1);
  await expect(page.getByTestId('credit-note-row')).toContainText('CN-0002');
  await page.getByRole('combobox', { name: 'Filter by resolution' }).click();
  await page.getByRole('option', { name: 'All resolutions' }).click();
  await page.getByLabel('Search credit notes').fill('late delivery');
  await expect(page.getByTestId('credit-note-row')).toHaveCount(1);
  await expect(page.getByTestId('credit-note-row')).toContainText('CN-0001');
  await page.getByLabel('Search credit notes').fill('nothing of the sort');
  await expect(page.getByText('No credit notes match your filters')).toBeVisible();
  await snap(page, testInfo, 'credit-notes-no-match');
  await page.goto(invoiceUrl);
  await expect(page.getByTestId('invoice-number')).toHaveText(invoiceNumber);
});
