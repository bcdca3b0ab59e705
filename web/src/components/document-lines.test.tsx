import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { makeInvoice } from '@/testing/factories';
import { PHONE_QUERY } from './list-page/use-phone';
import { DocumentLinesTable } from './document-lines';

const phone = (matches: boolean) =>
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: query === PHONE_QUERY && matches,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );

const items = makeInvoice({
  items: [
    {
      id: 1,
      productId: null,
      description: 'Design',
      quantity: '3.00',
      rate: '33.33',
      amount: '99.99',
      taxRate: '20.00',
      taxAmount: '20.00',
      taxRateId: 4,
      taxRateName: 'VAT 20%',
      taxType: 'vat',
    },
  ],
}).items!;

afterEach(() => vi.restoreAllMocks());

describe('document lines', () => {
  it('is a table of Description, Qty, Rate, Tax, Amount from 768 px', () => {
    phone(false);
    render(<DocumentLinesTable items={items} currency="USD" label="Quote items" testId="quote-item" />);
    const table = screen.getByRole('table', { name: 'Quote items' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Description', 'Qty', 'Rate', 'Tax', 'Amount']);
    expect(screen.getByTestId('quote-item')).toHaveTextContent('$99.99');
  });

  it('is a list on a phone: quantity × rate, the tax with its rate, the amount — nothing cut off', () => {
    phone(true);
    render(<DocumentLinesTable items={items} currency="USD" label="Quote items" testId="quote-item" />);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const line = within(screen.getByRole('list', { name: 'Quote items' })).getByTestId('quote-item');
    expect(line).toHaveTextContent('Design');
    expect(line).toHaveTextContent('3 × $33.33');
    expect(within(line).getByTestId('quote-item-tax')).toHaveTextContent('Tax $20.00VAT 20% (20%)');
    expect(line).toHaveTextContent('$99.99');
  });
});
