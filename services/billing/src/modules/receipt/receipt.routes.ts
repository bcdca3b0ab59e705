import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { portalCustomerId, type ServiceContext } from '@billpoint/kit';
import type { PortalReceipt } from '@billpoint/proto';
import { RECEIPT_COLUMNS, toPortalReceipt, type ReceiptRow } from './receipt.store.ts';
import { portalReceiptPdf } from './receipt.pdf.ts';

const ReceiptParams = z.object({ id: z.string().min(1).max(64) });

/** The portal's receipts: the signed-in customer's own, newest first, and each one's PDF. */
export function receiptRoutes(app: FastifyInstance, ctx: ServiceContext) {
  app.get('/api/portal/receipts', { config: { permission: 'portal' } }, async (req): Promise<PortalReceipt[]> => {
    const customerId = portalCustomerId(req.identity);
    const rows = await ctx.reader.query<ReceiptRow>(
      req.identity.tenantId,
      `select ${RECEIPT_COLUMNS} from billing.receipts where tenant_id = $1 and customer_id = $2 order by paid_at desc, receipt_number desc`,
      [req.identity.tenantId, customerId],
    );
    return rows.map(toPortalReceipt);
  });

  app.get('/api/portal/receipts/:id/pdf', { config: { permission: 'portal', contract: { params: ReceiptParams } } }, async (req, reply) => {
    const { id } = ReceiptParams.parse(req.params);
    const pdf = await portalReceiptPdf(ctx, req.identity.tenantId, portalCustomerId(req.identity), id);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${pdf.filename}"`)
      .header('cache-control', 'private, no-store')
      .send(pdf.body);
  });
}
