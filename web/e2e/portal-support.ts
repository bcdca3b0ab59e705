import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { expectAccessible as axe, snap, toasts } from './support';
import type { TestInfo } from '@playwright/test';

export const outbox = () => join(process.env.BILLPOINT_E2E_DATA_DIR!, 'outbox');

/** The run's e-mails as raw text, quoted-printable soft breaks joined and `=3D` decoded, headers unfolded. */
export function mails(): string[] {
  return readdirSync(outbox(), { withFileTypes: true })
    .filter((f) => f.isFile() && f.name.endsWith('.eml'))
    .map((f) => readFileSync(join(outbox(), f.name), 'utf8'))
    .map((m) =>
      m
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=')
        .replace(/\r?\n[ \t]+/g, ' '),
    );
}

/** A header of a raw e-mail (unfolded). */
export const header = (mail: string, name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(mail)?.[1]?.trim();

/** The portal sign-in link path e-mailed to `email` that is not among `seen`, once it is there. */
export async function signInLink(email: string, slug: string, seen: readonly string[] = []): Promise<string> {
  const pattern = new RegExp(`/portal/${slug}/sign-in/[A-Za-z0-9_-]{43}`, 'g');
  let link: string | undefined;
  await expect
    .poll(
      () => {
        link = mails()
          .filter((m) => header(m, 'To')?.includes(email))
          .flatMap((m) => m.match(pattern) ?? [])
          .find((l) => !seen.includes(l));
        return link;
      },
      { message: `a new portal sign-in link to ${email}` },
    )
    .toBeTruthy();
  return link!;
}

/** An invoice for an existing customer, made as a user does; sent to them unless `draft`. Answers its number. */
export async function createInvoice(
  page: Page,
  {
    customer,
    email,
    description,
    rate,
    draft = false,
  }: { customer: string; email: string; description: string; rate: string; draft?: boolean },
) {
  await page.goto('/invoices/create');
  const number = page.getByLabel('Invoice Number');
  await expect(number).toHaveValue(/^INV-\d+$/); // what the next issued invoice takes
  await page.getByRole('combobox', { name: 'Customer' }).click();
  await page.getByRole('option', { name: `${customer} - ${email}` }).click();
  await page.getByLabel('Description (item 1)').fill(description);
  await page.getByLabel('Qty (item 1)').fill('1');
  await page.getByLabel('Rate (item 1)').fill(rate);
  await page.getByRole('button', { name: 'Create Invoice' }).click();
  await expect(page).toHaveURL(/\/invoices$/);
  // The newest row of the customer: a draft, under its draft reference until it is sent.
  const row = page.getByTestId('invoice-row').filter({ hasText: email }).first();
  const draftNumber = /DRAFT-\d+/.exec((await row.textContent()) ?? '')?.[0];
  expect(draftNumber, 'the new draft in the list').toBeDefined();
  if (draft) return draftNumber!;
  await row.getByRole('link', { name: `View invoice details: ${draftNumber}` }).click();
  await expect(page.getByTestId('invoice-number')).toHaveText(draftNumber!);
  await page.getByRole('button', { name: 'Send to Customer' }).click();
  await expect(toasts(page).getByText('Invoice Sent', { exact: true })).toBeVisible();
  await expect(page.getByTestId('invoice-number')).toHaveText(/^INV-\d+$/); // issued: its legal number
  return (await page.getByTestId('invoice-number').textContent())!;
}

/** A customer made on the Add Customer screen. */
export async function createCustomer(page: Page, name: string, email: string) {
  await page.goto('/customers/create');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Create Customer' }).click();
  await expect(toasts(page).getByText('Customer created successfully', { exact: true })).toBeVisible();
}

/** axe (pointer off the controls, so no hover colours are measured) and a full-page screenshot. */
export async function check(page: Page, testInfo: TestInfo, name: string) {
  await page.mouse.move(0, 0);
  await axe(page, name, { soft: true });
  await snap(page, testInfo, name);
}
