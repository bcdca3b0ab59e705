import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CategorizeResult, Expense, ExpenseSummary, OrganizationSettings } from '@billpoint/proto';
import { makeExpense, makeExpenseCategory } from '@/testing/factories';
import { renderRoutes, stubFetch, type Route } from '@/testing/render';
import { ExpensesPage } from './expenses-page';

const category = (id: number, name: string, color: string, isActive = true) => makeExpenseCategory({ id, name, color, isActive });
const categories = [category(1, 'Software', '#3B82F6'), category(2, 'Travel', '#F59E0B'), category(3, 'Old', '#000000', false)];
const expense = makeExpense;
const settings = { defaultCurrency: 'USD' } as OrganizationSettings;
const emptySummary: ExpenseSummary = { totalTransactions: 0, categories: 0, totals: [] };
const suggestion: CategorizeResult = {
  suggested: { categoryId: 2, categoryName: 'Travel', confidence: 0.86, reasoning: 'You filed 12 expenses from Lufthansa under Travel.' },
  alternatives: [
    { categoryId: 1, categoryName: 'Software', confidence: 0.09 },
    { categoryId: 4, categoryName: 'Meals', confidence: 0.05 },
    { categoryId: 5, categoryName: 'Rent', confidence: 0.004 },
  ],
  source: 'local',
};

const renderPage = () => renderRoutes([{ path: '/expenses', element: <ExpensesPage /> }], { path: '/expenses' });
/** A toast's text (also copied to a live region): looked up by text, the dialog keeps the toast area out of the accessibility tree. */
const toastSays = async (text: string) => expect((await screen.findAllByText(text, { exact: true })).length).toBeGreaterThan(0);
const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Record<string, unknown>;
const base = (list: () => Expense[], summary: () => ExpenseSummary): Route[] => [
  { path: '/api/expenses', reply: () => ({ body: list(), headers: { 'x-total-count': String(list().length) } }) },
  { path: '/api/expenses/summary', reply: () => ({ body: summary() }) },
  { path: '/api/expense-categories', body: categories },
  { path: '/api/organization-settings', body: settings },
];

describe('expense manager', () => {
  it('shows the header, 0.00 cards and the empty state when there are no expenses', async () => {
    stubFetch(
      base(
        () => [],
        () => emptySummary,
      ),
    );
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Expense Manager' })).toBeInTheDocument();
    expect(screen.getByText('Track expenses with AI-powered smart categorization')).toBeInTheDocument();
    expect(await screen.findByText('No expenses found')).toBeInTheDocument();
    const value = (title: string) => within(screen.getByTestId(title)).getByTestId('summary-value');
    await waitFor(() => expect(value('summary-total-expenses')).toHaveTextContent('$0.00'));
    expect(value('summary-total-transactions')).toHaveTextContent('0');
    expect(value('summary-categories')).toHaveTextContent('0');
    expect(value('summary-avg-expense')).toHaveTextContent('$0.00');
  });

  it('lists an expense with its dot, vendor, date, category, amount, notes, duplicate badge and receipt; cards in the default currency', async () => {
    stubFetch(
      base(
        () => [expense({ possibleDuplicate: true })],
        () => ({
          totalTransactions: 3,
          categories: 2,
          totals: [
            { currency: 'EUR', total: '99.00', average: '99.00', count: 1 },
            { currency: 'USD', total: '1234.5', average: '617.25', count: 2 },
          ],
        }),
      ),
    );
    renderPage();
    const row = await screen.findByTestId('expense-row');
    expect(row).toHaveTextContent('Flight to Berlin');
    expect(row).toHaveTextContent('Lufthansa · Nov 3, 2026 · Travel');
    expect(within(row).getByTestId('expense-amount')).toHaveTextContent('$420.50');
    expect(within(row).getByTestId('expense-notes')).toHaveClass('truncate');
    expect(within(row).getByText('Possible duplicate')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Receipt: Flight to Berlin' })).toHaveAttribute(
      'href',
      '/api/expenses/receipts/abcdefghijklmnopqrstuvwx',
    );
    const total = screen.getByTestId('summary-total-expenses');
    await waitFor(() => expect(within(total).getByTestId('summary-value')).toHaveTextContent('$1,234.50'));
    expect(total).toHaveTextContent('USD only; also expenses in EUR');
    expect(within(screen.getByTestId('summary-avg-expense')).getByTestId('summary-value')).toHaveTextContent('$617.25');
    expect(within(screen.getByTestId('summary-total-transactions')).getByTestId('summary-value')).toHaveTextContent('3');
  });

  it('asks for a description and amount before the AI; a suggestion opens the panel and fills the category; create sends it and resets', async () => {
    const user = userEvent.setup();
    let list: Expense[] = [];
    const calls = stubFetch([
      ...base(
        () => list,
        () => emptySummary,
      ),
      { method: 'POST', path: '/api/expenses/categorize', body: suggestion },
      {
        method: 'POST',
        path: '/api/expenses',
        reply: () => {
          list = [expense({ id: 2, description: 'Taxi to airport' })];
          return { status: 201, body: list[0] };
        },
      },
    ]);
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Add Expense' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Expense' });
    await user.click(within(dialog).getByRole('button', { name: 'Get AI Suggestion' }));
    await toastSays('Missing Information');
    await toastSays('Please enter a description and amount first');

    await user.type(within(dialog).getByLabelText('Description'), 'Taxi to airport');
    await user.type(within(dialog).getByLabelText('Amount'), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Get AI Suggestion' }));
    expect(calls.some((c) => c.url.includes('categorize'))).toBe(false);

    await user.clear(within(dialog).getByLabelText('Amount'));
    await user.type(within(dialog).getByLabelText('Amount'), '35.20');
    await user.type(within(dialog).getByLabelText('Vendor (optional)'), 'Lufthansa');
    await user.click(within(dialog).getByRole('button', { name: 'Get AI Suggestion' }));
    const panel = await within(dialog).findByRole('region', { name: 'AI Suggestion' });
    expect(within(panel).getByTestId('ai-suggested-category')).toHaveTextContent('Travel');
    expect(within(panel).getByTestId('ai-confidence')).toHaveTextContent('86% · High confidence');
    expect(within(panel).getByTestId('ai-confidence')).toHaveAttribute('data-band', 'high');
    expect(within(panel).getByTestId('ai-reasoning')).toHaveTextContent('You filed 12 expenses from Lufthansa under Travel.');
    // Alternatives of 5 % and more; one under 5 % is not offered.
    expect(within(panel).getByRole('button', { name: /Use\s*Software 9%/ })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: /Use\s*Meals 5%/ })).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: /Rent/ })).toBeNull();
    expect(within(dialog).getByRole('combobox', { name: 'Category' })).toHaveTextContent('Travel');
    expect(bodyOf(calls.find((c) => c.url.includes('categorize'))!.init)).toMatchObject({
      description: 'Taxi to airport',
      amount: '35.20',
      vendor: 'Lufthansa',
    });

    await user.click(within(dialog).getByRole('button', { name: 'Create Expense' }));
    await toastSays('Expense created successfully');
    await toastSays('Success');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = calls.find((c) => c.method === 'POST' && c.url.endsWith('/api/expenses'))!;
    expect(bodyOf(post.init)).toMatchObject({
      description: 'Taxi to airport',
      amount: '35.20',
      vendor: 'Lufthansa',
      categoryId: 2,
      suggestedCategoryId: 2,
      categoryConfidence: 0.86,
      currency: 'USD',
      receipt: null,
      notes: null,
    });
    expect(await screen.findByText('Taxi to airport')).toBeInTheDocument();

    // Opened again: an empty form, no panel.
    await user.click(screen.getByRole('button', { name: 'Add Expense' }));
    const again = await screen.findByRole('dialog', { name: 'Add New Expense' });
    expect(within(again).getByLabelText('Description')).toHaveValue('');
    expect(within(again).queryByRole('region', { name: 'AI Suggestion' })).toBeNull();
  });

  it('choosing an alternative corrects the category (sent with the original suggestion); the archived category is not offered', async () => {
    const user = userEvent.setup();
    const calls = stubFetch([
      ...base(
        () => [],
        () => emptySummary,
      ),
      {
        method: 'POST',
        path: '/api/expenses/categorize',
        body: { ...suggestion, suggested: { ...suggestion.suggested, confidence: 0.55 } },
      },
      { method: 'POST', path: '/api/expenses', status: 201, body: expense() },
    ]);
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Add Expense' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Expense' });
    await user.type(within(dialog).getByLabelText('Description'), 'Figma seat');
    await user.type(within(dialog).getByLabelText('Amount'), '15');
    await user.click(within(dialog).getByRole('button', { name: 'Get AI Suggestion' }));
    const panel = await within(dialog).findByRole('region', { name: 'AI Suggestion' });
    expect(within(panel).getByTestId('ai-confidence')).toHaveAttribute('data-band', 'low');
    await user.click(within(panel).getByRole('button', { name: /Use\s*Software 9%/ }));
    expect(within(dialog).getByRole('combobox', { name: 'Category' })).toHaveTextContent('Software');
    await user.click(within(dialog).getByRole('combobox', { name: 'Category' }));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['Uncategorized', 'Software', 'Travel']);
    await user.keyboard('{Escape}');
    await user.click(within(dialog).getByRole('button', { name: 'Create Expense' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/api/expenses'))).toBe(true));
    const post = calls.find((c) => c.method === 'POST' && c.url.endsWith('/api/expenses'))!;
    expect(bodyOf(post.init)).toMatchObject({ categoryId: 1, suggestedCategoryId: 2, categoryConfidence: 0.55 });
  });

  it('says when the AI fails, and shows the server message and its field problems when the save fails', async () => {
    const user = userEvent.setup();
    stubFetch([
      ...base(
        () => [],
        () => emptySummary,
      ),
      { method: 'POST', path: '/api/expenses/categorize', status: 500, body: { statusCode: 500, error: 'x', message: 'boom' } },
      {
        method: 'POST',
        path: '/api/expenses',
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          message: 'Vendor must be at most 200 characters',
          issues: [{ path: 'vendor', message: 'Vendor must be at most 200 characters' }],
        },
      },
    ]);
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Add Expense' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Expense' });
    await user.click(within(dialog).getByRole('button', { name: 'Create Expense' }));
    expect(await within(dialog).findByText('Description is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Amount must be greater than 0')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Description'), 'Lunch');
    await user.type(within(dialog).getByLabelText('Amount'), '12.40');
    await user.click(within(dialog).getByRole('button', { name: 'Get AI Suggestion' }));
    await toastSays('AI Categorization Failed');
    await toastSays('Using manual categorization');

    await user.click(within(dialog).getByRole('button', { name: 'Create Expense' }));
    await toastSays('Error');
    expect(within(dialog).getByText('Vendor must be at most 200 characters')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add New Expense' })).toBeInTheDocument();
  });

  it('edits with the form prefilled and deletes after a confirmation', async () => {
    const user = userEvent.setup();
    let list = [expense({ suggestedCategoryId: 2, categoryConfidence: 0.9 })];
    const calls = stubFetch([
      ...base(
        () => list,
        () => emptySummary,
      ),
      { method: 'PUT', path: '/api/expenses/1', reply: () => ({ body: list[0] }) },
      {
        method: 'DELETE',
        path: '/api/expenses/1',
        reply: () => {
          list = [];
          return { status: 204 };
        },
      },
    ]);
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit expense: Flight to Berlin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Expense' });
    expect(within(dialog).getByLabelText('Description')).toHaveValue('Flight to Berlin');
    expect(within(dialog).getByLabelText('Amount')).toHaveValue('420.50');
    expect(within(dialog).getByText('Attached: receipt')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Update Expense' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodyOf(calls.find((c) => c.method === 'PUT')!.init)).toMatchObject({
      description: 'Flight to Berlin',
      amount: '420.50',
      categoryId: 2,
      receipt: 'abcdefghijklmnopqrstuvwx',
      suggestedCategoryId: 2,
      categoryConfidence: 0.9,
      taxAmount: '0.00',
    });

    await user.click(screen.getByRole('button', { name: 'Delete expense: Flight to Berlin' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Are you sure you want to delete this expense?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No expenses found')).toBeInTheDocument();
  });
});
