import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PortalInvoice, PortalInvoiceList } from '@billpoint/proto';
import { stubFetch } from '@/testing/render';
import { brandingRoute, makeInvoice, meRoute, renderPortal } from '../testing/portal-fixtures';

const open1 = makeInvoice({ id: 1, invoiceNumber: 'INV-0001', total: '100.00', balanceDue: '100.00' });
const open2 = makeInvoice({
  id: 2,
  invoiceNumber: 'INV-0002',
  status: 'overdue',
  total: '250.50',
  balanceDue: '200.00',
  amountPaid: '50.50',
});
const paid = makeInvoice({ id: 3, invoiceNumber: 'INV-0003', status: 'paid', total: '80.00', balanceDue: '0.00', amountPaid: '80.00' });
const list = (invoices: PortalInvoice[]): PortalInvoiceList => ({
  invoices,
  totals: [{ currency: 'USD', outstanding: '300.00', overdue: '200.00', paid: '130.50' }],
});
const notifications = () => within(screen.getByRole('region', { name: /Notifications/ }));

async function fillCard(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Card number'), '4242 4242 4242 4242');
  await user.type(screen.getByLabelText('Expiry (MM / YY)'), '12 / 34');
  await user.type(screen.getByLabelText('CVC'), '123');
  await user.type(screen.getByLabelText('Name on card'), 'Peter Gibbons');
}

describe('portal invoices', () => {
  it('lists the invoices with totals per currency and asks the server for a filter and a search', async () => {
    const user = userEvent.setup();
    const calls = stubFetch([
      brandingRoute(),
      meRoute(),
      {
        path: '/api/portal/invoices',
        reply: (url) => ({ body: list(url.searchParams.get('status') === 'overdue' ? [open2] : [open1, open2, paid]) }),
      },
    ]);
    renderPortal('/portal/acme/invoices');
    expect(await screen.findAllByTestId('portal-invoice')).toHaveLength(3);
    expect(within(screen.getByTestId('summary-outstanding')).getByTestId('summary-value')).toHaveTextContent('$300.00');
    expect(within(screen.getByTestId('summary-overdue')).getByTestId('summary-value')).toHaveTextContent('$200.00');
    expect(within(screen.getByTestId('summary-paid')).getByTestId('summary-value')).toHaveTextContent('$130.50');
    const row = screen.getAllByTestId('portal-invoice')[1]!;
    expect(row).toHaveTextContent('INV-0002');
    expect(row).toHaveTextContent('Overdue');
    expect(row).toHaveTextContent('$250.50');
    expect(row).toHaveTextContent('$200.00');
    expect(within(row).getByRole('link', { name: 'Download PDF of invoice INV-0002' })).toHaveAttribute(
      'href',
      '/api/portal/invoices/2/pdf',
    );
    // A paid invoice cannot be selected for payment.
    expect(screen.queryByRole('checkbox', { name: 'Select invoice INV-0003 to pay' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Overdue' }));
    expect(await screen.findByRole('tab', { name: 'Overdue', selected: true })).toBeInTheDocument();
    await expect.poll(() => screen.getAllByTestId('portal-invoice').length).toBe(1);
    await user.type(screen.getByLabelText('Search invoices'), '0002');
    await expect.poll(() => calls.some((c) => c.url.includes('status=overdue') && c.url.includes('search=0002'))).toBe(true);
  });

  it('says so when there is nothing to show', async () => {
    stubFetch([brandingRoute(), meRoute(), { path: '/api/portal/invoices', body: { invoices: [], totals: [] } }]);
    renderPortal('/portal/acme/invoices');
    expect(await screen.findByRole('heading', { name: 'No invoices' })).toBeInTheDocument();
  });

  it('pays two selected invoices at once with the demo card, then says so and reloads the list', async () => {
    const user = userEvent.setup();
    let settled = false;
    const payment = {
      id: '0b8e7f62-8a8c-4b8e-9d43-1b5c6f1f3a10',
      status: 'pending',
      currency: 'USD',
      total: '300.00',
      demoMode: true,
      clientSecret: null,
      paypalOrderId: null,
      allocations: [
        { invoiceId: 1, invoiceNumber: 'INV-0001', amount: '100.00' },
        { invoiceId: 2, invoiceNumber: 'INV-0002', amount: '200.00' },
      ],
    };
    const calls = stubFetch([
      brandingRoute(),
      meRoute(),
      {
        path: '/api/portal/invoices',
        reply: () => ({
          body: list(
            settled
              ? [{ ...open1, status: 'paid', balanceDue: '0.00' }, { ...open2, status: 'paid', balanceDue: '0.00' }, paid]
              : [open1, open2, paid],
          ),
        }),
      },
      {
        path: /^\/api\/invoices\/.+\/public$/,
        body: { payment: { demoMode: true, card: true, paypal: false, stripePublishableKey: null, paypalClientId: null } },
      },
      { method: 'POST', path: '/api/portal/payments', body: payment },
      {
        method: 'POST',
        path: `/api/portal/payments/${payment.id}/confirm`,
        reply: () => {
          settled = true;
          return { body: { success: true, demoMode: true, payment: { ...payment, status: 'completed' }, paymentStatuses: [] } };
        },
      },
    ]);
    renderPortal('/portal/acme/invoices');
    await user.click(await screen.findByRole('checkbox', { name: 'Select invoice INV-0001 to pay' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select invoice INV-0002 to pay' }));
    await user.click(screen.getByRole('button', { name: 'Pay selected (2) — $300.00' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay 2 invoices' });
    expect(await within(dialog).findByTestId('demo-mode')).toHaveTextContent('Demo mode');
    await fillCard(user);
    await user.click(within(dialog).getByRole('button', { name: 'Pay $300.00' }));

    expect(await notifications().findByText('Payment received')).toBeInTheDocument();
    expect(notifications().getByText('$300.00 for 2 invoices. A receipt is on its way by e-mail.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await expect.poll(() => screen.queryAllByRole('checkbox').length).toBe(0);
    expect(screen.queryByRole('button', { name: /Pay selected/ })).not.toBeInTheDocument();
    const opened = calls.find((c) => c.method === 'POST' && c.url === '/api/portal/payments')!;
    expect(JSON.parse(String(opened.init?.body))).toEqual({ invoiceIds: [1, 2], method: 'card' });
    const confirmed = calls.find((c) => c.url.endsWith('/confirm'))!;
    expect(JSON.parse(String(confirmed.init?.body))).toEqual({ cardNumber: '4242424242424242' });
  });

  it("shows the processor's decline and keeps the selection", async () => {
    const user = userEvent.setup();
    stubFetch([
      brandingRoute(),
      meRoute(),
      { path: '/api/portal/invoices', body: list([open1, open2]) },
      {
        path: /^\/api\/invoices\/.+\/public$/,
        body: { payment: { demoMode: true, card: true, paypal: false, stripePublishableKey: null, paypalClientId: null } },
      },
      {
        method: 'POST',
        path: '/api/portal/payments',
        body: {
          id: '0b8e7f62-8a8c-4b8e-9d43-1b5c6f1f3a11',
          status: 'pending',
          currency: 'USD',
          total: '100.00',
          demoMode: true,
          clientSecret: null,
          paypalOrderId: null,
          allocations: [],
        },
      },
      { method: 'POST', path: /\/confirm$/, status: 402, body: { statusCode: 402, message: 'Your card was declined.' } },
    ]);
    renderPortal('/portal/acme/invoices');
    await user.click(await screen.findByRole('checkbox', { name: 'Select invoice INV-0001 to pay' }));
    await user.click(screen.getByRole('button', { name: 'Pay selected (1) — $100.00' }));
    await screen.findByTestId('demo-test-cards');
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Pay $100.00' }));
    // The dialog hides the rest of the page from assistive technology while it is open; the toast shows above it.
    const toastArea = within(screen.getByRole('region', { name: /Notifications/, hidden: true }));
    expect(await toastArea.findByText('Your card was declined.')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
