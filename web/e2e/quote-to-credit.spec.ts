import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { expectAccessible, signUp, snap, toasts, uniqueEmail } from './support';
import { copiedPaymentLink, expectInvoiceStatus, fillDemoCard } from './pay-support';
import { expectFits } from './viewport-support';

/** The quote page's link in the e-mail sent to `email` (the text part may be quoted-printable). */
function quoteLinkFromMail(email: string): string {
  const outbox = join(process.env.BILLPOINT_E2E_DATA_DIR!, 'outbox');
  const text = readdirSync(outbox)
    .filter((f) => f.endsWith('.eml'))
    .map((f) =>
      readFileSync(join(outbox, f), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '='),
    )
    .find((m) => m.includes(email) && m.includes('/quote/'));
  const link = text && /https?:\/\/[^\s"<>]+\/quote\/[A-Za-z0-9_-]{20,}/.exec(text)?.[0];
  expect(link, `the quote link in the e-mail to ${email}`).toBeDefined();
  return link!;
}

/**
 * Quotes and credit notes end to end, the documents before and after an invoice: a quote is sent, the customer accepts it on its
 * public page, it is converted into an invoice, the invoice is sent and paid on its pay page (demo mode), then
 * corrected by a credit note that refunds one of its days — the refund goes through and the balance stays 0.
 */
test('quote sent, accepted, converted, invoiced and paid, then corrected by a credit note', async ({
  page,
  browser,
  context,
}, testInfo) => {
  test.setTimeout(150_000);
  await signUp(page, { firstName: 'Dom', lastName: 'Portwood', organization: 'Initech Projects' });
  const email = uniqueEmail('quote-credit');
  await page.goto('/customers/create');
  await page.getByLabel('Name').fill('Intertrode Communications');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Create Customer' }).click();
  await expect(toasts(page).getByText('Customer created successfully', { exact: true })).toBeVisible();

  // The quote: two consulting days
  await page.goto('/quotes/create');
  await page.getByRole('combobox', { name: 'Customer' }).click();
  await page.getByRole('option', { name: `Intertrode Communications - ${email}` }).click();
  await page.getByLabel('Description (item 1)').fill('Consulting day on the Y2K migration');
  await page.getByLabel('Qty (item 1)').fill('2');
  await page.getByLabel('Rate (item 1)').fill('500');
  await page.getByRole('button', { name: 'Create Quote' }).click();
  await expect(page).toHaveURL(/\/quotes\/\d+$/);
  const quoteUrl = page.url();
  const quoteNumber = (await page.getByTestId('quote-number').textContent())!;
  await page.getByRole('button', { name: 'Send to Customer' }).click();
  await page.getByRole('alertdialog', { name: 'Send this quote?' }).getByRole('button', { name: 'Send quote' }).click();
  await expect(page.getByTestId('quote-status')).toHaveText('Sent');

  // The customer accepts it on its public page, signed out
  const visitor = await browser.newContext();
  const customer = await visitor.newPage();
  await customer.goto(quoteLinkFromMail(email));
  await expect(customer.getByRole('heading', { level: 1, name: `Quote ${quoteNumber}` })).toBeVisible();
  await customer.getByLabel('Your full name').fill('Michael Bolton');
  await customer.getByRole('button', { name: 'Accept quote' }).click();
  await expect(customer.getByRole('heading', { level: 1, name: 'Quote Accepted' })).toBeVisible();

  // Converted into the invoice, which is sent
  await page.goto(quoteUrl);
  await expect(page.getByTestId('quote-status')).toHaveText('Accepted');
  await page.getByRole('button', { name: 'Convert to invoice' }).click();
  await expect(page).toHaveURL(/\/invoices\/\d+$/);
  const invoiceUrl = page.url();
  await expect(page.getByRole('link', { name: `Created from quote ${quoteNumber}` })).toBeVisible();
  await expect(page.getByTestId('invoice-summary')).toContainText('Total$1,000.00');
  await expect(page.getByTestId('invoice-number')).toHaveText(/^DRAFT-\d+$/); // no legal number before it is issued
  await expect(page.getByRole('button', { name: 'Issue credit note' })).toHaveCount(0); // a draft takes none
  await page.getByRole('button', { name: 'Send to Customer' }).click();
  await expect(toasts(page).getByText('Invoice Sent', { exact: true })).toBeVisible();
  await expect(page.getByTestId('invoice-number')).toHaveText(/^INV-\d+$/);
  const invoiceNumber = (await page.getByTestId('invoice-number').textContent())!;

  // Paid on its pay page (demo mode)
  const payLink = await copiedPaymentLink(page, context);
  await customer.goto(payLink);
  await fillDemoCard(customer, '4242 4242 4242 4242');
  await customer.getByRole('button', { name: 'Pay $1,000.00' }).click();
  await expect(customer.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await visitor.close();
  await expectInvoiceStatus(page, invoiceUrl, 'Paid');

  // Corrected: one day was not worked, its money goes back to the card
  await page.getByRole('button', { name: 'Issue credit note' }).click();
  const dialog = page.getByRole('dialog', { name: 'Issue credit note' });
  await dialog.getByLabel('Quantity to credit: Consulting day on the Y2K migration').fill('1');
  await expect(dialog.getByTestId('credit-note-total')).toHaveText('$500.00');
  await expect(dialog.getByTestId('credit-note-left')).toHaveText('$500.00');
  await dialog.getByLabel('Reason').fill('The second consulting day was cancelled.');
  await dialog.getByRole('radio', { name: /Refund the payment/ }).check();
  await snap(page, testInfo, 'quote-to-credit-dialog');
  await dialog.getByRole('button', { name: 'Issue credit note' }).click();
  await expect(toasts(page).getByText(`CN-0001 credits $500.00 on invoice ${invoiceNumber}.`)).toBeVisible();
  await expect(page.getByTestId('invoice-credited')).toHaveText('−$500.00');
  await expect(page.getByTestId('invoice-balance-due')).toHaveText('$0.00');

  await expect(async () => {
    await page.goto(invoiceUrl);
    await expect(page.getByTestId('credit-note-status')).toHaveText('Refunded', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId('invoice-amount-paid')).toHaveText('$500.00');
  await expect(page.getByTestId('invoice-balance-due')).toHaveText('$0.00');
  await expect(page.getByRole('link', { name: `Created from quote ${quoteNumber}` })).toBeVisible();
  await expectFits(page, 'invoice from a quote, corrected');
  await expectAccessible(page, 'invoice from a quote, corrected by a credit note');
  await snap(page, testInfo, 'quote-to-credit-invoice');

  await page.goto('/credit-notes');
  await expect(page.getByTestId('credit-note-row')).toContainText(invoiceNumber);
  await expect(page.getByTestId('credit-note-row')).toContainText('Refunded');
});
