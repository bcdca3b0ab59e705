import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible as axe, signUp, snap, toasts, uniqueEmail } from './support';

const headers = { 'X-Requested-With': 'XMLHttpRequest' };
const outbox = join(process.env.BILLPOINT_E2E_DATA_DIR!, 'outbox');

/** The e-mails in the outbox addressed to `email`, headers unfolded (a long Subject is folded over lines). */
const mailsTo = (email: string) =>
  readdirSync(outbox, { withFileTypes: true })
    .filter((f) => f.isFile() && f.name.endsWith('.eml'))
    .map((f) => readFileSync(join(outbox, f.name), 'utf8').replace(/\r?\n[ \t]+/g, ' '))
    .filter((m) => m.includes(`To: ${email}`));

/** axe with the pointer off the controls (a hovered button is measured in its hover colour). */
async function expectAccessible(page: Page, screen: string) {
  await page.mouse.move(0, 0);
  await axe(page, screen);
}

test('e-mail templates: an edited invoice subject is the next invoice e-mail’s; a hostile template reaches nothing', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUp(page, { firstName: 'Tess', lastName: 'Template', organization: 'Template Trading' });

  // Settings › E-mail Templates: the five types, all built in.
  await page.goto('/settings/email-templates');
  await expect(page.getByRole('heading', { level: 1, name: 'E-mail Templates' })).toBeVisible();
  const list = page.getByRole('list', { name: 'E-mail templates' });
  await expect(list.getByRole('listitem')).toHaveCount(5);
  await expect(list.getByText('Default')).toHaveCount(5);
  await expectAccessible(page, 'e-mail templates (1280)');
  await snap(page, testInfo, '01-email-templates');

  // A hostile template: an unknown filter and an include are refused when saved, naming the field and the line.
  const html = page.getByLabel('HTML');
  await html.fill('<p>ok</p>\n{{ "" | constructor }}');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/undefined filter: constructor, line:2/)).toBeVisible();
  await html.fill("{% include '/etc/passwd' %}");
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/"include" tag is not allowed in e-mail templates/)).toBeVisible();
  // What parses reads nothing of the process: the preview of `process.env` and prototypes is empty.
  await html.fill('<p>[{{ process.env }}{{ process.env.DATABASE_URL }}{{ "x".constructor }}{{ customer.__proto__ }}{{ this }}]</p>');
  await page.getByRole('button', { name: 'Preview' }).click();
  const frame = page.getByTitle('Preview of the Invoice e-mail');
  await expect(frame).toHaveAttribute('sandbox', '');
  expect(await frame.getAttribute('srcdoc')).toBe('<p>[]</p>');

  // The real edit: the subject, with a variable inserted from the list.
  await page.getByLabel('HTML').fill('<p>Hello {{ customer.name }}</p><p><a href="{{ payLink }}">Pay online</a></p>');
  const subject = page.getByLabel('Subject');
  await subject.fill('Statement for ');
  await page.getByRole('button', { name: /^Insert customer\.name:/ }).click();
  await expect(subject).toHaveValue('Statement for {{ customer.name }}');
  await subject.press('End');
  await subject.pressSequentially(' - {{ invoice.number }}');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toasts(page).getByText('Template saved')).toBeVisible();
  await expect(list.getByRole('listitem').first().getByText('Customized')).toBeVisible();

  // The next invoice e-mail has that subject.
  const email = uniqueEmail('stan');
  const customer = await (await page.request.post('/api/customers', { headers, data: { name: 'Stan Statement', email } })).json();
  const due = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  const made = await page.request.post('/api/invoices', {
    headers,
    data: { invoice: { customerId: customer.id, dueDate: due }, items: [{ description: 'Consulting', quantity: '1', rate: '120.00' }] },
  });
  expect(made.status(), await made.text()).toBe(201);
  const invoice = await made.json();
  const sent = await page.request.post(`/api/invoices/${invoice.id}/send`, { headers, data: {} });
  expect(sent.status(), await sent.text()).toBe(200);
  await expect.poll(() => mailsTo(email).length, { message: `an .eml to ${email}` }).toBe(1);
  const [mail] = mailsTo(email);
  // Sending issued it: the mail carries the legal number it took, not the draft's reference.
  const issued = (await (await page.request.get(`/api/invoices/${invoice.id}`, { headers })).json()) as { invoiceNumber: string };
  expect(issued.invoiceNumber).toMatch(/^INV-\d+$/);
  expect(mail).toContain(`Subject: Statement for Stan Statement - ${issued.invoiceNumber}`);
  expect(mail).toContain('From: Template Trading via Billpoint <');

  // The customer's page invites them to the portal.
  await page.goto(`/customers/${customer.id}/view`);
  await page.getByRole('button', { name: 'Invite to portal' }).click();
  await expect(toasts(page).getByText('Portal invitation sent')).toBeVisible();
  await expect.poll(() => mailsTo(email).some((m) => m.includes('Subject: Your customer portal at Template Trading'))).toBe(true);

  // Reset to default, after confirming; and the screen at 390 px.
  await page.goto('/settings/email-templates');
  await page.getByRole('button', { name: 'Reset to default' }).click();
  await page.getByRole('alertdialog', { name: 'Reset to default?' }).getByRole('button', { name: 'Reset' }).click();
  await expect(toasts(page).getByText('Template reset to default')).toBeVisible();
  await expect(list.getByText('Default')).toHaveCount(5);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(list.getByRole('listitem')).toHaveCount(5);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page, 'e-mail templates (390)');
  await snap(page, testInfo, '02-email-templates-phone');
});
