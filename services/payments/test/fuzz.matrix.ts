import { defineFuzzMatrix } from '@billpoint/kit/testing';
import type { Invoice } from '@billpoint/proto';
import { makeCustomer, makeInvoice } from '../../billing/test/support/factories.ts';

type Ctx = { invoiceId: number };

/** Hostile input of every payments route with a contract (run by gateway/test/contract-fuzz.test.ts). */
export default defineFuzzMatrix<Ctx>({
  service: 'payments',
  file: 'services/payments/test/fuzz.matrix.ts',
  async setup(t) {
    const customer = await makeCustomer(t.client);
    const invoice: Invoice = await makeInvoice(t.client, customer.id, {
      items: [{ description: 'Work', quantity: '1', rate: '999999.00' }],
      status: 'sent',
    });
    return { invoiceId: invoice.id };
  },
  routes: {
    'GET /api/payments': { fix: (v, ctx) => ({ ...v, invoiceId: ctx.invoiceId }) },
    'POST /api/payments': { fix: (v, ctx) => ({ ...v, invoiceId: ctx.invoiceId }) },
  },
});
