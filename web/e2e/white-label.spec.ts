import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible as axe, signUp, snap, toasts, uniqueEmail } from './support';

const headers = { 'X-Requested-With': 'XMLHttpRequest' };
const outbox = join(process.env.BILLPOINT_E2E_DATA_DIR!, 'outbox');

/** The raw .eml files addressed to `email`, headers unfolded. */
const rawMailsTo = (email: string) =>
  readdirSync(outbox, { withFileTypes: true })
    .filter((f) => f.isFile() && f.name.endsWith('.eml'))
    .map((f) => readFileSync(join(outbox, f.name), 'utf8').replace(/\r?\n[ \t]+/g, ' '))
    .filter((m) => m.includes(`To: ${email}`));

/**
 * A message as a reader sees it: its headers, and every part decoded (quoted-printable or base64), attachments
 * included, so that a word cannot hide behind a transfer encoding.
 */
function decoded(raw: string): { headers: string; parts: { type: string; body: Buffer }[] } {
  const [head = ''] = raw.split(/\r?\n\r?\n/, 1);
  const parts: { type: string; body: Buffer }[] = [];
  for (const chunk of raw.split(/\r?\n--[^\r\n]+\r?\n/).slice(1)) {
    const split = chunk.search(/\r?\n\r?\n/);
    if (split < 0) continue;
    const partHead = chunk.slice(0, split);
    const body = chunk
      .slice(split)
      .trim()
      .replace(/\r?\n--[^\r\n]*--\s*$/, '');
    const type = /content-type:\s*([^;\s]+)/i.exec(partHead)?.[1] ?? '';
    if (type.startsWith('multipart/')) continue;
    const encoding = /content-transfer-encoding:\s*(\S+)/i.exec(partHead)?.[1]?.toLowerCase();
    const bytes =
      encoding === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64')
        : encoding === 'quoted-printable'
          ? Buffer.from(
              body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
              'latin1',
            )
          : Buffer.from(body);
    parts.push({ type, body: bytes });
  }
  return { headers: head, parts };
}

const header = (head: string, name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(head)?.[1];

async function expectAccessible(page: Page, screen: string) {
  await page.mouse.move(0, 0);
  await axe(page, screen);
}

test('white-label: an Enterprise organization’s e-mail, PDF, pay page and portal never say Billpoint', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUp(page, { firstName: 'Wendy', lastName: 'Label', organization: 'Initrode Holdings' });

  // Below Enterprise, the switch is locked and says why.
  await page.goto('/settings?section=portal');
  const whiteLabel = page.getByRole('switch', { name: 'White-label' });
  await expect(whiteLabel).toBeDisabled();
  await expect(page.getByText('White-label is part of the Enterprise plan; this organization is on Professional.')).toBeVisible();

  // Enterprise (demo mode), then white-label on.
  await page.goto('/subscription-plans');
  await page.getByTestId('plan-enterprise').getByRole('button', { name: 'Switch to Enterprise' }).click();
  await expect(toasts(page).getByText('Subscription Updated', { exact: true })).toBeVisible();
  await page.goto('/settings?section=portal');
  await expect(whiteLabel).toBeEnabled();
  await whiteLabel.click();
  await expect(whiteLabel).toBeChecked();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toasts(page).getByText('Customer portal settings saved')).toBeVisible();
  const settings = await (await page.request.get('/api/organization-settings')).json();
  expect(settings).toMatchObject({ isWhiteLabel: true, whiteLabelActive: true });
  await snap(page, testInfo, '01-white-label-settings');

  // An invoice e-mailed to a customer: nothing in it, its PDF included, names Billpoint; it comes from our name.
  const email = uniqueEmail('wl-customer');
  const customer = await (await page.request.post('/api/customers', { headers, data: { name: 'Milton Waddams', email } })).json();
  const due = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  const made = await page.request.post('/api/invoices', {
    headers,
    data: { invoice: { customerId: customer.id, dueDate: due }, items: [{ description: 'Stapler', quantity: '1', rate: '19.99' }] },
  });
  expect(made.status(), await made.text()).toBe(201);
  const invoice = await made.json();
  const sent = await page.request.post(`/api/invoices/${invoice.id}/send`, { headers, data: {} });
  expect(sent.status(), await sent.text()).toBe(200);
  // Sending issued it under its legal number.
  const issued = (await (await page.request.get(`/api/invoices/${invoice.id}`, { headers })).json()) as { invoiceNumber: string };
  await expect.poll(() => rawMailsTo(email).length, { message: `an .eml to ${email}` }).toBe(1);
  const mail = decoded(rawMailsTo(email)[0]!);
  expect(header(mail.headers, 'From')).toMatch(/^"?Initrode Holdings"? </);
  expect(header(mail.headers, 'Subject')).toContain('Initrode Holdings');
  expect(mail.headers).not.toContain('Billpoint');
  expect(mail.parts.map((p) => p.type)).toEqual(expect.arrayContaining(['text/plain', 'text/html', 'application/pdf']));
  for (const part of mail.parts) expect(part.body.toString('latin1'), part.type).not.toMatch(/billpoint/i);

  // The pay page: the organization's name in the bar and the title, no Billpoint anywhere.
  const token = /\/pay\/([A-Za-z0-9_-]+)/.exec(mail.parts.find((p) => p.type === 'text/plain')!.body.toString())?.[1];
  expect(token).toBeTruthy();
  for (const width of [390, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: 844 } });
    const pay = await context.newPage();
    await pay.goto(`/pay/${token}`);
    await expect(pay.getByText('Initrode Holdings').first()).toBeVisible();
    await expect(pay.getByText(issued.invoiceNumber).first()).toBeVisible();
    await expect(pay.locator('body')).not.toContainText(/billpoint/i);
    await expect(pay).not.toHaveTitle(/billpoint/i);
    await expectAccessible(pay, `white-label pay page (${width})`);
    await snap(pay, testInfo, `02-white-label-pay-${width}`);

    // The portal's sign-in: the organization's name, no "Powered by".
    await pay.goto(`/portal/${settings.portalSlug}`);
    await expect(pay.getByRole('heading', { name: 'Sign in to Initrode Holdings' })).toBeVisible();
    await expect(pay.locator('body')).not.toContainText(/billpoint/i);
    await expect(pay).not.toHaveTitle(/billpoint/i);
    await expectAccessible(pay, `white-label portal (${width})`);
    await snap(pay, testInfo, `03-white-label-portal-${width}`);
    await context.close();
  }
});
