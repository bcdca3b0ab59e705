import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch } from '@/testing/render';
import { confirmation, errorBody, invoiceRoute, makePublicInvoice, renderPay, sentBody, TOKEN } from '../testing/pay-fixtures';

const notifications = () => within(screen.getByRole('region', { name: /Notifications/ }));

async function fillCard(user: ReturnType<typeof userEvent.setup>, number: string) {
  await user.type(screen.getByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Expiry (MM / YY)'), '12 / 34');
  await user.type(screen.getByLabelText('CVC'), '123');
  await user.type(screen.getByLabelText('Name on card'), 'Peter Gibbons');
}

describe('pay page states', () => {
  it('shows a spinner while loading, then the not-found page for any failure', async () => {
    stubFetch([invoiceRoute(errorBody(404, 'Invoice not found'), 404)]);
    renderPay();
    expect(screen.getByRole('status', { name: /Loading/ })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Invoice Not Found' })).toBeInTheDocument();
    expect(screen.getByText("The invoice you're looking for doesn't exist or has been removed.")).toBeInTheDocument();
  });

  it('shows Already Paid for a paid invoice, and for one with nothing left to pay', async () => {
    stubFetch([invoiceRoute(makePublicInvoice({ status: 'paid', amountPaid: '120.00', balanceDue: '0.00' }))]);
    renderPay();
    expect(await screen.findByRole('heading', { name: 'Already Paid' })).toBeInTheDocument();
    expect(screen.getByText('Invoice INV-0042 for $120.00 has been paid in full. Thank you!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/');
  });

  it('shows the summary, the demo label and test cards, and the amount defaulting to the balance (/payment/ too)', async () => {
    stubFetch([invoiceRoute(makePublicInvoice({ amountPaid: '20.00', balanceDue: '100.00', status: 'overdue' }))]);
    renderPay(`/payment/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Pay Invoice INV-0042' })).toBeInTheDocument();
    expect(screen.getByTestId('seller-name')).toHaveTextContent('Compilers Inc');
    expect(screen.getByText('Overdue')).toBeInTheDocument();
    expect(screen.getAllByTestId('pay-invoice-item')).toHaveLength(2);
    expect(screen.getByText('Discovery workshop')).toBeInTheDocument();
    expect(screen.getByTestId('pay-amount-paid')).toHaveTextContent('$20.00');
    expect(screen.getByTestId('pay-balance-due')).toHaveTextContent('$100.00');
    expect(screen.getByTestId('demo-mode')).toHaveTextContent('Demo mode');
    expect(screen.getByTestId('demo-test-cards')).toHaveTextContent('4242 4242 4242 4242');
    expect(screen.getByTestId('demo-test-cards')).toHaveTextContent('4000 0000 0000 0002');
    expect(screen.getByLabelText('Amount to pay (USD)')).toHaveValue('100.00');
    expect(screen.getByRole('button', { name: 'Pay $100.00' })).toBeEnabled();
    // Card only: no tabs without PayPal.
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
  });
});

describe('demo card payment', () => {
  it('pays in full: payment request, then confirmation with the card number, then Payment Successful! and Continue to /', async () => {
    const user = userEvent.setup();
    const invoice = makePublicInvoice();
    const calls = stubFetch([
      invoiceRoute(invoice),
      {
        method: 'POST',
        path: '/api/create-payment-intent',
        body: { clientSecret: 'demo_pi_1_secret_x', paymentIntentId: 'demo_pi_1', demoMode: true },
      },
      { method: 'POST', path: '/api/confirm-payment', body: confirmation(invoice, '120.00', { paid: true }) },
    ]);
    const { router } = renderPay();
    await screen.findByRole('button', { name: 'Pay $120.00' });
    await fillCard(user, '4242 4242 4242 4242');
    await user.click(screen.getByRole('button', { name: 'Pay $120.00' }));
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
    expect(screen.getByText('Your payment of $120.00 for invoice INV-0042 was received.')).toBeInTheDocument();
    expect(screen.getByText('The invoice is paid in full. Thank you!')).toBeInTheDocument();
    expect(sentBody(calls, '/api/create-payment-intent')).toEqual([{ invoiceId: TOKEN, amount: '120.00', currency: 'USD' }]);
    expect(sentBody(calls, '/api/confirm-payment')).toEqual([
      { paymentIntentId: 'demo_pi_1', invoiceId: TOKEN, cardNumber: '4242424242424242' },
    ]);
    const create = calls.find((c) => c.url === '/api/create-payment-intent')!;
    expect(new Headers(create.init?.headers).get('X-Requested-With')).toBe('XMLHttpRequest');
    await user.click(screen.getByRole('link', { name: 'Continue' }));
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows Payment Failed with the processor message for the decline card, and stays on the form', async () => {
    const user = userEvent.setup();
    stubFetch([
      invoiceRoute(makePublicInvoice()),
      { method: 'POST', path: '/api/create-payment-intent', body: { clientSecret: 's', paymentIntentId: 'demo_pi_2', demoMode: true } },
      { method: 'POST', path: '/api/confirm-payment', status: 402, body: errorBody(402, 'Your card was declined.') },
    ]);
    renderPay();
    await screen.findByRole('button', { name: 'Pay $120.00' });
    await fillCard(user, '4000000000000002');
    await user.click(screen.getByRole('button', { name: 'Pay $120.00' }));
    expect(await notifications().findByText('Payment Failed')).toBeInTheDocument();
    expect(notifications().getByText('Your card was declined.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay $120.00' })).toBeEnabled();
  });

  it('pays part, shows the remaining balance, then pays the rest from a fresh form', async () => {
    const user = userEvent.setup();
    const invoice = makePublicInvoice();
    let paid = false;
    stubFetch([
      invoiceRoute(makePublicInvoice({ amountPaid: '50.00', balanceDue: '70.00' })),
      { method: 'POST', path: '/api/create-payment-intent', body: { clientSecret: 's', paymentIntentId: 'demo_pi_3', demoMode: true } },
      {
        method: 'POST',
        path: '/api/confirm-payment',
        reply: () => ({ body: confirmation(invoice, paid ? '70.00' : '50.00', paid ? { paid: true } : { balanceDue: '70.00' }) }),
      },
    ]);
    renderPay();
    const amount = await screen.findByLabelText('Amount to pay (USD)');
    await user.clear(amount);
    await user.type(amount, '50');
    await fillCard(user, '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Pay $50.00' }));
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
    expect(screen.getByTestId('remaining-balance')).toHaveTextContent('$70.00');
    paid = true;
    await user.click(screen.getByRole('button', { name: 'Pay remaining balance' }));
    expect(await screen.findByLabelText('Amount to pay (USD)')).toHaveValue('70.00');
    expect(screen.getByTestId('pay-balance-due')).toHaveTextContent('$70.00');
    await fillCard(user, '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Pay $70.00' }));
    expect(await screen.findByText('The invoice is paid in full. Thank you!')).toBeInTheDocument();
  });

  it('shows what credit notes and the customer’s credit took off, and the balance after them as the amount to pay', async () => {
    stubFetch([
      invoiceRoute(
        makePublicInvoice({ total: '120.00', creditedAmount: '30.00', creditApplied: '15.00', amountPaid: '0.00', balanceDue: '75.00' }),
      ),
    ]);
    renderPay();
    expect(await screen.findByTestId('pay-credited')).toHaveTextContent('-$30.00');
    expect(screen.getByTestId('pay-credit-applied')).toHaveTextContent('-$15.00');
    expect(screen.queryByTestId('pay-amount-paid')).not.toBeInTheDocument();
    expect(screen.getByTestId('pay-balance-due')).toHaveTextContent('$75.00');
    expect(screen.getByLabelText('Amount to pay (USD)')).toHaveValue('75.00');
  });

  it('says the payment could not be initialized, or that an unexpected error happened', async () => {
    const user = userEvent.setup();
    let create = 500;
    stubFetch([
      invoiceRoute(makePublicInvoice()),
      {
        method: 'POST',
        path: '/api/create-payment-intent',
        reply: () =>
          create === 200
            ? { body: { clientSecret: 's', paymentIntentId: 'p', demoMode: true } }
            : { status: 500, body: errorBody(500, 'x') },
      },
      { method: 'POST', path: '/api/confirm-payment', status: 500, body: errorBody(500, 'Internal Server Error') },
    ]);
    renderPay();
    await screen.findByRole('button', { name: 'Pay $120.00' });
    await fillCard(user, '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Pay $120.00' }));
    expect(await notifications().findByText('Failed to initialize payment. Please try again.')).toBeInTheDocument();
    create = 200;
    await user.click(screen.getByRole('button', { name: 'Pay $120.00' }));
    expect(await notifications().findByText('Payment Error')).toBeInTheDocument();
    expect(notifications().getByText('An unexpected error occurred during payment processing.')).toBeInTheDocument();
  });

  it('shows Already Paid when the invoice was settled meanwhile (409)', async () => {
    const user = userEvent.setup();
    let settled = false;
    stubFetch([
      {
        path: `/api/invoices/${TOKEN}/public`,
        reply: () => ({ body: makePublicInvoice(settled ? { status: 'paid', balanceDue: '0.00' } : {}) }),
      },
      {
        method: 'POST',
        path: '/api/create-payment-intent',
        reply: () => {
          settled = true;
          return { status: 409, body: errorBody(409, 'This invoice is already paid') };
        },
      },
    ]);
    renderPay();
    await screen.findByRole('button', { name: 'Pay $120.00' });
    await fillCard(user, '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Pay $120.00' }));
    expect(await screen.findByRole('heading', { name: 'Already Paid' })).toBeInTheDocument();
  });
});
