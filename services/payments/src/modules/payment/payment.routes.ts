import type { FastifyInstance } from 'fastify';
import { BillingPayableRpc, ManualPaymentBody, PaymentListQuery, type Payment } from '@billpoint/proto';
import { Invalid, rpcCall, type ServiceContext } from '@billpoint/kit';
import type { Ledger } from './ledger.ts';
import { PAYMENT_COLUMNS, toPayment, type PaymentRow } from './payment.sql.ts';

/** Signed-in calls: an invoice's payments, and a payment received outside the pay page (cash, transfer, check). */
export function paymentRoutes(app: FastifyInstance, ctx: ServiceContext, ledger: Ledger) {
  app.get(
    '/api/payments',
    { config: { permission: 'payments.read', contract: { query: PaymentListQuery } } },
    async (req, reply): Promise<Payment[]> => {
      const { invoiceId } = PaymentListQuery.parse(req.query);
      const rows = await ctx.reader.query<PaymentRow>(
        req.identity.tenantId,
        `select ${PAYMENT_COLUMNS} from payments.payments p where p.tenant_id = $1 and p.invoice_id = $2 order by p.created_at, p.id`,
        [req.identity.tenantId, invoiceId],
      );
      void reply.header('x-total-count', String(rows.length));
      return rows.map(toPayment);
    },
  );

  app.post('/api/payments', { config: { permission: 'payments.record', contract: { body: ManualPaymentBody } } }, async (req, reply) => {
    const b = ManualPaymentBody.parse(req.body ?? {});
    const inv = await rpcCall(ctx.bus, BillingPayableRpc, { tenantId: req.identity.tenantId, invoiceId: b.invoiceId });
    if (!inv) throw new Invalid('Invoice not found', 'invoiceId');
    const row = await ledger.open(
      inv,
      {
        amount: b.amount,
        method: b.paymentMethod,
        processor: 'manual',
        status: 'completed',
        userId: req.identity.userId,
        reference: b.reference ?? null,
        notes: b.notes ?? null,
        paymentDate: b.paymentDate,
      },
      inv.currency,
    );
    return reply.status(201).send(toPayment(row));
  });
}
