import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible, signUp, snap, toasts } from './support';
import { expectListFitsPhone } from './list-phone';

/**
 * Expenses: add expenses with a receipt, ask the AI for a category, accept it, correct one, and see the
 * next suggestion for that vendor follow the correction (the ai service learns from tax's expense events, so the
 * suggestion is asked again until it does, never a fixed wait). Through the gateway, as `npm start` runs it.
 */

// A 1×1 PNG: the receipts endpoint checks the bytes, not the name.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/** The toast area while a dialog is open (the modal hides the rest of the page from the accessibility tree). */
const toastsBehindDialog = (page: Page) => page.getByRole('region', { name: /Notifications/, includeHidden: true });

const row = (page: Page, description: string) => page.getByTestId('expense-row').filter({ hasText: description });

async function fill(dialog: Locator, { description, amount, vendor }: { description: string; amount: string; vendor: string }) {
  await dialog.getByLabel('Description').fill(description);
  await dialog.getByLabel('Amount').fill(amount);
  await dialog.getByLabel('Vendor (optional)').fill(vendor);
}

async function chooseCategory(page: Page, dialog: Locator, name: string) {
  await dialog.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name, exact: true }).click();
}

test('expenses: add with a receipt, AI suggestion accepted, a correction, and the next suggestion follows it', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await signUp(page, { firstName: 'Eve', lastName: 'Ledger', organization: 'Receipts Ltd' });
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });

  // The empty screen
  await sidebar.getByRole('link', { name: 'Expenses' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Expense Manager' })).toBeVisible();
  await expect(page.getByText('Track expenses with AI-powered smart categorization')).toBeVisible();
  await expect(page.getByText('No expenses found')).toBeVisible();
  await expect(page.getByTestId('summary-total-expenses').getByTestId('summary-value')).toHaveText('$0.00');
  await expect(page.getByTestId('summary-avg-expense').getByTestId('summary-value')).toHaveText('$0.00');
  await snap(page, testInfo, '01-expenses-empty');
  await expectAccessible(page, 'expenses (empty)');

  // The AI needs a description and an amount
  await page.getByRole('button', { name: 'Add Expense' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Expense' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Get AI Suggestion' }).click();
  await expect(toastsBehindDialog(page).getByText('Missing Information', { exact: true })).toBeVisible();
  await expect(toastsBehindDialog(page).getByText('Please enter a description and amount first', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Create Expense' }).click();
  await expect(dialog.getByText('Description is required')).toBeVisible();
  await expect(dialog.getByText('Amount must be greater than 0')).toBeVisible();
  await expectAccessible(page, 'add expense dialog');

  // 1. A flight: the suggestion (Travel) is accepted, with a receipt uploaded first
  await fill(dialog, { description: 'Flight to Berlin', amount: '420.50', vendor: 'Lufthansa' });
  await dialog.getByLabel('Receipt (optional)').setInputFiles({ name: 'boarding-pass.png', mimeType: 'image/png', buffer: PNG });
  await expect(dialog.getByText('Attached: boarding-pass.png')).toBeVisible();
  await dialog.getByRole('button', { name: 'Get AI Suggestion' }).click();
  const panel = dialog.getByRole('region', { name: 'AI Suggestion' });
  await expect(panel.getByTestId('ai-suggested-category')).toHaveText('Travel');
  await expect(panel.getByTestId('ai-confidence')).toContainText('%');
  // The reasoning is a sentence, and no alternative is offered under 5 %.
  await expect(panel.getByTestId('ai-reasoning')).toContainText('“flight” in the description usually means Travel.');
  await expect(panel.getByRole('button', { name: /\b[0-4]%$/ })).toHaveCount(0);
  await expect(dialog.getByRole('combobox', { name: 'Category' })).toHaveText('Travel');
  await snap(page, testInfo, '02-ai-suggestion');
  await expectAccessible(page, 'AI suggestion panel');
  await dialog.getByRole('button', { name: 'Create Expense' }).click();
  await expect(toasts(page).getByText('Expense created successfully', { exact: true })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  const flight = row(page, 'Flight to Berlin');
  await expect(flight).toContainText('Lufthansa');
  await expect(flight.getByTestId('expense-category')).toHaveText('Travel');
  await expect(flight.getByTestId('expense-amount')).toHaveText('$420.50');
  const receiptHref = await flight.getByRole('link', { name: 'Receipt: Flight to Berlin' }).getAttribute('href');
  const receipt = await page.request.get(receiptHref!);
  expect(receipt.status()).toBe(200);
  expect(receipt.headers()['content-type']).toContain('image/png');

  // 2. A hosting plan the AI files elsewhere: corrected to Software
  await page.getByRole('button', { name: 'Add Expense' }).click();
  await expect(dialog.getByLabel('Description')).toHaveValue('');
  await expect(dialog.getByRole('region', { name: 'AI Suggestion' })).toHaveCount(0);
  await fill(dialog, { description: 'Monthly hosting plan', amount: '49.00', vendor: 'Northwind Hosting' });
  await dialog.getByRole('button', { name: 'Get AI Suggestion' }).click();
  await expect(panel.getByTestId('ai-suggested-category')).not.toHaveText('');
  await expect(panel.getByTestId('ai-suggested-category')).not.toHaveText('Software');
  await chooseCategory(page, dialog, 'Software');
  await dialog.getByLabel('Notes (optional)').fill('Production servers for the client portal, billed on the first of every month');
  await dialog.getByRole('button', { name: 'Create Expense' }).click();
  await expect(toasts(page).getByText('Expense created successfully', { exact: true })).toBeVisible();
  await expect(row(page, 'Monthly hosting plan').getByTestId('expense-category')).toHaveText('Software');
  await expect(row(page, 'Monthly hosting plan').getByTestId('expense-notes')).toHaveCSS('text-overflow', 'ellipsis');

  // 3. The same vendor again: once the model has learnt the correction, it suggests Software
  await page.getByRole('button', { name: 'Add Expense' }).click();
  await fill(dialog, { description: 'Hosting plan upgrade', amount: '79.00', vendor: 'Northwind Hosting' });
  await expect(async () => {
    await dialog.getByRole('button', { name: 'Get AI Suggestion' }).click();
    await expect(panel.getByTestId('ai-suggested-category')).toHaveText('Software', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(panel.getByTestId('ai-reasoning')).toContainText('You filed one expense from Northwind Hosting under Software.');
  await snap(page, testInfo, '03-suggestion-follows-correction');
  await dialog.getByRole('button', { name: 'Create Expense' }).click();
  await expect(toasts(page).getByText('Expense created successfully', { exact: true })).toBeVisible();

  // The cards
  await expect(page.getByTestId('summary-total-expenses').getByTestId('summary-value')).toHaveText('$548.50');
  await expect(page.getByTestId('summary-total-transactions').getByTestId('summary-value')).toHaveText('3');
  await expect(page.getByTestId('summary-categories').getByTestId('summary-value')).toHaveText('2');
  await expect(page.getByTestId('summary-avg-expense').getByTestId('summary-value')).toHaveText('$182.83');

  // A second identical flight is flagged, never refused
  await page.getByRole('button', { name: 'Add Expense' }).click();
  await fill(dialog, { description: 'Flight to Berlin (rebooked)', amount: '420.50', vendor: 'Lufthansa' });
  await chooseCategory(page, dialog, 'Travel');
  await dialog.getByRole('button', { name: 'Create Expense' }).click();
  await expect(toasts(page).getByText('Expense created successfully', { exact: true })).toBeVisible();
  await expect(row(page, 'Flight to Berlin (rebooked)').getByText('Possible duplicate')).toBeVisible();
  await snap(page, testInfo, '04-expenses-list');
  await expectAccessible(page, 'expenses list');
  // On a phone: no sideways scrolling
  await expectListFitsPhone(page, testInfo, { list: 'Recent Expenses', row: page.getByTestId('expense-row'), name: '04b-expenses-list' });

  // Edit, then delete after the confirmation
  await page.getByRole('button', { name: 'Edit expense: Flight to Berlin (rebooked)' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Expense' });
  await expect(edit.getByLabel('Description')).toHaveValue('Flight to Berlin (rebooked)');
  await edit.getByLabel('Amount').fill('380');
  await edit.getByRole('button', { name: 'Update Expense' }).click();
  await expect(row(page, 'Flight to Berlin (rebooked)').getByTestId('expense-amount')).toHaveText('$380.00');
  await page.getByRole('button', { name: 'Delete expense: Flight to Berlin (rebooked)' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Are you sure you want to delete this expense?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(row(page, 'Flight to Berlin (rebooked)')).toHaveCount(0);
  await expect(page.getByTestId('summary-total-transactions').getByTestId('summary-value')).toHaveText('3');

  // Filters: one category, kept in the address over a reload, the cards follow; a period with nothing; cleared
  const filters = page.getByRole('search', { name: 'Filter expenses' });
  const card = (name: string) => page.getByTestId(name).getByTestId('summary-value');
  await filters.getByRole('combobox', { name: 'Filter by category' }).click();
  await page.getByRole('option', { name: 'Travel', exact: true }).click();
  await expect(page.getByTestId('expense-row')).toHaveCount(1);
  await expect(row(page, 'Flight to Berlin')).toBeVisible();
  await expect(page).toHaveURL(/[?&]category=\d+/);
  await page.reload();
  await expect(filters.getByRole('combobox', { name: 'Filter by category' })).toHaveText('Travel');
  await expect(page.getByTestId('expense-row')).toHaveCount(1);
  await expect(row(page, 'Flight to Berlin').getByTestId('expense-category')).toHaveText('Travel');
  await expect(card('summary-total-expenses')).toHaveText('$420.50');
  await expect(card('summary-total-transactions')).toHaveText('1');
  await expect(card('summary-categories')).toHaveText('1');
  await expect(card('summary-avg-expense')).toHaveText('$420.50');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: '/tmp/expfilter.png', fullPage: true, animations: 'disabled' });
  await snap(page, testInfo, '05-expenses-filtered');
  await expectAccessible(page, 'expenses filtered');
  await filters.getByRole('combobox', { name: 'Filter by period' }).click();
  await page.getByRole('option', { name: 'Last month', exact: true }).click();
  await expect(page.getByText('No expenses found')).toBeVisible();
  await expect(page.getByText(/clear the filters to see every expense/)).toBeVisible();
  await expect(card('summary-total-transactions')).toHaveText('0');
  await filters.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByTestId('expense-row')).toHaveCount(3);
  await expect(page).not.toHaveURL(/category=/);
  await expect(filters.getByRole('button', { name: 'Clear filters' })).toHaveCount(0);
  await expect(card('summary-total-expenses')).toHaveText('$548.50');
  await expect(card('summary-total-transactions')).toHaveText('3');

  // Settings → Categories: a new category is offered on the expense form
  await page.goto('/settings?section=categories');
  await expect(page.getByRole('list', { name: 'Categories' })).toContainText('Travel');
  await page.getByPlaceholder('New category').fill('  Coworking ');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('list', { name: 'Categories' }).getByText('Coworking', { exact: true })).toBeVisible();
  await snap(page, testInfo, '06-settings-categories');
  await expectAccessible(page, 'settings categories');
  await sidebar.getByRole('link', { name: 'Expenses' }).click();
  await page.getByRole('button', { name: 'Add Expense' }).click();
  await dialog.getByRole('combobox', { name: 'Category' }).click();
  await expect(page.getByRole('option', { name: 'Coworking', exact: true })).toBeVisible();
});
