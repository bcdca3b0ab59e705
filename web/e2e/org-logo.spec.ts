import { expect, test, type Page } from '@playwright/test';
import { expectAccessible as axe, signUp, snap, toasts, uniqueEmail } from './support';

const headers = { 'X-Requested-With': 'XMLHttpRequest' };
/** A small square logo: a violet tile with a white ring. */
const LOGO_SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">' +
    '<rect width="64" height="64" rx="12" fill="#7c3aed"/><circle cx="32" cy="32" r="16" fill="none" stroke="#fff" stroke-width="6"/></svg>',
);

async function expectAccessible(page: Page, screen: string) {
  await page.mouse.move(0, 0);
  await axe(page, screen);
}

/** The image `src` is shown and has loaded (a broken one is hidden by the page). */
async function expectLogoShown(page: Page, src: string) {
  const img = page.locator(`img[src="${src}"]`).first();
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
}

test('organization logo: uploaded in settings, shown on the pay page and in the customer portal', async ({ page, browser }, testInfo) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUp(page, { firstName: 'Lotte', lastName: 'Logo', organization: 'Gesicht & Co' });

  // Settings: upload the logo, see its preview, save.
  await page.goto('/settings?section=organization');
  await page
    .getByLabel('Organization logo', { exact: true })
    .setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: LOGO_SVG });
  const preview = page.getByRole('img', { name: 'Logo preview' });
  await expect(preview).toBeVisible();
  const logoUrl = await preview.getAttribute('src');
  expect(logoUrl).toMatch(/^\/api\/logos\/[A-Za-z0-9_-]{43}$/);
  await page.getByRole('button', { name: 'Save', exact: true }).first().click();
  await expect(toasts(page).getByText('Organization settings saved')).toBeVisible();
  const settings = await (await page.request.get('/api/organization-settings')).json();
  expect(settings.logoUrl).toBe(logoUrl);
  await expectAccessible(page, 'settings with the organization logo (1280)');
  await snap(page, testInfo, '01-settings-logo-1280');

  // Reloaded, the logo is still there (saved), and a save of the other fields keeps it.
  await page.reload();
  await expect(page.getByRole('img', { name: 'Logo preview' })).toHaveAttribute('src', logoUrl!);

  // An invoice sent to a customer: its pay page and the portal show the organization's logo.
  const email = uniqueEmail('logo-customer');
  const customer = await (await page.request.post('/api/customers', { headers, data: { name: 'Kai Kunde', email } })).json();
  const due = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  const made = await page.request.post('/api/invoices', {
    headers,
    data: { invoice: { customerId: customer.id, dueDate: due }, items: [{ description: 'Beratung', quantity: '1', rate: '120' }] },
  });
  expect(made.status(), await made.text()).toBe(201);
  const invoice = await made.json();
  expect((await page.request.post(`/api/invoices/${invoice.id}/send`, { headers, data: {} })).status()).toBe(200);

  for (const width of [390, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: 844 } });
    const visitor = await context.newPage();
    await visitor.goto(`/pay/${invoice.publicToken}`);
    await expect(visitor.getByTestId('seller-name')).toHaveText('Gesicht & Co');
    await expectLogoShown(visitor, logoUrl!);
    await expectAccessible(visitor, `pay page with the organization logo (${width})`);
    await snap(visitor, testInfo, `02-pay-logo-${width}`);

    await visitor.goto(`/portal/${settings.portalSlug}`);
    await expect(visitor.getByTestId('portal-organization')).toContainText('Gesicht & Co');
    await expectLogoShown(visitor, logoUrl!);
    await expectAccessible(visitor, `portal with the organization logo (${width})`);
    await snap(visitor, testInfo, `03-portal-logo-${width}`);
    await context.close();
  }

  // At a phone's width the settings screen holds the logo field without sideways scrolling.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/settings?section=organization');
  await expect(page.getByRole('img', { name: 'Logo preview' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page, 'settings with the organization logo (390)');
  await snap(page, testInfo, '04-settings-logo-390');

  // Removed and saved: the pay page shows no logo any more.
  await page.getByRole('button', { name: 'Remove', exact: true }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).first().click();
  await expect(toasts(page).getByText('Organization settings saved')).toBeVisible();
  expect((await (await page.request.get('/api/organization-settings')).json()).logoUrl).toBeNull();
});
