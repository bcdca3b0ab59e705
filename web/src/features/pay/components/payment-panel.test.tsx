import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch } from '@/testing/render';
import { confirmation, errorBody, invoiceRoute, makePublicInvoice, renderPay, sentBody, TOKEN } from '../testing/pay-fixtures';

const demoPaypal = { demoMode: true, card: true, paypal: true, stripePublishableKey: null, paypalClientId: null };

describe('amount to pay', () => {
  it('refuses zero, more than the balance and too many decimals, disabling Pay until the amount is payable', async () => {
    const user = userEvent.setup();
    stubFetch([invoiceRoute(makePublicInvoice())]);
    renderPay();
    const amount = await screen.findByLabelText('Amount to pay (USD)');
    expect(screen.getByText('Balance due: $120.00. You can pay part of it now.')).toBeInTheDocument();
    const expectRefused = async (typed: string, message: string) => {
      await user.clear(amount);
      if (typed) await user.type(amount, typed);
      expect(screen.getByText(message)).toBeInTheDocument();
      expect(amount).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByRole('button', { name: 'Pay' })).toBeDisabled();
    };
    await expectRefused('0', 'Amount must be greater than 0');
    await expectRefused('120.01', 'Amount cannot be more than the balance due ($120.00)');
    await expectRefused('12.345', 'Use at most 2 decimals');
    await expectRefused('abc', 'Enter the amount as a number, like 25.00');
    await expectRefused('', 'Enter an amount');
    await user.type(amount, '19.5');
    expect(amount).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getByRole('button', { name: 'Pay $19.50' })).toBeEnabled();
  });

  it('uses the currency minor units: a JPY invoice takes whole yen only', async () => {
    const user = userEvent.setup();
    stubFetch([invoiceRoute(makePublicInvoice({ currency: 'JPY', total: '1500.00', balanceDue: '1500.00' }))]);
    renderPay();
    const amount = await screen.findByLabelText('Amount to pay (JPY)');
    expect(amount).toHaveValue('1500');
    await user.type(amount, '.5');
    expect(screen.getByText('JPY amounts have no decimals')).toBeInTheDocument();
  });

  it("shows the server's reason under the field when it refuses the amount", async () => {
    const user = userEvent.setup();
    stubFetch([
      invoiceRoute(makePublicInvoice()),
      {
        method: 'POST',
        path: '/api/create-payment-intent',
        status: 400,
        body: errorBody(400, 'Invalid', [{ path: 'amount', message: 'Amount cannot be more than the balance due (100.00 USD)' }]),
      },
    ]);
    renderPay();
    await screen.findByLabelText('Amount to pay (USD)');
    await user.type(screen.getByLabelText('Card number'), '4242424242424242');
    await user.type(screen.getByLabelText('Expiry (MM / YY)'), '1234');
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.type(screen.getByLabelText('Name on card'), 'P');
    await user.click(screen.getByRole('button', { name: 'Pay $120.00' }));
    expect(await screen.findByText('Amount cannot be more than the balance due (100.00 USD)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay' })).toBeDisabled();
  });
});

describe('payment methods', () => {
  it('offers Card and PayPal tabs only when PayPal is configured, the card tab first', async () => {
    const user = userEvent.setup();
    stubFetch([invoiceRoute(makePublicInvoice({ payment: demoPaypal }))]);
    renderPay();
    const tabs = within(await screen.findByRole('tablist', { name: 'Payment method' }));
    expect(tabs.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Card', 'PayPal']);
    expect(tabs.getByRole('tab', { name: 'Card' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Card number')).toBeVisible();
    // Keyboard: arrow to PayPal.
    tabs.getByRole('tab', { name: 'Card' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(tabs.getByRole('tab', { name: 'PayPal' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('button', { name: 'Pay with PayPal (demo)' })).toBeVisible();
  });

  it('pays with demo PayPal: order for the amount, capture, confirmation', async () => {
    const user = userEvent.setup();
    const invoice = makePublicInvoice({ payment: demoPaypal });
    const calls = stubFetch([
      invoiceRoute(invoice),
      { method: 'POST', path: '/api/paypal/order', body: { id: 'ORDER1' } },
      { method: 'POST', path: '/api/paypal/order/ORDER1/capture', body: { id: 'ORDER1', status: 'COMPLETED' } },
      { method: 'POST', path: '/api/paypal/confirm-payment', body: confirmation(invoice, '120.00', { paid: true }) },
    ]);
    renderPay();
    await user.click(await screen.findByRole('tab', { name: 'PayPal' }));
    await user.click(screen.getByRole('button', { name: 'Pay with PayPal (demo)' }));
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
    expect(sentBody(calls, '/api/paypal/order')).toEqual([{ invoiceId: TOKEN, amount: '120.00', currency: 'USD', intent: 'CAPTURE' }]);
    expect(sentBody(calls, '/api/paypal/confirm-payment')).toEqual([
      { orderId: 'ORDER1', invoiceId: TOKEN, amount: '120.00', currency: 'USD' },
    ]);
  });

  it('says so when no way of paying online is configured', async () => {
    stubFetch([
      invoiceRoute(
        makePublicInvoice({ payment: { demoMode: false, card: false, paypal: false, stripePublishableKey: null, paypalClientId: null } }),
      ),
    ]);
    renderPay();
    expect(
      await screen.findByText('Online payment is not available for this invoice. Please contact Compilers Inc to pay it.'),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('demo-mode')).not.toBeInTheDocument();
  });
});
