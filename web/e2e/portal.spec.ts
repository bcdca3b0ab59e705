import { readFileSync } from 'node:fs';
import { chromium, expect, test } from '@playwright/test';
import { PORTAL_SLUG_PATTERN, PortalSignInMessages, type OrganizationSettings, type PortalBranding } from '@billpoint/proto';
import { signUp, toasts, uniqueEmail } from './support';
import { fillDemoCard } from './pay-support';
import { check, createCustomer, createInvoice, header, mails, signInLink } from './portal-support';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const headers = { 'X-Requested-With': 'XMLHttpRequest' };
const DOMAIN = 'portal.e2e.test';

/**
 * The customer portal against the real app: the organization invoices two customers; one of them signs in
 * with an e-mailed link on a phone and on a desktop, sees only their issued invoices, pays two at once in demo mode,
 * gets the receipt e-mail, downloads a statement and edits their profile; then the same portal answers on the
 * organization's own domain with its branding.
 */
test('portal: sign in by e-mailed link, only my invoices, pay two at once, receipt e-mail, statement, profile; custom domain', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(300_000);
  await page.setViewportSize(DESKTOP);
  await signUp(page, { firstName: 'Bill', lastName: 'Lumbergh', organization: 'Lumbergh Supplies' });

  // The organization: its name in settings, and its own subject for the receipt e-mail (the payment_received template).
  await page.goto('/settings?section=organization');
  await expect(page.getByLabel('Company name')).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Company name').fill('Lumbergh Supplies Ltd');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toasts(page).getByText('Organization settings saved')).toBeVisible();
  const received = await page.request.put('/api/email-templates/payment_received', {
    headers,
    data: {
      subject: 'Your receipt {{receipt.number}} from {{organization.name}}',
      htmlContent: '<p>Thank you, {{customer.name}}. We received {{payment.amount}} for {{payment.invoices}}.</p>',
      textContent: 'Thank you, {{customer.name}}. We received {{payment.amount}} for {{payment.invoices}}.',
    },
  });
  expect(received.ok(), await received.text()).toBe(true);
  const settings = (await (await page.request.get('/api/organization-settings')).json()) as OrganizationSettings;
  const slug = settings.portalSlug;
  expect(slug).toMatch(PORTAL_SLUG_PATTERN);

  // Two customers; three issued invoices and a draft for ours, one for the other.
  const ours = uniqueEmail('peter');
  const theirs = uniqueEmail('joanna');
  await createCustomer(page, 'Initech LLC', ours);
  await createCustomer(page, 'Chotchkies', theirs);
  const first = await createInvoice(page, { customer: 'Initech LLC', email: ours, description: 'TPS cover sheets', rate: '120' });
  const second = await createInvoice(page, { customer: 'Initech LLC', email: ours, description: 'Red staplers', rate: '80.50' });
  const third = await createInvoice(page, { customer: 'Initech LLC', email: ours, description: 'Printer repair', rate: '45' });
  const draft = await createInvoice(page, { customer: 'Initech LLC', email: ours, description: 'Not yet', rate: '10', draft: true });
  const other = await createInvoice(page, { customer: 'Chotchkies', email: theirs, description: 'Flair', rate: '99' });

  // On a phone: the sign-in page in the organization's name; the link is asked for with the keyboard.
  const phoneContext = await browser.newContext({ baseURL, viewport: PHONE, colorScheme: 'light' });
  const phone = await phoneContext.newPage();
  await phone.goto(`/portal/${slug}`);
  await expect(phone.getByRole('heading', { level: 1, name: 'Sign in to Lumbergh Supplies Ltd' })).toBeVisible();
  await expect(phone.getByTestId('powered-by')).toHaveText('Powered by Billpoint');
  await check(phone, testInfo, 'portal-01-sign-in-390');
  await phone.getByLabel('Email').fill(ours);
  await phone.keyboard.press('Enter');
  await expect(phone.getByTestId('sign-in-sent')).toHaveText(PortalSignInMessages.sent);
  await check(phone, testInfo, 'portal-02-link-sent-390');
  // An address that is no customer's gets the same answer (and no e-mail).
  const unknown = await phone.request.post(`/api/portal/${slug}/sign-in`, { headers, data: { email: uniqueEmail('nobody') } });
  expect(unknown.status()).toBe(202);
  expect(((await unknown.json()) as { message: string }).message).toBe(PortalSignInMessages.sent);

  const phoneLink = await signInLink(ours, slug);
  await phone.goto(phoneLink);
  await expect(phone.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
  await expect(phone.getByTestId('portal-invoice')).toHaveCount(3);
  await expect(phone.getByRole('table')).toHaveCount(0); // cards on a phone
  await check(phone, testInfo, 'portal-03-invoices-390');
  // The link works once.
  const again = await browser.newContext({ baseURL });
  const againPage = await again.newPage();
  await againPage.goto(phoneLink);
  await expect(againPage.getByRole('heading', { name: 'This link cannot be used' })).toBeVisible();
  await expect(againPage.getByRole('alert')).toHaveText(PortalSignInMessages.linkInvalid);
  await again.close();

  // On a desktop: a new link, exactly the customer's issued invoices, the totals, nothing of the staff app.
  const deskContext = await browser.newContext({ baseURL, viewport: DESKTOP, colorScheme: 'light' });
  const desk = await deskContext.newPage();
  await desk.goto(`/portal/${slug}`);
  await desk.getByLabel('Email').fill(ours);
  await desk.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(desk.getByTestId('sign-in-sent')).toBeVisible();
  await desk.goto(await signInLink(ours, slug, [phoneLink]));
  await expect(desk.getByRole('table')).toBeVisible();
  const numbers = desk.getByTestId('portal-invoice-number');
  await expect(numbers).toHaveCount(3);
  expect((await numbers.allTextContents()).sort()).toEqual([first, second, third].sort());
  for (const absent of [draft, other]) await expect(desk.getByText(absent, { exact: true })).toHaveCount(0);
  await expect(desk.getByTestId('summary-outstanding').getByTestId('summary-value')).toHaveText('$245.50');
  await expect(desk.getByRole('complementary', { name: 'Sidebar' })).toHaveCount(0);
  expect((await desk.request.get('/api/customers')).status()).toBe(401); // a portal session is no staff session
  await check(desk, testInfo, 'portal-04-invoices-1280');

  // Pay two at once with the demo card.
  await desk.getByRole('checkbox', { name: `Select invoice ${first} to pay` }).check();
  await desk.getByRole('checkbox', { name: `Select invoice ${second} to pay` }).check();
  await desk.getByRole('button', { name: 'Pay selected (2) — $200.50' }).click();
  const dialog = desk.getByRole('dialog', { name: 'Pay 2 invoices' });
  await expect(dialog.getByTestId('demo-mode')).toHaveText('Demo mode');
  await fillDemoCard(desk, '4242 4242 4242 4242');
  await check(desk, testInfo, 'portal-05-pay-several-1280');
  await dialog.getByRole('button', { name: 'Pay $200.50' }).click();
  await expect(toasts(desk).getByText('Payment received', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = (n: string) => desk.getByTestId('portal-invoice').filter({ hasText: n });
  await expect(async () => {
    await desk.reload();
    await expect(row(first)).toContainText('Paid', { timeout: 2_000 });
    await expect(row(second)).toContainText('Paid', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(row(third)).not.toContainText('Paid');
  await expect(desk.getByTestId('summary-outstanding').getByTestId('summary-value')).toHaveText('$45.00');
  await check(desk, testInfo, 'portal-06-paid-1280');

  // The receipt e-mail: to the customer, the payment_received template's subject, the receipt PDF attached.
  let receipt: string | undefined;
  await expect
    .poll(() => (receipt = mails().find((m) => header(m, 'To')?.includes(ours) && /^Your receipt /.test(header(m, 'Subject') ?? ''))), {
      message: 'the receipt e-mail',
      timeout: 30_000,
    })
    .toBeTruthy();
  expect(header(receipt!, 'Subject')).toMatch(/^Your receipt RCT-\d{4} from Lumbergh Supplies Ltd$/);
  expect(receipt).toMatch(/Content-Type: application\/pdf/i);
  expect(receipt).toContain(first);

  // Receipts: the one payment, with its PDF.
  const nav = desk.getByRole('navigation', { name: 'Portal' });
  await nav.getByRole('link', { name: 'Receipts' }).click();
  await expect(desk.getByTestId('portal-receipt')).toHaveCount(1);
  await expect(desk.getByTestId('portal-receipt')).toContainText(`${first}`);
  await expect(desk.getByTestId('portal-receipt')).toContainText('$200.50');
  await check(desk, testInfo, 'portal-07-receipts-1280');

  // Statement: a PDF download of this year.
  await nav.getByRole('link', { name: 'Statement' }).click();
  await expect(desk.getByLabel('From')).toHaveValue(`${new Date().getFullYear()}-01-01`);
  await check(desk, testInfo, 'portal-08-statement-1280');
  const [download] = await Promise.all([desk.waitForEvent('download'), desk.getByRole('button', { name: 'Download statement' }).click()]);
  expect(
    readFileSync(await download.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');

  // Profile: the phone number saved, still there after a reload.
  await nav.getByRole('link', { name: 'Profile' }).click();
  await desk.getByLabel('Phone').fill('+1 555 0100');
  await desk.getByLabel('City').fill('Austin');
  await desk.getByRole('button', { name: 'Save profile' }).click();
  await expect(toasts(desk).getByText('Profile saved', { exact: true })).toBeVisible();
  await desk.reload();
  await expect(desk.getByLabel('Phone')).toHaveValue('+1 555 0100');
  await check(desk, testInfo, 'portal-09-profile-1280');
  await phoneContext.close();
  await deskContext.close();

  // The organization's own domain (npm start trusts it without DNS): the branding API by Host, an unknown host 404.
  await page.goto('/settings?section=organization');
  await page.getByLabel('Custom domain').fill(DOMAIN);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toasts(page).getByText('Organization settings saved')).toBeVisible();
  const port = new URL(baseURL!).port;
  const byHost = await page.request.get('/api/portal/branding', { headers: { Host: `${DOMAIN}:${port}` } });
  expect(byHost.status()).toBe(200);
  const branding = (await byHost.json()) as PortalBranding;
  expect(branding).toMatchObject({ slug, organizationName: 'Lumbergh Supplies Ltd', whiteLabel: false });
  expect((await page.request.get('/api/portal/branding', { headers: { Host: `unknown.e2e.test:${port}` } })).status()).toBe(404);

  // A browser that resolves the domain to this machine: /portal in the organization's name and colour.
  // Debian's Chromium with the project's flags (playwright.config.ts), and the domain mapped to this machine.
  const launch = testInfo.project.use.launchOptions ?? {};
  const custom = await chromium.launch({ ...launch, args: [...(launch.args ?? []), `--host-resolver-rules=MAP ${DOMAIN} 127.0.0.1`] });
  try {
    const context = await custom.newContext({ viewport: DESKTOP, colorScheme: 'light' });
    const portal = await context.newPage();
    await portal.goto(`http://${DOMAIN}:${port}/portal`);
    await expect(portal.getByRole('heading', { level: 1, name: 'Sign in to Lumbergh Supplies Ltd' })).toBeVisible();
    await expect(portal.getByTestId('portal-organization')).toHaveText('Lumbergh Supplies Ltd');
    const accent = await portal
      .getByTestId('portal-shell')
      .evaluate((el) => getComputedStyle(el).getPropertyValue('--portal-accent').trim());
    expect(accent.toLowerCase()).toBe(branding.primaryColor.toLowerCase());
    await check(portal, testInfo, 'portal-10-custom-domain-1280');
    await portal.setViewportSize(PHONE);
    await check(portal, testInfo, 'portal-11-custom-domain-390');
    // No staff app on a customer's domain.
    expect((await page.request.get('/api/customers', { headers: { Host: `${DOMAIN}:${port}` } })).status()).toBe(404);
  } finally {
    await custom.close();
  }
});
