import type { FastifyInstance, FastifyReply } from 'fastify';
import { EInvoiceQuery, IdParams } from '@billpoint/proto';
import type { ServiceContext } from '@billpoint/kit';
import { creditNoteEInvoice, invoiceEInvoice, type EInvoiceFile } from './e-invoice.files.ts';

const send = (reply: FastifyReply, file: EInvoiceFile) =>
  reply
    .type(file.contentType)
    .header('content-disposition', `attachment; filename="${file.filename.replace(/["\\\r\n]/g, '_')}"`)
    .header('cache-control', 'private, no-store')
    .send(file.body);

/**
 * EN 16931 e-invoices: UBL 2.1, CII, XRechnung 3 (UBL and CII) and Factur-X, read with the document's read
 * permission. A format whose required fields are missing answers 422 listing each with its BT number.
 */
export function eInvoiceRoutes(app: FastifyInstance, ctx: ServiceContext) {
  app.get(
    '/api/invoices/:id/e-invoice',
    { config: { permission: 'invoices.read', contract: { params: IdParams, query: EInvoiceQuery } } },
    async (req, reply) =>
      send(reply, await invoiceEInvoice(ctx, req.identity, IdParams.parse(req.params).id, EInvoiceQuery.parse(req.query).format)),
  );
  app.get(
    '/api/credit-notes/:id/e-invoice',
    { config: { permission: 'credit-notes.read', contract: { params: IdParams, query: EInvoiceQuery } } },
    async (req, reply) =>
      send(reply, await creditNoteEInvoice(ctx, req.identity, IdParams.parse(req.params).id, EInvoiceQuery.parse(req.query).format)),
  );
}
