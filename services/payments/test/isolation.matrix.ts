import { defineIsolationMatrix } from '@billpoint/kit/testing';
import type { Invoice, Payment } from '@billpoint/proto';
import { makeCustomer, makeInvoice } from '../../billing/test/support/factories.ts';

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
    return { invoice, payment: res.json as Payment };
  },
  secrets: ({ payment }, t) => [t.tag, payment.reference!, payment.notes!, t.tenantId],
  routes: {
    'GET /api/payments': { answers: 'collection', call: (a) => ({ path: `/api/payments?invoiceId=${a.invoice.id}` }) },
    'POST /api/payments': {
      answers: 'status',
      status: [400], // A's invoice does not exist for B
      call: (a) => ({ path: '/api/payments', body: { invoiceId: a.invoice.id, amount: '1.00', paymentMethod: 'cash' } }),
    },
  },
});
