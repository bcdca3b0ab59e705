import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { expectAccessible, signUp, snap, toasts, uniqueEmail } from './support';
import {
  copiedPaymentLink,
  expectInvoiceStatus,
  fillDemoCard,
  payLinkFromMail,
  routeProviders,
  sendInvoice,
  watchCsp,
} from './pay-support';

/**
 * The public pay page in demo mode (no provider keys, as `npm start` runs): the customer opens the e-mailed link
 * signed out, pays part, is declined once, pays the rest; the owner then sees the invoice Paid with its payments.
 */
test('pay an invoice in two parts on the public page (demo mode), with a decline in between', async ({
  page,
  browser,
  context,
}, testInfo) => {
  await signUp(page, { firstName: 'Michael', lastName: 'Bolton', organization: 'Initrode' });
  const email = uniqueEmail('ap');
  const { invoiceNumber, invoiceUrl } = await sendInvoice(page, {
    customer: 'Initech LLC',
    email,
    items: [
      { description: 'TPS report review', quantity: '4', rate: '25' },
      { description: 'Cover sheets', quantity: '10', rate: '2.5' },
    ],
  });
  const link = payLinkFromMail(join(process.env.BILLPOINT_E2E_DATA_DIR!, 'outbox'), email);
  expect(await copiedPaymentLink(page, context)).toBe(link);
  await snap(page, testInfo, '01-invoice-sent-with-link');

  // The customer: a fresh browser, signed out
  const payer = await browser.newContext();
  const pay = await payer.newPage();
  let release!: () => void;
  const loaded = new Promise<void>((resolve) => (release = resolve));
  await pay.route('**/api/invoices/*/public', async (route) => {
    await loaded;
    await route.continue();
  });
  await pay.goto(link);
  await expect(pay.getByRole('status', { name: 'Loading invoice' })).toBeVisible();
  await snap(pay, testInfo, '02-pay-loading');
  await expectAccessible(pay, 'pay page loading');
  release();

  await expect(pay.getByRole('heading', { level: 1, name: `Pay Invoice ${invoiceNumber}` })).toBeVisible();
  await expect(pay.getByTestId('seller-name')).toHaveText('Initrode');
  await expect(pay.getByTestId('pay-invoice-item')).toHaveCount(2);
  await expect(pay.getByTestId('demo-mode')).toHaveText('Demo mode');
  await expect(pay.getByTestId('demo-test-cards')).toContainText('4242 4242 4242 4242');
  await expect(pay.getByRole('tablist')).toHaveCount(0); // no PayPal without keys
  const amount = pay.getByLabel('Amount to pay (USD)');
  await expect(amount).toHaveValue('125.00');
  await snap(pay, testInfo, '03-pay-form');
  await expectAccessible(pay, 'pay form');

  // Amount checks, then part of it
  await amount.fill('125.01');
  await expect(pay.getByText('Amount cannot be more than the balance due ($125.00)')).toBeVisible();
  await expect(pay.getByRole('button', { name: 'Pay', exact: true })).toBeDisabled();
  await snap(pay, testInfo, '04-pay-amount-invalid');
  await expectAccessible(pay, 'pay form, invalid amount');
  await amount.fill('50');
  await fillDemoCard(pay, '4242 4242 4242 4242');
  await pay.getByRole('button', { name: 'Pay $50.00' }).click();
  await expect(pay.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect(pay.getByText(`Your payment of $50.00 for invoice ${invoiceNumber} was received.`)).toBeVisible();
  await expect(pay.getByTestId('remaining-balance')).toHaveText('$75.00');
  await snap(pay, testInfo, '05-pay-part-paid');
  await expectAccessible(pay, 'part payment received');

  // The rest: declined first, then paid
  await pay.getByRole('button', { name: 'Pay remaining balance' }).click();
  await expect(amount).toHaveValue('75.00');
  await expect(pay.getByTestId('pay-amount-paid')).toHaveText('$50.00');
  await expect(pay.getByTestId('pay-balance-due')).toHaveText('$75.00');
  await fillDemoCard(pay, '4000 0000 0000 0002');
  await pay.getByRole('button', { name: 'Pay $75.00' }).click();
  await expect(toasts(pay).getByText('Payment Failed', { exact: true })).toBeVisible();
  await expect(toasts(pay).getByText('Your card was declined.', { exact: true })).toBeVisible();
  await snap(pay, testInfo, '06-pay-declined');
  await expectAccessible(pay, 'declined');
  await fillDemoCard(pay, '4242 4242 4242 4242');
  await pay.getByRole('button', { name: 'Pay $75.00' }).click();
  await expect(pay.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect(pay.getByText('The invoice is paid in full. Thank you!')).toBeVisible();
  await snap(pay, testInfo, '07-pay-paid-in-full');
  await expectAccessible(pay, 'paid in full');
  await pay.getByRole('link', { name: 'Continue' }).click();
  await expect(pay).toHaveURL(/\/$/);

  // The link again: nothing left to pay; a made-up token: not found
  await pay.goto(link);
  await expect(pay.getByRole('heading', { name: 'Already Paid' })).toBeVisible();
  await snap(pay, testInfo, '08-pay-already-paid');
  await expectAccessible(pay, 'already paid');
  await pay.goto('/pay/this-token-does-not-exist-anywhere-at-all');
  await expect(pay.getByRole('heading', { name: 'Invoice Not Found' })).toBeVisible();
  await expect(pay.getByText("The invoice you're looking for doesn't exist or has been removed.")).toBeVisible();
  await snap(pay, testInfo, '09-pay-not-found');
  await expectAccessible(pay, 'not found');
  await payer.close();

  // The owner: Paid, with both payments (the declined attempt marked as such)
  await expectInvoiceStatus(page, invoiceUrl, 'Paid');
  const payments = page.getByTestId('invoice-payment');
  await expect(payments).toHaveCount(3);
  await expect(payments.filter({ hasText: 'Failed' })).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Record payment' })).toBeDisabled();
  await snap(page, testInfo, '10-invoice-paid');
});

/**
 * The same page with provider keys (the `keyed` app): card through Stripe Elements and PayPal's buttons, their
 * browser code served by local stand-ins through routing, under the pay page's own CSP.
 */
test('pay with Stripe (a decline, then part) and PayPal (a cancel, then the rest) @keyed', async ({ page, browser }, testInfo) => {
  await signUp(page, { firstName: 'Samir', lastName: 'Nagheenanajar', organization: 'Initech' });
  const email = uniqueEmail('payables');
  const { invoiceUrl } = await sendInvoice(page, {
    customer: 'Penetrode',
    email,
    items: [{ description: 'Y2K remediation', quantity: '8', rate: '25' }],
  });
  const link = payLinkFromMail(join(process.env.BILLPOINT_E2E_DATA_DIR!, 'keyed-outbox'), email);

  const payer = await browser.newContext();
  await routeProviders(payer);
  const pay = await payer.newPage();
  const violations = await watchCsp(pay);
  await pay.goto(link);

  // Card through Stripe: the payment request is made as soon as the page shows
  const tabs = pay.getByRole('tablist', { name: 'Payment method' });
  await expect(tabs.getByRole('tab')).toHaveText(['Card', 'PayPal']);
  await expect(tabs.getByRole('tab', { name: 'Card' })).toHaveAttribute('aria-selected', 'true');
  await expect(pay.getByTestId('demo-mode')).toHaveCount(0);
  await expect(pay.getByTestId('stripe-stand-in')).toBeVisible();
  await expect(pay.getByRole('button', { name: 'Pay $200.00' })).toBeEnabled();
  await snap(pay, testInfo, '21-stripe-form');
  await expectAccessible(pay, 'pay form with Stripe');

  await pay.getByLabel('Amount to pay (USD)').fill('80');
  const pay80 = pay.getByRole('button', { name: 'Pay $80.00' });
  await expect(pay80).toBeEnabled(); // a new payment request for the new amount
  await pay.getByLabel('Card number').fill('4000 0000 0000 0002');
  await pay80.click();
  await expect(toasts(pay).getByText('Payment Failed', { exact: true })).toBeVisible();
  await expect(toasts(pay).getByText('Your card was declined.', { exact: true })).toBeVisible();
  await snap(pay, testInfo, '22-stripe-declined');
  await pay.getByLabel('Card number').fill('4242 4242 4242 4242');
  await pay80.click();
  await expect(pay.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect(pay.getByTestId('remaining-balance')).toHaveText('$120.00');

  // The rest with PayPal: cancelled once, then approved
  await pay.getByRole('button', { name: 'Pay remaining balance' }).click();
  await pay.getByRole('tab', { name: 'PayPal' }).click();
  await expect(pay.getByTestId('paypal-stand-in')).toBeVisible();
  await snap(pay, testInfo, '23-paypal-tab');
  await expectAccessible(pay, 'pay form, PayPal tab');
  await pay.getByRole('button', { name: 'Cancel PayPal payment' }).click();
  await expect(toasts(pay).getByText('Payment Cancelled', { exact: true })).toBeVisible();
  await pay.getByRole('button', { name: 'PayPal', exact: true }).click();
  await expect(pay.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect(pay.getByText('Your payment of $120.00 for invoice')).toBeVisible();
  await expect(pay.getByText('The invoice is paid in full. Thank you!')).toBeVisible();
  await snap(pay, testInfo, '24-paid-with-paypal');
  expect(await violations()).toEqual([]);
  await payer.close();

  await expectInvoiceStatus(page, invoiceUrl, 'Paid');
  const payments = page.getByTestId('invoice-payment');
  await expect(payments.filter({ hasText: 'Card' })).toContainText('$80.00');
  await expect(payments.filter({ hasText: 'PayPal' })).toContainText('$120.00');
  await snap(page, testInfo, '25-invoice-paid-by-card-and-paypal');
});
