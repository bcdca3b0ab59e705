import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type BrowserContext, type Page } from '@playwright/test';
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
  await expect(number).toHaveValue(/^INV-\d+$/);
  const invoiceNumber = await number.inputValue();
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
  await page.getByRole('link', { name: `View invoice details: ${invoiceNumber}` }).click();
  await expect(page.getByTestId('invoice-number')).toHaveText(invoiceNumber);
  const invoiceUrl = page.url();

  await page.getByRole('button', { name: 'Send to Customer' }).click();
  await expect(toasts(page).getByText('Invoice Sent', { exact: true })).toBeVisible();
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
