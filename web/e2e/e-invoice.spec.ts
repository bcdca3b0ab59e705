import { readFileSync } from 'node:fs';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { expectAccessible, signUp, snap, toasts } from './support';

/**
 * EN 16931 e-invoices as a user gets them. An invoice without the seller's VAT id cannot be an e-invoice (the
 * menu's toast names BT-31); the seller's address, VAT id and bank account entered in Settings, the buyer's address and
 * Leitweg-ID on the customer screen, then every format downloads from the invoice view (XML or PDF).
 */
const headers = { 'X-Requested-With': 'XMLHttpRequest' };

async function bothWidths(page: Page, testInfo: TestInfo, screen: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    await expectAccessible(page, `${screen} at ${width} px`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${screen} fits ${width} px`).toBe(true);
    await snap(page, testInfo, `${screen}-${width}`);
  }
}

test('e-invoices: a missing VAT id is named, then every format downloads from the invoice view', async ({ page }, testInfo) => {
  // Five screens at two widths each, five downloads: longer than one screen's journey.
  test.setTimeout(240_000);
  await signUp(page, { firstName: 'Erika', lastName: 'Rechnung', organization: 'Nordlicht Software' });
  const customer = await page.request.post('/api/customers', {
    headers,
    data: { name: 'Marie Curie', email: 'ap@lumiere.test', company: 'Atelier Lumière SARL', taxId: 'FR40303265045' },
  });
  expect(customer.status()).toBe(201);
  const customerId = (await customer.json()).id as number;
  const rate = await page.request.post('/api/tax-rates', {
    headers,
    data: { name: 'USt 19%', jurisdiction: 'Germany', rate: '19', type: 'vat', startDate: '2020-01-01' },
  });
  expect(rate.status()).toBe(201);
  const due = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const made = await page.request.post('/api/invoices', {
    headers,
    data: {
      invoice: { customerId, dueDate: due, currency: 'EUR' },
      items: [{ description: 'Implementation', quantity: '4', rate: '110.00', taxRateId: (await rate.json()).id }],
    },
  });
  expect(made.status()).toBe(201);
  const invoice = (await made.json()) as { id: number; invoiceNumber: string };

  // Nothing entered yet: the menu's toast names what is missing, with its business term.
  await page.goto(`/invoices/${invoice.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Invoice Details' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Download e-invoice' }).click();
  await expect(page.getByRole('menuitem')).toHaveText([
    'UBL 2.1 (XML)',
    'UN/CEFACT CII (XML)',
    'XRechnung 3 UBL (XML)',
    'XRechnung 3 CII (XML)',
    'Factur-X / ZUGFeRD (PDF)',
  ]);
  await snap(page, testInfo, '01-e-invoice-menu');
  await page.getByRole('menuitem', { name: 'UBL 2.1 (XML)' }).click();
  const refusal = toasts(page).getByText(/Seller VAT identifier \(BT-31\) is required/);
  await expect(refusal).toBeVisible();
  await expect(toasts(page).getByText('The e-invoice cannot be made')).toBeVisible();
  await snap(page, testInfo, '02-missing-vat-id');
  await expectAccessible(page, 'invoice view with the e-invoice refusal');

  // Settings → Organization: the seller's address, VAT id and bank account; a wrong IBAN is refused first.
  await page.goto('/settings?section=organization');
  await expect(page.getByLabel('Company name')).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Company name').fill('Nordlicht Software GmbH');
  await page.getByLabel('Phone').fill('+49 30 1234567');
  await page.getByLabel('Billing e-mail').fill('billing@nordlicht.test');
  await page.getByLabel('Tax ID').fill('DE123456789');
  await page.getByLabel('Street').fill('Hauptstraße 1');
  await page.getByLabel('Postal code').fill('10115');
  await page.getByLabel('City').fill('Berlin');
  await page.getByLabel('Country code (e.g. DE)').fill('Germany');
  await page.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 01');
  await page.getByLabel('BIC').fill('COBADEFFXXX');
  await page.getByLabel('Account holder').fill('Nordlicht Software GmbH');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Country must be an ISO 3166-1 alpha-2 code such as DE or FR')).toBeVisible();
  await expect(page.getByText('IBAN is not valid (check its country code, length and check digits)')).toBeVisible();
  await bothWidths(page, testInfo, '03-settings-invalid');
  await page.getByLabel('Country code (e.g. DE)').fill('de');
  await page.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 00');
  await page.getByRole('switch', { name: /Attach the Factur-X PDF/ }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toasts(page).getByText('Organization settings saved')).toBeVisible();
  await expect(page.getByLabel('IBAN')).toHaveValue('DE89370400440532013000');
  await expect(page.getByLabel('Country code (e.g. DE)')).toHaveValue('DE');
  await bothWidths(page, testInfo, '04-settings-saved');

  // The customer screen: the buyer's address and Leitweg-ID.
  await page.goto(`/customers/${customerId}/edit`);
  await expect(page.getByLabel('Street')).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Street').fill('12 rue de la Paix');
  await page.getByLabel('Postal code').fill('75002');
  await page.getByLabel('City').fill('Paris');
  await page.getByLabel('Country code (e.g. DE)').fill('FR');
  await page.getByLabel('Buyer reference (Leitweg-ID)').fill('04011000-12345-34');
  await bothWidths(page, testInfo, '05-customer-edit');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toasts(page).getByText('Customer updated successfully')).toBeVisible();

  // Send it (the e-mail carries the Factur-X PDF once billing has the new settings), then every format downloads.
  await expect
    .poll(async () => (await page.request.get(`/api/invoices/${invoice.id}/e-invoice?format=xrechnung`, { headers })).status(), {
      message: 'billing has learnt the seller and the buyer',
      timeout: 20_000,
    })
    .toBe(200);
  await page.goto(`/invoices/${invoice.id}`);
  await page.getByRole('button', { name: 'Send to Customer' }).click();
  await expect(toasts(page).getByText('Invoice Sent', { exact: true })).toBeVisible();
  // Issued now: the documents carry the legal number it took on sending.
  await expect(page.getByTestId('invoice-number')).toHaveText(/^INV-\d+$/);
  const legalNumber = (await page.getByTestId('invoice-number').textContent())!;
  const formats: [string, string, string][] = [
    ['UBL 2.1 (XML)', 'ubl.xml', '<?xml'],
    ['UN/CEFACT CII (XML)', 'cii.xml', '<?xml'],
    ['XRechnung 3 UBL (XML)', 'xrechnung.xml', '<?xml'],
    ['XRechnung 3 CII (XML)', 'xrechnung-cii.xml', '<?xml'],
    ['Factur-X / ZUGFeRD (PDF)', 'factur-x.pdf', '%PDF'],
  ];
  for (const [label, suffix, start] of formats) {
    await page.getByRole('button', { name: 'Download e-invoice' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: label }).click()]);
    expect(download.suggestedFilename()).toBe(`invoice-${legalNumber}-${suffix}`);
    const bytes = readFileSync((await download.path())!);
    expect(bytes.subarray(0, start.length).toString()).toBe(start);
    if (start === '<?xml') expect(bytes.toString()).toContain('DE123456789');
  }
  await bothWidths(page, testInfo, '06-invoice-view');
  await page.getByRole('button', { name: 'Download e-invoice' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await bothWidths(page, testInfo, '07-invoice-view-menu');
});
