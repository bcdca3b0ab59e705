import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoutes, stubFetch } from '@/testing/render';
import { makePublicQuote } from '@/testing/quote-factory';
import { PublicQuotePage } from './public-quote-page';

const renderPage = (token = 'quote-token-1') =>
  renderRoutes([{ path: '/quote/:token', element: <PublicQuotePage /> }], { path: `/quote/${token}` });

describe('public quote page', () => {
  it('asks the full name to accept, sends it, then says the quote is accepted', async () => {
    const user = userEvent.setup();
    const quote = makePublicQuote({ quoteNumber: 'QUO-0001', total: '124.99', subtotal: '124.99' });
    const calls = stubFetch([
      { path: '/api/quotes/quote-token-1/public', body: quote },
      {
        method: 'POST',
        path: '/api/quotes/quote-token-1/accept',
        body: { ...quote, status: 'accepted', canRespond: false, acceptedAt: '2026-01-07T10:30:00.000Z', acceptedByName: 'Peter Gibbons' },
      },
    ]);
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Quote QUO-0001' })).toBeInTheDocument();
    expect(screen.getByText(/Initrode sent you a quote for \$124\.99/)).toBeInTheDocument();
    expect(screen.getAllByTestId('public-quote-item')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Accept quote' }));
    expect(await screen.findByText('Your name is required')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.type(screen.getByLabelText('Your full name'), 'Peter Gibbons');
    await user.click(screen.getByRole('button', { name: 'Accept quote' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Quote Accepted' })).toBeInTheDocument();
    expect(screen.getByText(/Accepted by Peter Gibbons on/)).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(JSON.parse(String(post.init?.body))).toEqual({ name: 'Peter Gibbons' });
  });

  it('declines with an optional reason', async () => {
    const user = userEvent.setup();
    const quote = makePublicQuote();
    const calls = stubFetch([
      { path: '/api/quotes/quote-token-1/public', body: quote },
      {
        method: 'POST',
        path: '/api/quotes/quote-token-1/decline',
        body: { ...quote, status: 'declined', canRespond: false, declinedAt: '2026-01-07T10:30:00.000Z', declineReason: null },
      },
    ]);
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Decline this quote?' })).getByRole('button', { name: 'Decline quote' }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Quote Declined' })).toBeInTheDocument();
    expect(JSON.parse(String(calls.find((c) => c.method === 'POST')!.init?.body))).toEqual({ reason: null });
  });

  it('shows an expired quote as expired, without the buttons', async () => {
    stubFetch([{ path: '/api/quotes/quote-token-1/public', body: makePublicQuote({ status: 'expired', canRespond: false }) }]);
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Quote Expired' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept quote' })).not.toBeInTheDocument();
  });

  it('shows the not-found view for an unknown token', async () => {
    stubFetch([{ path: /\/public$/, status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Quote not found' } }]);
    renderPage('nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'Quote Not Found' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText("The quote you're looking for doesn't exist or has been removed.")).toBeInTheDocument());
  });
});
