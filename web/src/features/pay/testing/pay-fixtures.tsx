import type { PaymentConfirmation, PublicInvoice } from '@billpoint/proto';
import { PayLayout } from '../components/pay-layout';
import { renderRoutes, type Route } from '@/testing/render';
import { PayPage } from '../components/pay-page';
import { PaymentSuccessPage } from '../components/payment-success-page';

export const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG'.slice(0, 43);

/** A public invoice as GET /api/invoices/{token}/public answers it: sent, USD 120.00 unpaid, demo mode, card only. */
export function makePublicInvoice(overrides: Partial<PublicInvoice> = {}): PublicInvoice {
  // The white-label flag (off), whether or not the contract at hand has it yet.
  const whiteLabel = { whiteLabel: false };
  return {
    ...whiteLabel,
    id: TOKEN,
    invoiceNumber: 'INV-0042',
    status: 'sent',
    issueDate: '2026-11-01',
    dueDate: '2026-12-01',
    currency: 'USD',
    subtotal: '110.00',
    taxAmount: '10.00',
    discountAmount: '0.00',
    shippingAmount: '0.00',
    total: '120.00',
    amountPaid: '0.00',
    balanceDue: '120.00',
    creditedAmount: '0.00',
    creditApplied: '0.00',
    notes: 'Thank you for your business.',
    customer: { name: 'Initech LLC', email: 'ap@initech.test', address: '1 Main Street' },
    items: [
      { description: 'Discovery workshop', quantity: '2.00', unitPrice: '50.00', amount: '100.00' },
      { description: 'Hosting', quantity: '1.00', unitPrice: '10.00', amount: '10.00' },
    ],
    seller: { name: 'Compilers Inc', logoUrl: null },
    whiteLabel: false,
    payment: { demoMode: true, card: true, paypal: false, stripePublishableKey: null, paypalClientId: null },
    ...overrides,
  };
}

/** What POST /api/confirm-payment answers after `amount` was paid on `invoice`. */
export function confirmation(invoice: PublicInvoice, amount: string, { paid = false, balanceDue = '0.00' } = {}): PaymentConfirmation {
  return {
    success: true,
    demoMode: invoice.payment.demoMode,
    payment: { id: 7, amount, currency: invoice.currency, status: 'completed' },
    invoice: { invoiceNumber: invoice.invoiceNumber, total: invoice.total, amountPaid: amount, balanceDue, paid },
  };
}

export const invoiceRoute = (body: unknown, status = 200): Route => ({ path: `/api/invoices/${TOKEN}/public`, status, body });

export const errorBody = (statusCode: number, message: string, issues?: { path: string; message: string }[]) => ({
  statusCode,
  error: 'Error',
  message,
  ...(issues ? { issues } : {}),
});

/** The pay routes in their standalone layout, with '/' to land on after Continue. */
export function renderPay(path = `/pay/${TOKEN}`) {
  return renderRoutes(
    [
      {
        element: <PayLayout />,
        children: [
          { path: '/pay/:id', element: <PayPage /> },
          { path: '/payment/success', element: <PaymentSuccessPage /> },
          { path: '/payment/:id', element: <PayPage /> },
        ],
      },
      { path: '/', element: <p>home</p> },
    ],
    { path },
  );
}

/** The JSON body a stubbed fetch was called with. */
export const sentBody = (calls: { url: string; init: RequestInit | undefined }[], path: string) =>
  calls.filter((c) => c.url === path).map((c) => JSON.parse(String(c.init?.body)) as unknown);
