import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Quote } from '@billpoint/proto';
import { renderRoutes, stubFetch, type Reply } from '@/testing/render';
import { makeUser } from '@/testing/factories';
import { makeQuote } from '@/testing/quote-factory';
import { QuotesPage } from './quotes-page';

/** GET /api/quotes over `all`: the status filter and paging as the server does them, the total in x-total-count. */
const quotesApi =
  (all: Quote[]) =>
  (url: URL): Reply => {
    const status = url.searchParams.get('status');
    const rows = status ? all.filter((q) => q.status === status) : all;
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const limit = Number(url.searchParams.get('limit') ?? 500);
    return { body: rows.slice(offset, offset + limit), headers: { 'x-total-count': String(rows.length) } };
  };

const value = (card: string) => within(screen.getByTestId(`summary-${card}`)).getByTestId('summary-value');

describe('quotes list', () => {
  it('figures the cards from every quote, lists the rows, and opens a quote from its row', async () => {
    const user = userEvent.setup();
    const all = [
      makeQuote({ id: 1, quoteNumber: 'QUO-0001', status: 'sent', total: '100.10' }),
      makeQuote({ id: 2, quoteNumber: 'QUO-0002', status: 'viewed', total: '0.20' }),
      makeQuote({ id: 3, quoteNumber: 'QUO-0003', status: 'accepted', total: '50.00' }),
      makeQuote({ id: 4, quoteNumber: 'QUO-0004', status: 'converted' }),
      makeQuote({ id: 5, quoteNumber: 'QUO-0005', status: 'declined' }),
      makeQuote({ id: 6, quoteNumber: 'QUO-0006', status: 'expired' }),
      makeQuote({ id: 7, quoteNumber: 'QUO-0007', status: 'draft' }),
    ];
    stubFetch([
      { path: '/api/auth/user', body: makeUser({ role: 'user' }) },
      { path: '/api/quotes', reply: quotesApi(all) },
    ]);
    const { router } = renderRoutes(
      [
        { path: '/quotes', element: <QuotesPage /> },
        { path: '/quotes/:id', element: <p>quote view</p> },
      ],
      { path: '/quotes' },
    );
    expect(await screen.findAllByTestId('quote-row')).toHaveLength(7);
    await waitFor(() => expect(value('open-quotes')).toHaveTextContent('2'));
    expect(value('open-value')).toHaveTextContent('$100.30');
    expect(value('awaiting-conversion')).toHaveTextContent('$50.00');
    expect(value('conversion-rate')).toHaveTextContent('33%');
    expect(screen.getByTestId('summary-conversion-rate')).toHaveTextContent('1 of 3 closed quotes converted');
    expect(screen.getByRole('link', { name: 'Create Quote' })).toBeInTheDocument();

    await user.click(screen.getAllByTestId('quote-row')[2]!);
    expect(router.state.location.pathname).toBe('/quotes/3');
  });

  it('says when no quote matches the status filter', async () => {
    const user = userEvent.setup();
    stubFetch([{ path: '/api/quotes', reply: quotesApi([makeQuote({ status: 'draft' })]) }]);
    renderRoutes([{ path: '/quotes', element: <QuotesPage /> }], { path: '/quotes' });
    await screen.findAllByTestId('quote-row');
    await user.click(screen.getByRole('combobox', { name: 'Filter by status' }));
    await user.click(await screen.findByRole('option', { name: 'Accepted' }));
    expect(await screen.findByText('No quotes match your filters')).toBeInTheDocument();
  });
});
