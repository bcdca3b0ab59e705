import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadStripe } from '@stripe/stripe-js/pure';
import { fakeStripe } from '@/testing/fake-stripe';
import { stubFetch } from '@/testing/render';
import { brandingRoute, makeInvoice, meRoute, renderPortal } from '../testing/portal-fixtures';

vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: vi.fn() }));

const fake = fakeStripe();
const LAZY = { timeout: 10_000 };
const PAYMENT_ID = '0b8e7f62-8a8c-4b8e-9d43-1b5c6f1f3a12';
const invoices = [
  makeInvoice({ id: 1, invoiceNumber: 'INV-0001' }),
  makeInvoice({ id: 2, invoiceNumber: 'INV-0002', balanceDue: '50.00' }),
];
const payment = {
  id: PAYMENT_ID,
  status: 'pending',
  currency: 'USD',
  total: '150.00',
  demoMode: false,
  clientSecret: 'pi_9_secret_b',
  paypalOrderId: null,
  allocations: [],
};

beforeEach(() => {
  fake.stripe.confirmPayment.mockReset();
  fake.elementsOptions.length = 0;
  vi.mocked(loadStripe).mockResolvedValue(fake.stripe as never);
});

function stubPortal() {
  return stubFetch([
    brandingRoute(),
    meRoute(),
    { path: '/api/portal/invoices', body: { invoices, totals: [] } },
    {
      path: /^\/api\/invoices\/.+\/public$/,
      body: { payment: { demoMode: false, card: true, paypal: false, stripePublishableKey: 'pk_test_123', paypalClientId: null } },
    },
    { method: 'POST', path: '/api/portal/payments', body: payment },
    {
      method: 'POST',
      path: `/api/portal/payments/${PAYMENT_ID}/confirm`,
      body: { success: true, demoMode: false, payment: { ...payment, status: 'completed' }, paymentStatuses: [] },
    },
  ]);
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('checkbox', { name: 'Select invoice INV-0001 to pay' }));
  await user.click(screen.getByRole('checkbox', { name: 'Select invoice INV-0002 to pay' }));
  await user.click(screen.getByRole('button', { name: 'Pay selected (2) — $150.00' }));
  expect(await screen.findByTestId('stripe-payment-element', {}, LAZY)).toBeInTheDocument();
  const pay = await screen.findByRole('button', { name: 'Pay $150.00' });
  await waitFor(() => expect(pay).toBeEnabled());
  return pay;
}

describe('portal pay-several through Stripe', () => {
  it("opens one payment for the selected invoices, mounts Stripe's form with its client secret, and records it once Stripe confirms", async () => {
    const user = userEvent.setup();
    const calls = stubPortal();
    fake.stripe.confirmPayment.mockResolvedValue({ paymentIntent: { id: 'pi_9', status: 'succeeded' } });
    renderPortal('/portal/acme/invoices');
    const pay = await openDialog(user);
    expect(vi.mocked(loadStripe)).toHaveBeenCalledWith('pk_test_123');
    expect(fake.elementsOptions[0]).toMatchObject({ clientSecret: 'pi_9_secret_b' });
    const opened = calls.filter((c) => c.method === 'POST' && c.url === '/api/portal/payments');
    expect(opened).toHaveLength(1);
    expect(JSON.parse(String(opened[0]!.init?.body))).toEqual({ invoiceIds: [1, 2], method: 'card' });
    await user.click(pay);
    const toastArea = within(screen.getByRole('region', { name: /Notifications/ }));
    expect(await toastArea.findByText('Payment received')).toBeInTheDocument();
    expect(fake.stripe.confirmPayment).toHaveBeenCalledWith(expect.objectContaining({ redirect: 'if_required' }));
    const confirmed = calls.find((c) => c.url === `/api/portal/payments/${PAYMENT_ID}/confirm`)!;
    expect(JSON.parse(String(confirmed.init?.body))).toEqual({});
  });

  it("says Stripe's decline and records nothing", async () => {
    const user = userEvent.setup();
    const calls = stubPortal();
    fake.stripe.confirmPayment.mockResolvedValue({ error: { message: 'Your card has insufficient funds.' } });
    renderPortal('/portal/acme/invoices');
    await user.click(await openDialog(user));
    const toastArea = within(screen.getByRole('region', { name: /Notifications/, hidden: true }));
    expect(await toastArea.findByText('Your card has insufficient funds.')).toBeInTheDocument();
    expect(calls.some((c) => c.url.endsWith('/confirm'))).toBe(false);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
