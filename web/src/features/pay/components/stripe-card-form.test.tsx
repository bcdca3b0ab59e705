import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadStripe } from '@stripe/stripe-js/pure';
import { stubFetch } from '@/testing/render';
import { AMOUNT_SETTLE_MS } from '../lib/use-payment-intent';
import { fakeStripe } from '@/testing/fake-stripe';
import { confirmation, errorBody, invoiceRoute, makePublicInvoice, renderPay, sentBody, TOKEN } from '../testing/pay-fixtures';

vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: vi.fn() }));

const stripeMode = { demoMode: false, card: true, paypal: false, stripePublishableKey: 'pk_test_123', paypalClientId: null };
const invoice = makePublicInvoice({ payment: stripeMode });
const notifications = () => within(screen.getByRole('region', { name: /Notifications/ }));
const LAZY = { timeout: 10_000 };
// One Stripe instance per key for the page's lifetime (the form caches it), so one fake for the whole file.
const fake = fakeStripe();

beforeEach(() => {
  fake.stripe.confirmPayment.mockReset();
  fake.elementsOptions.length = 0;
  vi.mocked(loadStripe).mockResolvedValue(fake.stripe as never);
});

/** The Pay button once Stripe's element is ready. */
async function payButton(name: string) {
  const button = await screen.findByRole('button', { name }, LAZY);
  await waitFor(() => expect(button).toBeEnabled());
  return button;
}

const intentRoute = (reply?: () => { status?: number; body?: unknown }) => ({
  method: 'POST',
  path: '/api/create-payment-intent',
  reply: (reply ?? (() => ({ body: { clientSecret: 'pi_1_secret_a', paymentIntentId: 'pi_1', demoMode: false } }))) as never,
});

describe('card payment through Stripe Elements', () => {
  it('creates the payment request as soon as the invoice loads, then pays: Stripe confirms, the server records, success', async () => {
    const user = userEvent.setup();
    const calls = stubFetch([
      invoiceRoute(invoice),
      intentRoute(),
      { method: 'POST', path: '/api/confirm-payment', body: confirmation(invoice, '120.00', { paid: true }) },
    ]);
    fake.stripe.confirmPayment.mockResolvedValue({ paymentIntent: { id: 'pi_1', status: 'succeeded' } });
    renderPay();
    expect(await screen.findByTestId('stripe-payment-element', {}, LAZY)).toBeInTheDocument();
    expect(sentBody(calls, '/api/create-payment-intent')).toEqual([{ invoiceId: TOKEN, amount: '120.00', currency: 'USD' }]);
    expect(fake.elementsOptions[0]).toMatchObject({ clientSecret: 'pi_1_secret_a' });
    expect(screen.queryByTestId('demo-mode')).not.toBeInTheDocument();

    await user.click(await payButton('Pay $120.00'));
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
    const [params] = fake.stripe.confirmPayment.mock.calls[0]!;
    expect(params.redirect).toBe('if_required');
    expect(params.confirmParams.return_url).toBe(`${window.location.origin}/payment/success?invoice=${TOKEN}`);
    expect(sentBody(calls, '/api/confirm-payment')).toEqual([{ paymentIntentId: 'pi_1', invoiceId: TOKEN }]);
  });

  it("shows Payment Failed with Stripe's message when the card is refused, and Payment Error when Stripe throws", async () => {
    const user = userEvent.setup();
    stubFetch([invoiceRoute(invoice), intentRoute()]);
    fake.stripe.confirmPayment.mockResolvedValueOnce({ error: { type: 'card_error', message: 'Your card has insufficient funds.' } });
    renderPay();
    await user.click(await payButton('Pay $120.00'));
    expect(await notifications().findByText('Payment Failed')).toBeInTheDocument();
    expect(notifications().getByText('Your card has insufficient funds.')).toBeInTheDocument();

    fake.stripe.confirmPayment.mockRejectedValueOnce(new Error('boom'));
    await user.click(await payButton('Pay $120.00'));
    expect(await notifications().findByText('An unexpected error occurred during payment processing.')).toBeInTheDocument();
  });

  it('makes a new payment request when the amount settles on another valid value, none for an invalid one', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      let n = 0;
      const calls = stubFetch([
        invoiceRoute(invoice),
        intentRoute(() => ({ body: { clientSecret: `pi_${++n}_secret`, paymentIntentId: `pi_${n}`, demoMode: false } })),
      ]);
      renderPay();
      await payButton('Pay $120.00');
      const amount = screen.getByLabelText('Amount to pay (USD)');
      await user.clear(amount);
      await user.type(amount, '999');
      await act(() => vi.advanceTimersByTimeAsync(AMOUNT_SETTLE_MS * 2));
      expect(screen.getByRole('button', { name: 'Pay $120.00' })).toBeDisabled();
      expect(sentBody(calls, '/api/create-payment-intent')).toHaveLength(1);
      await user.clear(amount);
      await user.type(amount, '40');
      await act(() => vi.advanceTimersByTimeAsync(AMOUNT_SETTLE_MS));
      await payButton('Pay $40.00');
      expect(sentBody(calls, '/api/create-payment-intent')).toEqual([
        { invoiceId: TOKEN, amount: '120.00', currency: 'USD' },
        { invoiceId: TOKEN, amount: '40.00', currency: 'USD' },
      ]);
      expect(fake.elementsOptions.at(-1)).toMatchObject({ clientSecret: 'pi_2_secret' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('says the payment could not be initialized, and tries again on request', async () => {
    const user = userEvent.setup();
    let fail = true;
    stubFetch([
      invoiceRoute(invoice),
      intentRoute(() =>
        fail
          ? { status: 502, body: errorBody(502, 'Failed to initialize payment. Please try again.') }
          : { body: { clientSecret: 's', paymentIntentId: 'pi', demoMode: false } },
      ),
    ]);
    renderPay();
    const alert = await screen.findByRole('alert', {}, LAZY);
    expect(alert).toHaveTextContent('Failed to initialize payment. Please try again.');
    expect(notifications().getByText('Failed to initialize payment. Please try again.')).toBeInTheDocument();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByTestId('stripe-payment-element')).toBeInTheDocument());
  });
});
