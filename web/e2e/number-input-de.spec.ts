import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { expectAccessible, signUp, snap, toasts, uniqueEmail } from './support';
import { fillDemoCard, payLinkFromMail, sendInvoice } from './pay-support';

/**
 * A German browser (de-DE): amounts are typed with a decimal comma and read as such. On the public pay page
 * "1.000,00" pays one thousand, shown back before paying; "1.5" could be read two ways and is refused; "1,5" reads
 * 1,50. In the app, a tax rate typed "7,0" is saved as 7 %, and invoice lines take "1,5" hours at "1.200,00".
 */
test.use({ locale: 'de-DE', timezoneId: 'Europe/Berlin' });

test('a German browser types amounts with a decimal comma: the pay page, a tax rate and invoice lines', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  await signUp(page, { firstName: 'Greta', lastName: 'Gestalt', organization: 'Gestaltwerk' });

  // A tax rate typed "7,0": 7 %, not 70 %
  await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'Tax Management' }).click();
  await page.getByRole('button', { name: 'Add Tax Rate' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Tax Rate' });
  await dialog.getByLabel('Name').fill('USt ermäßigt');
  await dialog.getByLabel('Jurisdiction').fill('Deutschland');
  await dialog.getByLabel('Rate (%)').fill('7.5');
  await dialog.getByRole('button', { name: 'Add Tax Rate' }).click();
  await expect(dialog.getByText('Rate: "7.5" could be read two ways. Write it like 1.234,56')).toBeVisible();
  await snap(page, testInfo, '01-tax-rate-ambiguous');
  await expectAccessible(page, 'tax rate ambiguous (de)');
  await dialog.getByLabel('Rate (%)').fill('7,0');
  await dialog.getByRole('button', { name: 'Add Tax Rate' }).click();
  await expect(toasts(page).getByText('Tax Rate Created', { exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Tax Rates' }).click();
  const rateRow = page.getByTestId('tax-rate-row').filter({ hasText: 'USt ermäßigt' });
  await expect(rateRow).toContainText('7.00%');

  // An invoice with lines typed the German way: 1,5 × 1.200,00 = 1.800,00 and 2 × 100 (USD, the default)
  const email = uniqueEmail('buchhaltung');
  await sendInvoice(page, {
    customer: 'Kunde GmbH',
    email,
    items: [
      { description: 'Gestaltung', quantity: '1,5', rate: '1.200,00' },
      { description: 'Druckvorlage', quantity: '2', rate: '100' },
    ],
  });
  const link = payLinkFromMail(join(process.env.BILLPOINT_E2E_DATA_DIR!, 'outbox'), email);

  for (const width of [390, 1280]) {
    const payer = await browser.newContext({ locale: 'de-DE', timezoneId: 'Europe/Berlin', viewport: { width, height: 900 } });
    const pay = await payer.newPage();
    await pay.goto(link);
    const amount = pay.getByLabel('Amount to pay (USD)');
    // The balance as a German reader writes it: 2.000,00 in full
    await expect(amount).toHaveValue('2000,00');
    await expect(pay.getByText('You pay 2.000,00 $')).toBeVisible();

    await amount.fill('1.5');
    await expect(pay.getByText('"1.5" could be read two ways. Enter the amount like 1.234,56')).toBeVisible();
    await expect(pay.getByRole('button', { name: 'Pay', exact: true })).toBeDisabled();
    await snap(pay, testInfo, `02-pay-ambiguous-${width}`);
    await expectAccessible(pay, `pay page, ambiguous amount (de, ${width} px)`);

    await amount.fill('1,5');
    await expect(pay.getByText('You pay 1,50 $')).toBeVisible();
    await amount.fill('1.000,00');
    await expect(pay.getByText('You pay 1.000,00 $')).toBeVisible();
    await snap(pay, testInfo, `03-pay-read-back-${width}`);
    await expectAccessible(pay, `pay page, amount read back (de, ${width} px)`);
    const scroll = await pay.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(scroll, `no sideways scroll at ${width} px`).toBeLessThanOrEqual(0);
    if (width === 1280) {
      await fillDemoCard(pay, '4242 4242 4242 4242');
      await pay.getByRole('button', { name: 'Pay $1,000.00' }).click();
      await expect(pay.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
      await expect(pay.getByTestId('remaining-balance')).toHaveText('$1,000.00');
      await snap(pay, testInfo, '04-pay-part-paid');
    }
    await payer.close();
  }
});
