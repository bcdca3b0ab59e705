import { defineFuzzMatrix, waitFor } from '@billpoint/kit/testing';
import type { Invoice, UserSubscription } from '@billpoint/proto';
import { makeCustomer, makeInvoice } from '../../billing/test/support/factories.ts';

type Ctx = { invoiceId: number };

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
    return { invoiceId: invoice.id };
  },
  routes: {
    'GET /api/payments': { fix: (v, ctx) => ({ ...v, invoiceId: ctx.invoiceId }) },
    'POST /api/payments': { fix: (v, ctx) => ({ ...v, invoiceId: ctx.invoiceId }) },
    'POST /api/subscription/change': {
      readBack: async ({ parsed, client }) => {
        const s = (await client.get('/api/user-subscription')).json as UserSubscription;
        return { actual: { planName: s.plan, billingCycle: s.billingCycle }, expected: parsed };
      },
    },
  },
});
