import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type BrowserContext, type Page, type Route } from '@playwright/test';
import { toasts } from './support';

/** A customer and an invoice for them, made as a user does, then sent; answers the invoice and the e-mailed pay link. */
export async function sendInvoice(
  page: Page,
  { customer, email, items }: { customer: string; email: string; items: { description: string; quantity: string; rate: string }[] },
) {
  await page.goto('/customers/create');
  await page.getByLabel('Name').fill(customer);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Create Customer' }).click();
  await expect(toasts(page).getByText('Customer created successfully', { exact: true })).toBeVisible();

  await page.goto('/invoices/create');
  const number = page.getByLabel('Invoice Number');
  await expect(number).toHaveValue(/^INV-\d+$/); // what the next issued invoice takes
  await page.getByRole('combobox', { name: 'Customer' }).click();
  await page.getByRole('option', { name: `${customer} - ${email}` }).click();
  for (const [i, item] of items.entries()) {
    if (i > 0) await page.getByRole('button', { name: 'Add Item' }).click();
    await page.getByLabel(`Description (item ${i + 1})`).fill(item.description);
    await page.getByLabel(`Qty (item ${i + 1})`).fill(item.quantity);
    await page.getByLabel(`Rate (item ${i + 1})`).fill(item.rate);
  }
  await page.getByRole('button', { name: 'Create Invoice' }).click();
  await expect(page).toHaveURL(/\/invoices$/);
  // A draft shows its draft reference; it takes its legal number when it is sent.
  const row = page.getByTestId('invoice-row').filter({ hasText: email });
  await row.getByRole('link', { name: /^View invoice details: DRAFT-\d+$/ }).click();
  await expect(page.getByTestId('invoice-number')).toHaveText(/^DRAFT-\d+$/);
  const invoiceUrl = page.url();

  await page.getByRole('button', { name: 'Send to Customer' }).click();
  await expect(toasts(page).getByText('Invoice Sent', { exact: true })).toBeVisible();
  await expect(page.getByTestId('invoice-number')).toHaveText(/^INV-\d+$/);
  const invoiceNumber = (await page.getByTestId('invoice-number').textContent())!;
  return { invoiceNumber, invoiceUrl };
}

/** The pay link of the invoice e-mail sent to `email` (the text part may be quoted-printable). */
export function payLinkFromMail(outbox: string, email: string): string {
  const mail = readdirSync(outbox)
    .filter((f) => f.endsWith('.eml'))
    .map((f) => readFileSync(join(outbox, f), 'utf8'))
    .find((m) => m.includes(email));
  expect(mail, `an .eml to ${email}`).toBeDefined();
  const text = mail!.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const link = /https?:\/\/[^\s"<>]+\/pay\/[A-Za-z0-9_-]{20,}/.exec(text)?.[0];
  expect(link, 'the pay link in the e-mail').toBeDefined();
  return link!;
}

/** "Copy payment link" on the invoice view, read back from the clipboard. */
export async function copiedPaymentLink(page: Page, context: BrowserContext): Promise<string> {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copy payment link' }).click();
  await expect(toasts(page).getByText('Payment link copied', { exact: true })).toBeVisible();
  return page.evaluate(() => navigator.clipboard.readText());
}

/** The demo card form, filled. */
export async function fillDemoCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Peter Gibbons');
}

/** The owner's invoice view until billing has applied the payments (it hears of them a moment after the payer). */
export async function expectInvoiceStatus(page: Page, invoiceUrl: string, status: string) {
  await expect(async () => {
    await page.goto(invoiceUrl);
    await expect(page.locator('[data-slot="badge"]').first()).toHaveText(status, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

const STAND_INS = join(import.meta.dirname, 'stand-ins');

/**
 * The providers' browser side for a signed-out payer, offline: Stripe.js and PayPal's SDK are local stand-ins
 * (e2e/stand-ins), their calls to Stripe's API and to PayPal go to the API stand-ins, and any other https request
 * is refused. The pay page's own CSP still applies to all of it (routing happens after the browser's CSP check).
 */
export async function routeProviders(context: BrowserContext) {
  const stripeApi = process.env.E2E_STRIPE_API_URL!;
  const paypalApi = process.env.E2E_PAYPAL_API_URL!;
  const forward = (from: string, to: string) => async (route: Route) =>
    route.fulfill({ response: await route.fetch({ url: route.request().url().replace(from, to) }) });
  await context.route(/^https:\/\//, (route) => route.abort('blockedbyclient'));
  await context.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ path: join(STAND_INS, 'stripe.js'), contentType: 'text/javascript' }),
  );
  await context.route('https://www.paypal.com/sdk/js**', (route) =>
    route.fulfill({ path: join(STAND_INS, 'paypal.js'), contentType: 'text/javascript' }),
  );
  await context.route('https://api.stripe.com/**', forward('https://api.stripe.com', stripeApi));
  await context.route('https://www.paypal.com/stand-in/**', forward('https://www.paypal.com', paypalApi));
}

/** Records the page's CSP violations (blocked URL and directive); read them with cspViolations(). */
export async function watchCsp(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}
