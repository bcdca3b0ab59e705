import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoutes, stubFetch } from '@/testing/render';
import { makeUser } from '@/testing/factories';
import { makeQuote } from '@/testing/quote-factory';
import { QuoteViewPage } from './quote-view-page';

const renderView = (id = '4') =>
  renderRoutes(
    [
      { path: '/quotes/:id', element: <QuoteViewPage /> },
      { path: '/quotes', element: <p>quote list</p> },
      { path: '/invoices/:id', element: <p>invoice view</p> },
    ],
    { path: `/quotes/${id}` },
  );

describe('quote view', () => {
  it('offers a sent quote to a user: send again (confirming the address), copy link, edit, convert; no delete', async () => {
    const user = userEvent.setup();
    const quote = makeQuote({ id: 4, quoteNumber: 'QUO-0004', status: 'sent', sentAt: '2026-01-06T09:00:00.000Z' });
    const calls = stubFetch([
      { path: '/api/auth/user', body: makeUser({ role: 'user' }) },
      { path: '/api/quotes/4', body: quote },
      { method: 'POST', path: '/api/quotes/4/send', body: { ...quote } },
    ]);
    renderView();
    expect(await screen.findByTestId('quote-number')).toHaveTextContent('QUO-0004');
    expect(screen.getByTestId('quote-status')).toHaveTextContent('Sent');
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/quotes/4/edit');
    expect(screen.getByRole('button', { name: 'Copy public link' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Convert to invoice' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Send again' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Send this quote again?' });
    expect(dialog).toHaveTextContent('Quote QUO-0004 will be e-mailed to billing@acme.test');
    await user.click(within(dialog).getByRole('button', { name: 'Send quote' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/api/quotes/4/send'))).toBe(true));
  });

  it('converts an accepted quote and opens the new draft invoice; shows who accepted it', async () => {
    const user = userEvent.setup();
    const quote = makeQuote({
      id: 4,
      status: 'accepted',
      acceptedAt: '2026-01-07T10:30:00.000Z',
      acceptedBy: { name: 'Peter Gibbons', ip: '203.0.113.9', userAgent: 'Firefox' },
    });
    stubFetch([
      { path: '/api/quotes/4', body: quote },
      { method: 'POST', path: '/api/quotes/4/convert', body: { invoiceId: 77 } },
    ]);
    const { router } = renderView();
    expect(await screen.findByTestId('quote-acceptance')).toHaveTextContent(/Accepted by Peter Gibbons on .* from 203\.0\.113\.9\./);
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Convert to invoice' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/invoices/77'));
  });

  it('lets a manager delete a declined quote after confirming, and shows the reason', async () => {
    const user = userEvent.setup();
    const quote = makeQuote({
      id: 4,
      quoteNumber: 'QUO-0004',
      status: 'declined',
      declinedAt: '2026-01-07T10:30:00.000Z',
      declineReason: 'Too dear',
    });
    const calls = stubFetch([
      { path: '/api/auth/user', body: makeUser({ role: 'manager' }) },
      { path: '/api/quotes/4', body: quote },
      { method: 'DELETE', path: '/api/quotes/4', status: 204 },
      { path: '/api/quotes', body: [] },
    ]);
    const { router } = renderView();
    expect(await screen.findByTestId('quote-decline')).toHaveTextContent('Reason: Too dear');
    expect(screen.queryByRole('button', { name: 'Convert to invoice' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Send/ })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Delete this quote?' })).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/quotes'));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
  });

  it('says Quote Not Found on a 404', async () => {
    stubFetch([{ path: '/api/quotes/9', status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Quote not found' } }]);
    renderView('9');
    expect(await screen.findByRole('heading', { name: 'Quote Not Found' })).toBeInTheDocument();
  });

  it('shows the rate and the total in the base currency for a quote in another currency', async () => {
    const quote = makeQuote({ id: 4, currency: 'EUR', total: '100.00', exchangeRate: '1.100000', totalInBaseCurrency: '110.00' });
    stubFetch([
      { path: '/api/quotes/4', body: quote },
      { path: '/api/exchange-rates', body: { base: 'USD', date: quote.issueDate, rates: [] } },
    ]);
    renderView();
    expect(await screen.findByTestId('quote-total-in-base')).toHaveTextContent('$110.00');
    expect(screen.getByText('Total in USD')).toBeInTheDocument();
    expect(screen.getByText('1 EUR = 1.1 USD')).toBeInTheDocument();
  });

  it('shows no base-currency figures for a quote in the base currency', async () => {
    const quote = makeQuote({ id: 4 });
    const calls = stubFetch([
      { path: '/api/quotes/4', body: quote },
      { path: '/api/exchange-rates', body: { base: 'USD', date: quote.issueDate, rates: [] } },
    ]);
    renderView();
    expect(await screen.findByTestId('quote-number')).toHaveTextContent(quote.quoteNumber);
    await waitFor(() => expect(calls.some((c) => c.url.includes('/api/exchange-rates'))).toBe(true));
    expect(screen.queryByText('Total in USD')).not.toBeInTheDocument();
  });
});
