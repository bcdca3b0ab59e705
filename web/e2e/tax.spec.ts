import { expect, test } from '@playwright/test';
import { expectAccessible, signUp, snap, toasts } from './support';

/**
 * Tax: create a tax rate, put it on an invoice line (the invoice form's tax picker), send the invoice,
 * see the tax summary pick it up (the ledger is fed by billing's events: reloaded until the figure shows, never a
 * fixed wait), generate a sales tax report that shows the tax, view it and download its CSV; the compliance tab.
 */
test('tax: a rate on an invoice, the summary, a sales tax report with the tax, deadlines', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await signUp(page, { firstName: 'Tom', lastName: 'Tax', organization: 'Levy & Co' });
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });

  await sidebar.getByRole('link', { name: 'Tax Management' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tax Management' })).toBeVisible();
  for (const tab of ['Overview', 'Tax Rates', 'Financial Reports', 'Tax Compliance'])
    await expect(page.getByRole('tab', { name: tab })).toBeVisible();
  await expect(page.getByTestId('summary-tax-collected').getByTestId('summary-value')).toHaveText('$0.00');
  await snap(page, testInfo, '01-tax-overview-empty');
  await expectAccessible(page, 'tax overview');

  // Add Tax Rate: the form's messages, then a rate
  await page.getByRole('button', { name: 'Add Tax Rate' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Tax Rate' });
  await expect(dialog.getByRole('combobox', { name: 'Type' })).toHaveText('Sales Tax');
  await dialog.getByRole('button', { name: 'Add Tax Rate' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await expect(dialog.getByText('Jurisdiction is required')).toBeVisible();
  await expect(dialog.getByText('Rate is required')).toBeVisible();
  await expectAccessible(page, 'add tax rate dialog');
  await dialog.getByLabel('Name').fill('CA Sales Tax');
  await dialog.getByLabel('Jurisdiction').fill('California');
  await dialog.getByLabel('Rate (%)').fill('8.25');
  await dialog.getByRole('button', { name: 'Add Tax Rate' }).click();
  await expect(toasts(page).getByText('Tax Rate Created', { exact: true })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await page.getByRole('tab', { name: 'Tax Rates' }).click();
  const rateRow = page.getByTestId('tax-rate-row').filter({ hasText: 'CA Sales Tax' });
  await expect(rateRow).toContainText('California');
  await expect(rateRow).toContainText('8.25%');
  await expect(rateRow).toContainText('Sales Tax');
  await snap(page, testInfo, '02-tax-rates');
  await expectAccessible(page, 'tax rates');

  // A customer, and an invoice whose line is taxed at that rate; sent (a draft is not a sale on the books)
  await page.goto('/customers/create');
  await page.getByLabel('Name').fill('Initech LLC');
  await page.getByLabel('Email').fill('ap@initech.test');
  await page.getByRole('button', { name: 'Create Customer' }).click();
  await expect(toasts(page).getByText('Customer created successfully', { exact: true })).toBeVisible();
  await page.goto('/invoices/create');
  await page.getByRole('combobox', { name: 'Customer' }).click();
  await page.getByRole('option', { name: 'Initech LLC - ap@initech.test' }).click();
  await page.getByLabel('Description (item 1)').fill('Consulting');
  await page.getByLabel('Qty (item 1)').fill('1');
  await page.getByLabel('Rate (item 1)').fill('1000');
  await page.getByRole('combobox', { name: 'Tax (item 1)' }).click();
  await page.getByRole('option', { name: /CA Sales Tax/ }).click();
  await expect(page.getByTestId('invoice-tax')).toHaveText('Tax: $82.50');
  await page.getByRole('button', { name: 'Create Invoice' }).click();
  await expect(toasts(page).getByText('Invoice created successfully', { exact: true })).toBeVisible();
  await page
    .getByTestId('invoice-row')
    .first()
    .getByRole('link', { name: /View invoice details/ })
    .click();
  await page.getByRole('button', { name: 'Send to Customer' }).click();
  await expect(toasts(page).getByText('Invoice Sent', { exact: true })).toBeVisible();

  // The overview picks it up from the ledger
  await sidebar.getByRole('link', { name: 'Tax Management' }).click();
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('summary-tax-collected').getByTestId('summary-value')).toHaveText('$82.50', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId('summary-taxable-sales').getByTestId('summary-value')).toHaveText('$1,000.00');
  await expect(page.getByTestId('summary-effective-rate').getByTestId('summary-value')).toHaveText('8.25%');

  // Quick Actions: the current quarter by default; the organization files monthly (its default), so the report that
  // files the running period's return is the current month's
  await expect(page.getByRole('combobox', { name: 'Period' })).toContainText(/Current Quarter \(\d{4}-Q[1-4]\)/);
  await page.getByRole('combobox', { name: 'Period' }).click();
  await page.getByRole('option', { name: /^Current Month/ }).click();
  await page.getByRole('combobox', { name: 'Report Type' }).click();
  await page.getByRole('option', { name: 'Sales Tax Report' }).click();
  await snap(page, testInfo, '03-tax-overview');
  await page.getByRole('button', { name: 'Generate Report' }).click();
  await expect(toasts(page).getByText('Report Generated', { exact: true })).toBeVisible();
  const report = page.getByTestId('report-row').first();
  await expect(report.getByTestId('report-status')).toHaveText('Generated');
  await expect(report).toContainText('$82.50');
  await snap(page, testInfo, '04-reports');
  await expectAccessible(page, 'financial reports');
  await report.getByRole('button', { name: /View report/ }).click();
  const view = page.getByTestId('report-view');
  // The rate's taxable sales and its tax, exactly.
  const lines = view.getByTestId('report-line').filter({ hasText: 'CA Sales Tax (8.25%)' });
  await expect(lines.filter({ hasText: '$1,000.00' })).toHaveCount(1);
  await expect(lines.filter({ hasText: '$82.50' })).toHaveCount(1);
  await snap(page, testInfo, '05-report-view');
  await expectAccessible(page, 'report view');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
  const csv = await (await download.createReadStream()).toArray();
  expect(Buffer.concat(csv).toString('utf8')).toContain('82.50');
  await page.keyboard.press('Escape');

  // Compliance: a new organization owes no return for the months before it existed; the current month is running
  // (Upcoming: nothing due yet; its report is generated, not filed)
  await page.getByRole('tab', { name: 'Tax Compliance' }).click();
  const deadlines = page.getByTestId('deadline');
  await expect(deadlines).toHaveCount(1);
  await expect(deadlines.last().getByTestId('deadline-status')).toHaveText('Upcoming');
  await expect(page.getByTestId('deadline-status').filter({ hasText: 'Overdue' })).toHaveCount(0);
  await expect(deadlines.last()).toContainText('is ready to be marked filed');

  // Filed early: marking the report filed on the reports tab files the current month's return
  await page.getByRole('tab', { name: 'Financial Reports' }).click();
  await page
    .getByTestId('report-row')
    .first()
    .getByRole('button', { name: /^Mark as filed/ })
    .click();
  await expect(toasts(page).getByText('Report Marked as Filed', { exact: true })).toBeVisible();
  await expect(page.getByTestId('report-row').first().getByTestId('report-status')).toHaveText('Filed');
  await page.getByRole('tab', { name: 'Tax Compliance' }).click();
  await expect(deadlines.last().getByTestId('deadline-status')).toHaveText('Filed');
  await snap(page, testInfo, '06-compliance');
  await expectAccessible(page, 'tax compliance');
});
