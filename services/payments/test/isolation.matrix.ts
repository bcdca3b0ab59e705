import { defineIsolationMatrix } from '@billpoint/kit/testing';
import type { Invoice, Payment, UserSubscription } from '@billpoint/proto';
import { makeCustomer, makeInvoice } from '../../billing/test/support/factories.ts';

const PORTAL_PAYMENT_ID = '00000000-0000-4000-8000-000000000001';

/** Tenant isolation of every signed-in payments route (run by gateway/test/isolation-matrix.test.ts). */
export default defineIsolationMatrix({
  service: 'payments',
  file: 'services/payments/test/isolation.matrix.ts',
  async seed(t) {
    const customer = await makeCustomer(t.client, { name: `Payer ${t.tag}` });
    const invoice: Invoice = await makeInvoice(t.client, customer.id, {
      items: [
        {
          description: `Work ${t.tag}`,
          quantity: '1',
          rate: `${1000 + Math.floor(Math.random() * 9000)}.${10 + Math.floor(Math.random() * 90)}`,
        },
      ],
      status: 'sent',
    });
    const res = await t.client.post('/api/payments', {
      invoiceId: invoice.id,
      amount: '1.00',
      paymentMethod: 'cash',
      reference: `Ref ${t.tag}`,
      notes: `Note ${t.tag}`,
    });
    if (res.status !== 201) throw new Error(`payment failed: ${res.status} ${res.text}`);
    // Plans: A and B each on a plan of their own (A's trial end is an instant no one else has).
    const subscription = (await t.client.get('/api/user-subscription')).json as UserSubscription;
    return { invoice, payment: res.json as Payment, subscription };
  },
  // The trial row (organization.created) and the usage counts (customer and invoice events) arrive by events.
  settled: async (db, t) =>
    (
      await db.query(
        `select 1 from payments.tenant_subscriptions s join payments.subscription_usage u using (tenant_id)
          where s.tenant_id = $1 and u.customer_count = 1 and u.invoice_count = 1`,
        [t.tenantId],
      )
    ).rowCount === 1,
  secrets: ({ payment, subscription }, t) => [t.tag, payment.reference!, payment.notes!, t.tenantId, subscription.trialEndsAt!],
  routes: {
    'GET /api/payments': {
      answers: 'collection',
      call: (a) => [
        { path: `/api/payments?invoiceId=${a.invoice.id}` },
        { path: '/api/payments' },
        { path: `/api/payments?pagination=cursor&invoiceId=${a.invoice.id}` },
        // A cursor of A's (or a neighbour of it) names nothing in B's list: refused as any unknown id, telling nothing.
        { path: `/api/payments?pagination=cursor&starting_after=${a.payment.id + 1}`, status: [400] },
        { path: `/api/payments?pagination=cursor&starting_after=${a.payment.id}`, status: [400] },
      ],
    },
    'GET /api/payments/:id': { answers: 'not-found', call: (a) => ({ path: `/api/payments/${a.payment.id}` }) },
    'POST /api/payments/:id/refund': {
      answers: 'not-found',
      call: (a) => [
        { path: `/api/payments/${a.payment.id}/refund`, body: { amount: '0.50' } },
        { path: `/api/payments/${a.payment.id}/refund`, body: {} },
      ],
    },
    'POST /api/payments': {
      answers: 'status',
      status: [400], // A's invoice does not exist for B
      call: (a) => ({ path: '/api/payments', body: { invoiceId: a.invoice.id, amount: '1.00', paymentMethod: 'cash' } }),
    },
    // Plans: no ids in these calls; B only ever sees and changes its own subscription.
    'GET /api/user-subscription': { answers: 'collection', call: () => ({ path: '/api/user-subscription' }) },
    'POST /api/subscription/change': {
      answers: 'status',
      status: [200],
      call: () => ({ path: '/api/subscription/change', body: { planName: 'enterprise', billingCycle: 'yearly' } }),
    },
    // The portal's pay-several admits portal sessions only: a staff session is not signed in to the portal
    // (401 at the gateway; the service itself would refuse its token, 403). A portal caller and another customer's invoice: portal-payments.test.ts.
    'POST /api/portal/payments': {
      answers: 'status',
      status: [401, 403],
      call: (a) => ({ path: '/api/portal/payments', body: { invoiceIds: [a.invoice.id] } }),
    },
    'POST /api/portal/payments/:id/confirm': {
      answers: 'status',
      status: [401, 403],
      call: () => ({ path: `/api/portal/payments/${PORTAL_PAYMENT_ID}/confirm`, body: { cardNumber: '4242424242424242' } }),
    },
    'GET /api/portal/payments/:id': {
      answers: 'status',
      status: [401, 403],
      call: () => ({ path: `/api/portal/payments/${PORTAL_PAYMENT_ID}` }),
    },
  },
});
