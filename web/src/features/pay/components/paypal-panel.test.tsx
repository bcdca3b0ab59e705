import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type * as React from 'react';
import { stubFetch } from '@/testing/render';
import { confirmation, errorBody, invoiceRoute, makePublicInvoice, renderPay, sentBody, TOKEN } from '../testing/pay-fixtures';

/** PayPal's React wrapper stood in for: the real one loads PayPal's script, which jsdom cannot run (the e2e tests do). */
const sdk = vi.hoisted(() => ({ options: [] as unknown[], rejected: false }));
vi.mock('@paypal/react-paypal-js', () => ({
  PayPalScriptProvider: ({ children, options }: { children: React.ReactNode; options: unknown }) => {
    sdk.options.push(options);
    return children;
  },
  usePayPalScriptReducer: () => [{ isPending: false, isResolved: !sdk.rejected, isRejected: sdk.rejected }],
  PayPalButtons: (props: {
    disabled?: boolean;
    createOrder: () => Promise<string>;
    onApprove: (data: { orderID: string }) => Promise<void>;
    onCancel: (data: object) => void;
    onError: (err: unknown) => void;
  }) => (
    <div>
      <button
        disabled={props.disabled}
        onClick={() => {
          props.createOrder().then(
            (orderID) => props.onApprove({ orderID }),
            (err: unknown) => props.onError(err),
          );
        }}
      >
        PayPal Checkout
      </button>
      <button onClick={() => props.onCancel({})}>Close PayPal window</button>
    </div>
  ),
}));

const paypalMode = { demoMode: false, card: false, paypal: true, stripePublishableKey: null, paypalClientId: 'client-from-invoice' };
const invoice = makePublicInvoice({ payment: paypalMode });
const notifications = () => within(screen.getByRole('region', { name: /Notifications/ }));
const LAZY = { timeout: 10_000 };

beforeEach(() => {
  sdk.options.length = 0;
  sdk.rejected = false;
});

function routes({ capture = 201, confirm = 200 } = {}) {
  return stubFetch([
    invoiceRoute(invoice),
    { path: '/api/paypal/setup', body: { clientToken: 'client-token', clientId: 'client-from-setup', demoMode: false } },
    { method: 'POST', path: '/api/paypal/order', body: { id: 'ORDER9' } },
    {
      method: 'POST',
      path: '/api/paypal/order/ORDER9/capture',
      status: capture,
      body: capture < 300 ? { id: 'ORDER9', status: 'COMPLETED' } : errorBody(capture, 'x'),
    },
    {
      method: 'POST',
      path: '/api/paypal/confirm-payment',
      status: confirm,
      body: confirm < 300 ? confirmation(invoice, '120.00', { paid: true }) : errorBody(confirm, 'x'),
    },
  ]);
}

describe('PayPal', () => {
  it('loads the SDK with the setup client id and token in the invoice currency, then order → capture → confirm → success', async () => {
    const user = userEvent.setup();
    const calls = routes();
    renderPay();
    await user.click(await screen.findByRole('button', { name: 'PayPal Checkout' }, LAZY));
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
    expect(sdk.options[0]).toMatchObject({
      clientId: 'client-from-setup',
      dataClientToken: 'client-token',
      currency: 'USD',
      intent: 'capture',
    });
    expect(sentBody(calls, '/api/paypal/order')).toEqual([{ invoiceId: TOKEN, amount: '120.00', currency: 'USD', intent: 'CAPTURE' }]);
    expect(calls.some((c) => c.url === '/api/paypal/order/ORDER9/capture' && c.init?.method === 'POST')).toBe(true);
    expect(sentBody(calls, '/api/paypal/confirm-payment')).toEqual([
      { orderId: 'ORDER9', invoiceId: TOKEN, amount: '120.00', currency: 'USD' },
    ]);
  });

  it('says Payment Cancelled when the payer closes the PayPal window', async () => {
    const user = userEvent.setup();
    routes();
    renderPay();
    await user.click(await screen.findByRole('button', { name: 'Close PayPal window' }, LAZY));
    expect(await notifications().findByText('Payment Cancelled')).toBeInTheDocument();
  });

  it('says PayPal Payment Failed when the capture fails, and Failed to confirm PayPal payment. when the confirmation does', async () => {
    const user = userEvent.setup();
    routes({ capture: 402 });
    const { unmount } = renderPay();
    await user.click(await screen.findByRole('button', { name: 'PayPal Checkout' }, LAZY));
    expect(await notifications().findByText('PayPal Payment Failed')).toBeInTheDocument();
    expect(notifications().getByText('There was an error processing your PayPal payment.')).toBeInTheDocument();
    unmount();

    routes({ confirm: 502 });
    renderPay();
    await user.click(await screen.findByRole('button', { name: 'PayPal Checkout' }, LAZY));
    expect(await notifications().findByText('Failed to confirm PayPal payment.')).toBeInTheDocument();
  });

  it('says PayPal Payment Failed when the SDK cannot load, and falls back to the invoice client id without setup', async () => {
    sdk.rejected = true;
    stubFetch([invoiceRoute(invoice), { path: '/api/paypal/setup', status: 502, body: errorBody(502, 'x') }]);
    renderPay();
    expect(await screen.findByRole('alert', {}, LAZY)).toHaveTextContent(
      'PayPal Payment FailedThere was an error processing your PayPal payment.',
    );
    expect(sdk.options[0]).toMatchObject({ clientId: 'client-from-invoice' });
    expect(sdk.options[0]).not.toHaveProperty('dataClientToken');
  });
});
