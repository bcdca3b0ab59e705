import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes } from '@/app/router';
import { renderRoutes, stubFetch } from '@/testing/render';
import { confirmation, errorBody, invoiceRoute, makePublicInvoice, renderPay, sentBody, TOKEN } from '../testing/pay-fixtures';

const back = (query: string) => `/payment/success?invoice=${TOKEN}${query}`;

describe('payment return page', () => {
  it("confirms a succeeded redirect payment once and shows what the server recorded, Continue to '/'", async () => {
    const user = userEvent.setup();
    const invoice = makePublicInvoice();
    const calls = stubFetch([{ method: 'POST', path: '/api/confirm-payment', body: confirmation(invoice, '120.00', { paid: true }) }]);
    const { router } = renderPay(back('&payment_intent=pi_9&payment_intent_client_secret=pi_9_secret&redirect_status=succeeded'));
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
    expect(screen.getByText('Your payment of $120.00 for invoice INV-0042 was received.')).toBeInTheDocument();
    expect(screen.getByText('The invoice is paid in full. Thank you!')).toBeInTheDocument();
    expect(sentBody(calls, '/api/confirm-payment')).toEqual([{ paymentIntentId: 'pi_9', invoiceId: TOKEN }]);
    expect(calls).toHaveLength(1); // the confirmation's figures, not a public invoice that may not have caught up yet
    await user.click(screen.getByRole('link', { name: 'Continue' }));
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows the remaining balance when the confirmation fails (the webhook records it), with a way back to pay', async () => {
    const user = userEvent.setup();
    stubFetch([
      invoiceRoute(makePublicInvoice({ amountPaid: '20.00', balanceDue: '100.00' })),
      { method: 'POST', path: '/api/confirm-payment', status: 502, body: errorBody(502, 'x') },
    ]);
    const { router } = renderPay(back('&payment_intent=pi_8&redirect_status=succeeded'));
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
    expect(screen.getByTestId('remaining-balance')).toHaveTextContent('$100.00');
    await user.click(screen.getByRole('button', { name: 'Pay remaining balance' }));
    expect(router.state.location.pathname).toBe(`/pay/${TOKEN}`);
  });

  it('without a redirect result shows the balance still due; a refused one says Payment Failed', async () => {
    stubFetch([invoiceRoute(makePublicInvoice({ amountPaid: '20.00', balanceDue: '100.00' }))]);
    const { unmount } = renderPay(back(''));
    expect(await screen.findByRole('heading', { name: 'Invoice INV-0042' })).toBeInTheDocument();
    expect(screen.getByTestId('remaining-balance')).toHaveTextContent('$100.00');
    expect(screen.getByRole('link', { name: 'Pay remaining balance' })).toHaveAttribute('href', `/pay/${TOKEN}`);
    unmount();

    renderPay(back('&payment_intent=pi_7&redirect_status=failed'));
    expect(await screen.findByRole('heading', { name: 'Payment Failed' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', `/pay/${TOKEN}`);
  });

  it('shows Invoice Not Found for an unknown token', async () => {
    stubFetch([invoiceRoute(errorBody(404, 'Invoice not found'), 404)]);
    renderPay(back(''));
    expect(await screen.findByRole('heading', { name: 'Invoice Not Found' })).toBeInTheDocument();
  });

  it('is what the app routes /payment/success to (not the pay page of a token "success"), without signing in', async () => {
    const calls = stubFetch([invoiceRoute(makePublicInvoice({ status: 'paid', balanceDue: '0.00' }))]);
    renderRoutes(routes, { path: back('') });
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(calls.map((c) => c.url)).toEqual([`/api/invoices/${TOKEN}/public`]);
  });
});
