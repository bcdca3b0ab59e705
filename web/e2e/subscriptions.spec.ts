import { addMonths, format, startOfToday } from 'date-fns';
import { expect, test } from '@playwright/test';
import { expectAccessible, signUp, snap, toasts } from './support';
import { expectListFitsPhone } from './list-phone';

const long = (d: Date) => format(d, 'MMMM d, yyyy');
const short = (d: Date) => format(d, 'MMM d, yyyy');

/**
 * Recurring invoices: create a monthly subscription starting today → list → generate its due invoice → the invoice
 * carries the recurring marker and links back → edit → pause → settings: payment reminders. Through the gateway, on
 * the app as `npm start` runs it.
 */
test('subscriptions: create, generate the due invoice, see it marked, edit, pause; reminder settings', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const today = startOfToday();
  await signUp(page, { firstName: 'Katherine', lastName: 'Johnson', organization: 'Orbital Mechanics' });

  // A customer to bill
  await page.goto('/customers/create');
  await page.getByLabel('Name').fill('Initech LLC');
  await page.getByLabel('Email').fill('ap@initech.test');
  await page.getByRole('button', { name: 'Create Customer' }).click();
  await expect(toasts(page).getByText('Customer created successfully', { exact: true })).toBeVisible();

  // From the dashboard's quick action to the empty list
  await page.goto('/');
  await page.getByRole('link', { name: 'Manage Subscriptions' }).click();
  await expect(page).toHaveURL(/\/subscriptions$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Recurring Invoices' })).toBeVisible();
  await expect(page.getByText('No subscriptions yet.')).toBeVisible();
  await expect(page.getByTestId('summary-total-subscriptions')).toContainText('0 active');
  await snap(page, testInfo, '01-subscriptions-empty');
  await expectAccessible(page, 'subscriptions (empty)');

  // Create: defaults, the spec's messages, then a monthly subscription starting today with one item
  await page.getByRole('link', { name: 'Create Subscription' }).first().click();
  await expect(page).toHaveURL(/\/subscriptions\/create$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Create Subscription' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start Date' })).toHaveText(long(today));
  await expect(page.getByRole('combobox', { name: 'Frequency' })).toHaveText('Monthly');
  await expect(page.getByLabel('Quantity (item 1)')).toHaveValue('1');
  await expect(page.getByRole('button', { name: 'Remove item 1' })).toBeDisabled();
  await page.getByRole('button', { name: 'Create Subscription' }).click();
  await expect(page.getByText('Subscription name is required')).toBeVisible();
  await expect(page.getByText('Customer is required')).toBeVisible();
  await expect(page.getByText('At least one item is required')).toBeVisible();
  await snap(page, testInfo, '02-create-invalid');

  await page.getByLabel('Subscription Name').fill('Website hosting');
  await page.getByRole('combobox', { name: 'Customer' }).click();
  await page.getByRole('option', { name: 'Initech LLC - ap@initech.test' }).click();
  await page.getByLabel('Description (item 1)').fill('Managed hosting');
  await page.getByLabel('Quantity (item 1)').fill('2');
  await page.getByLabel('Unit Price (item 1)').fill('49.99');
  await expect(page.getByLabel('Amount (item 1)')).toHaveValue('$99.98');
  await expect(page.getByTestId('subscription-total')).toHaveText('$99.98');
  await expect(page.getByTestId('items-total')).toHaveText('Total per invoice: $99.98');
  await expect(page.getByTestId('next-invoice-date')).toHaveText(long(addMonths(today, 1)));
  await expect(page.getByTestId('catch-up-notice')).toHaveText(
    `1 invoice will be generated right away for the periods since ${long(today)}.`,
  );
  await page.getByLabel('Notes').fill('Thank you for your business.');
  await snap(page, testInfo, '03-create-filled');
  await expectAccessible(page, 'create subscription');
  await page.getByRole('button', { name: 'Create Subscription' }).click();

  // The list: the row, the cards
  await expect(page).toHaveURL(/\/subscriptions$/);
  await expect(toasts(page).getByText('Subscription created successfully', { exact: true })).toBeVisible();
  const row = page.getByTestId('subscription-row').filter({ hasText: 'Website hosting' });
  await expect(row).toContainText('0 invoices generated');
  await expect(row).toContainText('Initech LLC');
  await expect(row).toContainText('Monthly');
  await expect(row).toContainText('$99.98');
  await expect(row).toContainText(short(today));
  await expect(row).toContainText('Active');
  await expect(page.getByTestId('summary-total-subscriptions')).toContainText('1 active');
  await expect(page.getByTestId('summary-monthly-revenue')).toContainText('$99.98');
  await snap(page, testInfo, '04-subscriptions-list');
  await expectAccessible(page, 'subscriptions list');

  // Generate the due invoice from the row's menu (keyboard: Enter opens, arrows move, Enter chooses)
  await row.getByRole('button', { name: 'More actions' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Generate due invoices' })).toBeFocused();
  await snap(page, testInfo, '05-row-menu');
  await page.keyboard.press('Enter');
  await expect(toasts(page).getByText('1 invoice generated', { exact: true })).toBeVisible();
  await expect(row).toContainText('1 invoice generated');
  await expect(row).toContainText(short(addMonths(today, 1)));
  // A second run produces nothing new
  await row.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Generate due invoices' }).click();
  await expect(toasts(page).getByText('No invoice is due yet', { exact: true })).toBeVisible();

  // Delete asks first; cancelled here
  await row.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Are you sure you want to delete this subscription?' });
  await expect(dialog).toBeVisible();
  await snap(page, testInfo, '06-delete-confirmation');
  await expectAccessible(page, 'delete confirmation');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toBeVisible();

  // The invoice, marked as recurring, links back to its subscription
  await page.goto('/invoices');
  const invoiceRow = page.getByTestId('invoice-row').filter({ has: page.getByRole('img', { name: 'Recurring invoice' }) });
  await expect(invoiceRow).toHaveCount(1);
  await expect(invoiceRow).toContainText('Initech LLC');
  await expect(invoiceRow).toContainText('$99.98');
  await expect(invoiceRow).toContainText(short(today));
  await snap(page, testInfo, '07-invoices-recurring-marker');
  await invoiceRow.getByRole('link', { name: /View invoice details/ }).click();
  await expect(page.getByTestId('invoice-item')).toContainText('Managed hosting');
  await snap(page, testInfo, '07b-invoice-generated-by-subscription');
  await page.getByRole('link', { name: 'Generated by a subscription' }).click();

  // Edit: prefilled; the start date and frequency are fixed now that an invoice exists
  await expect(page).toHaveURL(/\/subscriptions\/\d+\/edit$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Subscription' })).toBeVisible();
  await expect(page.getByLabel('Subscription Name')).toHaveValue('Website hosting');
  await expect(page.getByRole('combobox', { name: 'Customer' })).toHaveText('Initech LLC - ap@initech.test');
  await expect(page.getByRole('button', { name: 'Start Date' })).toBeDisabled();
  await expect(page.getByTestId('next-invoice-date')).toHaveText(long(addMonths(today, 1)));
  await snap(page, testInfo, '08-edit');
  await expectAccessible(page, 'edit subscription');
  await page.getByLabel('Subscription Name').fill('Website hosting (managed)');
  await page.getByRole('button', { name: 'Update Subscription' }).click();
  await expect(page).toHaveURL(/\/subscriptions$/);
  await expect(toasts(page).getByText('Subscription updated', { exact: true })).toBeVisible();

  // Pause
  const updated = page.getByTestId('subscription-row').filter({ hasText: 'Website hosting (managed)' });
  await updated.getByRole('button', { name: 'Pause subscription' }).click();
  await expect(toasts(page).getByText('Subscription status updated', { exact: true })).toBeVisible();
  await expect(updated).toContainText('Paused');
  await expect(updated.getByRole('button', { name: 'Resume subscription' })).toBeVisible();
  await expect(page.getByTestId('summary-active-subscriptions')).toContainText('1 inactive');
  await snap(page, testInfo, '09-paused');

  // Filters on the server
  await page.getByRole('combobox', { name: 'Filter by status' }).click();
  await page.getByRole('option', { name: 'Active', exact: true }).click();
  await expect(page.getByText('No subscriptions found matching your filters.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Filter by status' }).click();
  await page.getByRole('option', { name: 'Paused or Ended' }).click();
  await expect(updated).toBeVisible();

  // Dark theme
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  await sidebar.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await snap(page, testInfo, '10-subscriptions-dark');
  await expectAccessible(page, 'subscriptions list (dark)');
  await page.goto('/subscriptions/create');
  await page.getByLabel('Description (item 1)').fill('Dark mode check');
  await snap(page, testInfo, '11-create-dark');
  await sidebar.getByRole('button', { name: 'Switch to light theme' }).click();

  // Settings → Notifications → Payment reminders
  await sidebar.getByRole('button', { name: 'Settings' }).click();
  await sidebar.getByRole('link', { name: 'General Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  // Organization first: the company as invoices show it.
  await expect(page.getByLabel(/Company name/)).not.toHaveValue('');
  await page.getByLabel('Tax ID').fill('DE-TAX-42');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toasts(page).getByText('Organization settings saved', { exact: true })).toBeVisible();
  await snap(page, testInfo, '12a-settings-organization');
  await expectAccessible(page, 'settings organization');
  await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Appearance' }).click();
  await page.getByRole('radio', { name: 'purple' }).click();
  await snap(page, testInfo, '12b-settings-appearance');
  await expectAccessible(page, 'settings appearance');
  await page.getByRole('radio', { name: 'blue' }).click();
  await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Notifications' }).click();
  const reminders = page.getByRole('switch', { name: 'Send payment reminders' });
  await expect(reminders).not.toBeChecked();
  await reminders.click();
  await page.getByLabel('Days before the due date').fill('5');
  await page.getByLabel('Days between reminders after the due date').fill('10');
  await page.getByLabel('Maximum reminders per invoice').fill('4');
  await expect(page.getByTestId('reminder-explanation')).toHaveText(
    'A reminder e-mail with the current PDF goes to the customer 5 days before the due date, then every 10 days while the invoice is unpaid, at most 4 times; never two on one day.',
  );
  await snap(page, testInfo, '12-settings');
  await expectAccessible(page, 'settings');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toasts(page).getByText('Settings saved', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Send payment reminders' })).toBeChecked();
  await expect(page.getByLabel('Days before the due date')).toHaveValue('5');
  await expect(page.getByLabel('Maximum reminders per invoice')).toHaveValue('4');

  // A phone-sized screen (the sidebar is a drawer there): the rows stack, the form stacks
  await page.goto('/subscriptions');
  await expectListFitsPhone(page, testInfo, { list: 'Subscriptions', row: updated, name: '13-subscriptions-phone' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/subscriptions/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Create Subscription' })).toBeVisible();
  await page.getByLabel('Description (item 1)').fill('Managed hosting');
  await page.getByLabel('Unit Price (item 1)').fill('49.99');
  await snap(page, testInfo, '14-create-phone');
  await page.setViewportSize({ width: 1280, height: 720 });

  // Delete the subscription
  await page.goto('/subscriptions');
  await updated.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(toasts(page).getByText('Subscription deleted successfully', { exact: true })).toBeVisible();
  await expect(page.getByText('No subscriptions yet.')).toBeVisible();
});
