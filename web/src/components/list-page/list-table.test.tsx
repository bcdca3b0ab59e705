import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import { ListTable, type Column } from './index';
import { PHONE_QUERY } from './use-phone';

type Fruit = { id: number; name: string; price: string };
const COLUMNS: Column<Fruit>[] = [
  { header: 'Fruit', stack: 'primary', cell: (f) => f.name },
  { header: 'Price', align: 'right', testId: 'fruit-price', cell: (f) => f.price },
  { header: 'Actions', hideHeader: true, stack: 'actions', cell: (f) => <button type="button">{`Eat ${f.name}`}</button> },
];
const FRUITS: Fruit[] = [
  { id: 1, name: 'Apple', price: '$1.00' },
  { id: 2, name: 'Pear', price: '$2.50' },
];

/** window.matchMedia answering `phone` for the phone query; `resize` changes the answer and tells the listeners. */
function screenWidth(phone: boolean) {
  const listeners = new Set<() => void>();
  let matches = phone;
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        get matches() {
          return query === PHONE_QUERY && matches;
        },
        media: query,
        addEventListener: (_: string, listener: () => void) => listeners.add(listener),
        removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
      }) as unknown as MediaQueryList,
  );
  return {
    resize(toPhone: boolean) {
      matches = toPhone;
      act(() => listeners.forEach((l) => l()));
    },
  };
}

const renderFruits = (isPending = false) =>
  render(<ListTable label="Fruits" columns={COLUMNS} rows={FRUITS} testId="fruit-row" list={{ isPending, isFetching: false }} />);

afterEach(() => vi.restoreAllMocks());

describe('ListTable', () => {
  it('is a table from 768 px: the headers, one row per item, figures on the right, the Actions header for screen readers', () => {
    screenWidth(false);
    renderFruits();
    const table = screen.getByRole('table', { name: 'Fruits' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Fruit', 'Price', 'Actions']);
    expect(within(table).getByRole('columnheader', { name: 'Actions' })).toHaveClass('sr-only');
    expect(screen.getAllByTestId('fruit-row')).toHaveLength(2);
    expect(screen.getAllByTestId('fruit-price')[1]).toHaveTextContent('$2.50');
    expect(screen.getAllByTestId('fruit-price')[1]).toHaveClass('text-right');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('stacks the rows on a phone: the title line, each field under its header, the actions; never both layouts', () => {
    const width = screenWidth(true);
    renderFruits();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'Fruits' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const pear = items[1]!;
    expect(pear).toHaveAttribute('data-testid', 'fruit-row');
    expect(within(pear).getByText('Pear')).toBeInTheDocument();
    expect(within(pear).getByRole('term')).toHaveTextContent('Price');
    expect(within(pear).getByRole('definition')).toHaveTextContent('$2.50');
    expect(screen.getAllByRole('button', { name: 'Eat Pear' })).toHaveLength(1);

    // Turned to a wider screen: the table, the same buttons once
    width.resize(false);
    expect(screen.getByRole('table', { name: 'Fruits' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Fruits' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Eat Pear' })).toHaveLength(1);
  });

  it('shows skeleton rows while pending, in either layout', () => {
    const width = screenWidth(false);
    renderFruits(true);
    expect(screen.getAllByTestId('fruit-row-skeleton')).toHaveLength(5);
    expect(screen.queryByTestId('fruit-row')).not.toBeInTheDocument();
    width.resize(true);
    expect(screen.getAllByTestId('fruit-row-skeleton')).toHaveLength(5);
    expect(screen.getByRole('list', { name: 'Fruits' })).toHaveAttribute('aria-busy', 'true');
  });

  it('calls onRowClick with the row clicked in the table', () => {
    screenWidth(false);
    const onRowClick = vi.fn();
    render(
      <ListTable
        label="Fruits"
        columns={COLUMNS}
        rows={FRUITS}
        testId="fruit-row"
        list={{ isPending: false, isFetching: false }}
        onRowClick={onRowClick}
      />,
    );
    const pear = screen.getAllByTestId('fruit-row')[1]!;
    expect(pear).toHaveClass('cursor-pointer');
    within(pear).getByText('$2.50').click();
    expect(onRowClick).toHaveBeenCalledExactlyOnceWith(FRUITS[1]);
  });
});
