import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Expense, ExpenseSummary, OrganizationSettings } from '@billpoint/proto';
import { makeExpense, makeExpenseCategory } from '@/testing/factories';
import { renderRoutes, stubFetch } from '@/testing/render';
import { ExpensesPage } from './expenses-page';

const categories = [
  makeExpenseCategory({ id: 1, name: 'Software', color: '#3B82F6' }),
  makeExpenseCategory({ id: 2, name: 'Travel', color: '#F59E0B' }),
  makeExpenseCategory({ id: 3, name: 'Old', color: '#000000', isActive: false }),
];
const software = { id: 1, name: 'Software', color: '#3B82F6' };
const expenses: Expense[] = [
  makeExpense({ id: 1, description: 'Flight to Berlin', amount: '420.50', date: '2026-01-10' }),
  makeExpense({
    id: 2,
    description: 'Hosting',
    vendor: 'Northwind',
    amount: '49.00',
    date: '2025-12-05',
    categoryId: 1,
    category: software,
  }),
  makeExpense({
    id: 3,
    description: 'Figma seat',
    vendor: 'Figma',
    amount: '15.00',
    date: '2025-11-20',
    categoryId: 1,
    category: software,
  }),
];

/** The stub API filters like the server: search, categoryId, from, to (the cards for every match). */
function matching(url: URL): Expense[] {
  const q = url.searchParams;
  const search = q.get('search')?.toLowerCase();
  return expenses.filter(
    (e) =>
      (!search || `${e.description} ${e.vendor ?? ''}`.toLowerCase().includes(search)) &&
      (!q.get('categoryId') || e.categoryId === Number(q.get('categoryId'))) &&
      (!q.get('from') || e.date >= q.get('from')!) &&
      (!q.get('to') || e.date <= q.get('to')!),
  );
}
const summaryOf = (list: Expense[]): ExpenseSummary => {
  const cents = list.reduce((sum, e) => sum + Math.round(Number(e.amount) * 100), 0);
  return {
    totalTransactions: list.length,
    categories: new Set(list.map((e) => e.categoryId)).size,
    totals: list.length
      ? [{ currency: 'USD', total: (cents / 100).toFixed(2), average: (cents / list.length / 100).toFixed(2), count: list.length }]
      : [],
  };
};

function setUp(path = '/expenses') {
  const calls = stubFetch([
    { path: '/api/expenses', reply: (url) => ({ body: matching(url), headers: { 'x-total-count': String(matching(url).length) } }) },
    { path: '/api/expenses/summary', reply: (url) => ({ body: summaryOf(matching(url)) }) },
    { path: '/api/expense-categories', body: categories },
    { path: '/api/organization-settings', body: { defaultCurrency: 'USD' } as OrganizationSettings },
  ]);
  const { router } = renderRoutes([{ path: '/expenses', element: <ExpensesPage /> }], { path });
  /** The query of the latest call to `path` (list or summary). */
  const lastQuery = (p: '/api/expenses' | '/api/expenses/summary') => {
    const url = calls.map((c) => new URL(c.url, 'http://localhost')).findLast((u) => u.pathname === p);
    return Object.fromEntries(url?.searchParams ?? []);
  };
  const address = () => Object.fromEntries(new URLSearchParams(router.state.location.search));
  return { calls, lastQuery, address };
}

const card = (name: string) => within(screen.getByTestId(name)).getByTestId('summary-value');
/** The descriptions the list shows. */
const rows = () => screen.queryAllByTestId('expense-row').map((r) => r.querySelector('.font-medium')?.textContent);
const bar = () => screen.getByRole('search', { name: 'Filter expenses' });

async function choose(user: ReturnType<typeof userEvent.setup>, combobox: string, option: string) {
  await user.click(within(bar()).getByRole('combobox', { name: combobox }));
  await user.click(await screen.findByRole('option', { name: option }));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('expense filters', () => {
  it('a category filters the list and the cards, is kept in the address, and Clear filters undoes it', async () => {
    const user = userEvent.setup();
    const { lastQuery, address } = setUp();
    await waitFor(() => expect(rows()).toEqual(['Flight to Berlin', 'Hosting', 'Figma seat']));
    await waitFor(() => expect(card('summary-total-expenses')).toHaveTextContent('$484.50'));
    expect(within(bar()).queryByRole('button', { name: 'Clear filters' })).toBeNull();
    expect(within(bar()).getByRole('combobox', { name: 'Filter by category' })).toHaveTextContent('All categories');
    expect(within(bar()).getByRole('combobox', { name: 'Filter by period' })).toHaveTextContent('All time');

    await user.click(within(bar()).getByRole('combobox', { name: 'Filter by category' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['All categories', 'Software', 'Travel', 'Old(archived)']);
    await user.click(screen.getByRole('option', { name: 'Software' }));

    await waitFor(() => expect(rows()).toEqual(['Hosting', 'Figma seat']));
    expect(lastQuery('/api/expenses')).toEqual({ categoryId: '1', limit: '50', offset: '0' });
    expect(lastQuery('/api/expenses/summary')).toEqual({ categoryId: '1' });
    expect(address()).toEqual({ category: '1' });
    await waitFor(() => expect(card('summary-total-expenses')).toHaveTextContent('$64.00'));
    expect(screen.getByTestId('summary-total-expenses')).toHaveTextContent('Sum of matching expenses');
    expect(card('summary-total-transactions')).toHaveTextContent('2');
    expect(card('summary-categories')).toHaveTextContent('1');
    expect(card('summary-avg-expense')).toHaveTextContent('$32.00');
    expect(screen.getByTestId('expenses-total')).toHaveTextContent('2 expenses');

    await user.click(within(bar()).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(address()).toEqual({});
    expect(within(bar()).getByRole('searchbox', { name: 'Search expenses' })).toHaveFocus();
    await waitFor(() => expect(card('summary-total-expenses')).toHaveTextContent('$484.50'));
    expect(screen.getByTestId('summary-total-expenses')).toHaveTextContent('Sum of all expenses');
    expect(within(bar()).queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  it('reads the filters from the address (a reload or a shared link) and shows them', async () => {
    const { lastQuery } = setUp('/expenses?category=1&period=custom&from=2025-12-01&to=2025-12-31&search=north');
    await waitFor(() => expect(rows()).toEqual(['Hosting']));
    expect(lastQuery('/api/expenses')).toEqual({
      search: 'north',
      categoryId: '1',
      from: '2025-12-01',
      to: '2025-12-31',
      limit: '50',
      offset: '0',
    });
    expect(lastQuery('/api/expenses/summary')).toEqual({ search: 'north', categoryId: '1', from: '2025-12-01', to: '2025-12-31' });
    expect(within(bar()).getByRole('searchbox', { name: 'Search expenses' })).toHaveValue('north');
    expect(within(bar()).getByRole('combobox', { name: 'Filter by category' })).toHaveTextContent('Software');
    expect(within(bar()).getByRole('combobox', { name: 'Filter by period' })).toHaveTextContent('Custom');
    expect(within(bar()).getByLabelText('From')).toHaveValue('2025-12-01');
    expect(within(bar()).getByLabelText('To')).toHaveValue('2025-12-31');
    await waitFor(() => expect(card('summary-total-transactions')).toHaveTextContent('1'));
  });

  it('periods are the calendar month, last month, quarter and year around today; Custom starts from the chosen one', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 0, 15, 12));
    const user = userEvent.setup();
    const { lastQuery, address } = setUp();
    await waitFor(() => expect(rows()).toHaveLength(3));
    const periods: [string, Record<string, string>][] = [
      ['This month', { from: '2026-01-01', to: '2026-01-31' }],
      ['Last month', { from: '2025-12-01', to: '2025-12-31' }],
      ['This quarter', { from: '2026-01-01', to: '2026-03-31' }],
      ['This year', { from: '2026-01-01', to: '2026-12-31' }],
    ];
    for (const [label, range] of periods) {
      await choose(user, 'Filter by period', label);
      await waitFor(() => expect(lastQuery('/api/expenses/summary')).toEqual(range));
    }
    expect(address()).toEqual({ period: 'this-year' });
    await choose(user, 'Filter by period', 'Last month');
    await waitFor(() => expect(rows()).toEqual(['Hosting']));
    await choose(user, 'Filter by period', 'Custom');
    expect(address()).toEqual({ period: 'custom', from: '2025-12-01', to: '2025-12-31' });
    expect(within(bar()).getByLabelText('From')).toHaveValue('2025-12-01');
  });

  it('searches once typing pauses; nothing found says so and points at Clear filters', async () => {
    const user = userEvent.setup();
    const { lastQuery, address } = setUp();
    await waitFor(() => expect(rows()).toHaveLength(3));
    await user.type(within(bar()).getByRole('searchbox', { name: 'Search expenses' }), 'figma');
    await waitFor(() => expect(rows()).toEqual(['Figma seat']));
    expect(lastQuery('/api/expenses')).toMatchObject({ search: 'figma' });
    expect(address()).toEqual({ search: 'figma' });
    expect(within(bar()).getByRole('searchbox', { name: 'Search expenses' })).toHaveAttribute('maxLength', '200');

    await user.type(within(bar()).getByRole('searchbox', { name: 'Search expenses' }), ' zzz');
    expect(await screen.findByText('No expenses found')).toBeInTheDocument();
    expect(screen.getByText(/clear the filters to see every expense/)).toBeInTheDocument();
    await waitFor(() => expect(card('summary-total-expenses')).toHaveTextContent('$0.00'));
    expect(card('summary-total-transactions')).toHaveTextContent('0');

    await user.click(within(bar()).getByRole('button', { name: 'Clear filters' }));
    expect(within(bar()).getByRole('searchbox', { name: 'Search expenses' })).toHaveValue('');
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(address()).toEqual({});
  });

  it('a custom range that ends before it starts is named and not sent', async () => {
    const user = userEvent.setup();
    const { lastQuery } = setUp('/expenses?period=custom&from=2026-01-01');
    await waitFor(() => expect(rows()).toEqual(['Flight to Berlin']));
    const to = within(bar()).getByLabelText('To');
    await user.type(to, '2025-12-31');
    expect(await screen.findByRole('alert')).toHaveTextContent('The end date must be on or after the start date');
    expect(to).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(lastQuery('/api/expenses/summary')).toEqual({});
  });

  it('works from the keyboard: Tab through the bar, open a select with the keys and pick with Enter', async () => {
    const user = userEvent.setup();
    const { address } = setUp();
    await waitFor(() => expect(rows()).toHaveLength(3));
    within(bar()).getByRole('searchbox', { name: 'Search expenses' }).focus();
    await user.tab();
    expect(within(bar()).getByRole('combobox', { name: 'Filter by category' })).toHaveFocus();
    await user.tab();
    const period = within(bar()).getByRole('combobox', { name: 'Filter by period' });
    expect(period).toHaveFocus();
    await user.keyboard('{Enter}');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(address()).toEqual({ period: 'this-month' }));
    expect(period).toHaveTextContent('This month');
  });
});
