import type { FastifyInstance } from 'fastify';
import {
  BillingPayableRpc,
  IdParams,
  ManualPaymentBody,
  PaymentListQuery,
  RefundBody,
  TOTAL_COUNT_HEADER,
  type Payment,
} from '@billpoint/proto';
import {
  checkCursor,
  cursorPage,
  cursorPlan,
  Invalid,
  metadataFilterSql,
  NotFound,
  rpcCall,
  sendCursorPage,
  storedMetadata,
  type ServiceContext,
} from '@billpoint/kit';
import type { Ledger } from './ledger.ts';
import type { Refunds } from './refund.ts';
import { PAYMENT_COLUMNS, toPayment, type PaymentRow } from './payment.sql.ts';

/**
 * Signed-in calls: payments (one invoice's, or all of the tenant's; offset or cursor paging), one payment, a payment
 * received outside the pay page (cash, transfer, check), and refunds.
 */
export function paymentRoutes(app: FastifyInstance, ctx: ServiceContext, ledger: Ledger, refunds: Refunds) {
  app.get('/api/payments', { config: { permission: 'payments.read', contract: { query: PaymentListQuery } } }, async (req, reply) => {
    const q = PaymentListQuery.parse(req.query);
    const tenantId = req.identity.tenantId;
    const invoiceId = q.invoiceId ?? null;
    // Every list filters by the metadata pairs, $3 (containment on the integrator's keys).
    const metadata = metadataFilterSql('p.integrator_metadata', 3, q.metadata);
    if (q.pagination === 'cursor') {
      // Newest first, keyset paging on creation (kit cursorPlan).
      const plan = cursorPlan(q, { table: 'payments.payments', alias: 'p' }, 4);
      const rows = await ctx.reader.query<PaymentRow>(
        tenantId,
        `select ${PAYMENT_COLUMNS} from payments.payments p
          where p.tenant_id = $1 and ($2::bigint is null or p.invoice_id = $2) and ${metadata.sql} and ${plan.where}
          order by ${plan.order} limit ${plan.take}`,
        [tenantId, invoiceId, metadata.param, ...plan.params],
      );
      await checkCursor(ctx.reader, tenantId, plan, q, rows.length);
      return sendCursorPage(reply, cursorPage(rows.map(toPayment), q));
    }
    if (invoiceId !== null) {
      // The app's invoice view: every payment of the invoice, oldest first.
      const rows = await ctx.reader.query<PaymentRow>(
        tenantId,
        `select ${PAYMENT_COLUMNS} from payments.payments p where p.tenant_id = $1 and p.invoice_id = $2 and ${metadata.sql}
          order by p.created_at, p.id`,
        [tenantId, invoiceId, metadata.param],
      );
      return reply.header(TOTAL_COUNT_HEADER, String(rows.length)).send(rows.map(toPayment));
    }
    const rows = await ctx.reader.query<PaymentRow & { total_count: string }>(
      tenantId,
      `select ${PAYMENT_COLUMNS},
         (select count(*) from payments.payments c where c.tenant_id = $1 and ${metadataFilterSql('c.integrator_metadata', 3, undefined).sql})::text as total_count
         from payments.payments p where p.tenant_id = $1 and ${metadata.sql} order by p.created_at desc, p.id desc limit $2`,
      [tenantId, q.limit, metadata.param],
    );
    return reply.header(TOTAL_COUNT_HEADER, rows[0]?.total_count ?? '0').send(rows.map(toPayment));
  });

  app.get(
    '/api/payments/:id',
    { config: { permission: 'payments.read', contract: { params: IdParams } } },
    async (req): Promise<Payment> => {
      const { id } = IdParams.parse(req.params);
      const [row] = await ctx.reader.query<PaymentRow>(
        req.identity.tenantId,
        `select ${PAYMENT_COLUMNS} from payments.payments p where p.id = $1 and p.tenant_id = $2`,
        [id, req.identity.tenantId],
      );
      if (!row) throw new NotFound('Payment not found');
      return toPayment(row);
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
        integratorMetadata: storedMetadata(null, b.metadata),
      },
      inv.currency,
    );
    return reply.status(201).send(toPayment(row));
  });

  app.post(
    '/api/payments/:id/refund',
    { config: { permission: 'payments.refund', contract: { params: IdParams, body: RefundBody } } },
    async (req): Promise<Payment> => refunds.refund(req.identity, IdParams.parse(req.params).id, RefundBody.parse(req.body ?? {})),
  );
}
