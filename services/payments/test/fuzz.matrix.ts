import { defineFuzzMatrix, waitFor } from '@billpoint/kit/testing';
import type { Invoice, UserSubscription } from '@billpoint/proto';
import { makeCustomer, makeInvoice } from '../../billing/test/support/factories.ts';

type Ctx = { invoiceId: number; paymentId: number };

/** A list answer of either paging mode (offset: X-Total-Count, cursor: X-Has-More): an array of at most 500 rows. */
const listAnswer = (json: unknown) =>
  !Array.isArray(json) ? ['a list answer that is not an array'] : json.length > 500 ? [`${json.length} rows`] : [];

/** Hostile input of every payments route with a contract (run by gateway/test/contract-fuzz.test.ts). */
export default defineFuzzMatrix<Ctx>({
  service: 'payments',
  file: 'services/payments/test/fuzz.matrix.ts',
  async setup(t, db) {
    const customer = await makeCustomer(t.client);
    const invoice: Invoice = await makeInvoice(t.client, customer.id, {
      items: [{ description: 'Work', quantity: '1', rate: '999999.00' }],
      status: 'sent',
    });
    // Plans: the trial row and the usage counts arrive by events; nothing may change under the fuzzer's snapshots.
    await waitFor(
      async () =>
        (
          await db.query(
            `select 1 from payments.tenant_subscriptions s join payments.subscription_usage u using (tenant_id)
              where s.tenant_id = $1 and u.customer_count = 1 and u.invoice_count = 1`,
            [t.tenantId],
          )
        ).rowCount === 1,
      30_000,
    );
    // A payment to refund: the fuzzer's valid refunds take parts of it back until nothing is left (then 409s).
    const paid = await t.client.post('/api/payments', { invoiceId: invoice.id, amount: '5000.00', paymentMethod: 'bank_transfer' });
    if (paid.status !== 201) throw new Error(`payment failed: ${paid.status} ${paid.text}`);
    return { invoiceId: invoice.id, paymentId: paid.json.id };
  },
  routes: {
    'GET /api/payments': { answer: listAnswer },
    'POST /api/payments/:id/refund': { path: (ctx) => `/api/payments/${ctx.paymentId}/refund` },
    'POST /api/payments': { fix: (v, ctx) => ({ ...v, invoiceId: ctx.invoiceId }) },
    // Portal sessions only: the fuzzer's staff session is refused whatever the input, never a 5xx.
    'POST /api/portal/payments': { fix: (v, ctx) => ({ ...v, invoiceIds: [ctx.invoiceId] }) },
    'POST /api/portal/payments/:id/confirm': { path: () => '/api/portal/payments/00000000-0000-4000-8000-000000000001/confirm' },
    'POST /api/subscription/change': {
      readBack: async ({ parsed, client }) => {
        const s = (await client.get('/api/user-subscription')).json as UserSubscription;
        return { actual: { planName: s.plan, billingCycle: s.billingCycle }, expected: parsed };
      },
    },
  },
});
