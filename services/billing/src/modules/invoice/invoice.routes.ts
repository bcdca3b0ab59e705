import type { FastifyInstance } from 'fastify';
import {
  IdParams,
  InvoiceCreateBody,
  InvoiceDeleteQuery,
  InvoiceListQuery,
  InvoicePatchBody,
  InvoiceUpdateBody,
  TOTAL_COUNT_HEADER,
  type NextNumber,
} from '@billpoint/proto';
import { Conflict, sendCursorPage, type ServiceContext } from '@billpoint/kit';
import type { InvoiceService } from './invoice.service.ts';
import { listInvoices } from './invoice.list.ts';
import { patchInvoice } from './invoice.patch.ts';
import { voidInvoice } from './invoice.void.ts';

export function invoiceRoutes(app: FastifyInstance, invoices: InvoiceService, ctx: ServiceContext) {
  app.get('/api/invoices', { config: { permission: 'invoices.read', contract: { query: InvoiceListQuery } } }, async (req, reply) => {
    const page = await listInvoices(ctx, invoices, req.identity, InvoiceListQuery.parse(req.query));
    if (page.mode === 'cursor') return sendCursorPage(reply, page);
    return reply.header(TOTAL_COUNT_HEADER, String(page.total)).send(page.items);
  });

  app.get('/api/invoices/next-number', { config: { permission: 'invoices.read' } }, async (req): Promise<NextNumber> => ({
    invoiceNumber: await invoices.nextNumber(req.identity),
  }));

  app.get('/api/invoices/:id', { config: { permission: 'invoices.read', contract: { params: IdParams } } }, async (req) =>
    invoices.get(req.identity, IdParams.parse(req.params).id),
  );

  app.post('/api/invoices', { config: { permission: 'invoices.write', contract: { body: InvoiceCreateBody } } }, async (req, reply) => {
    const invoice = await invoices.create(req.identity, InvoiceCreateBody.parse(req.body ?? {})).catch((err: unknown) => {
      // create's only 409 is a number that exists (coded here, outside the create path another change is reworking).
      if (err instanceof Conflict) err.code ??= 'resource_already_exists';
      throw err;
    });
    return reply.status(201).send(invoice);
  });

  app.put(
    '/api/invoices/:id',
    { config: { permission: 'invoices.write', contract: { params: IdParams, body: InvoiceUpdateBody } } },
    async (req) => {
      const { id } = IdParams.parse(req.params);
      return invoices.update(req.identity, id, InvoiceUpdateBody.parse(req.body ?? {}));
    },
  );

  app.patch(
    '/api/invoices/:id',
    { config: { permission: 'invoices.write', contract: { params: IdParams, body: InvoicePatchBody } } },
    async (req) =>
      patchInvoice(invoices, req.identity, IdParams.parse(req.params).id, InvoicePatchBody.parse(req.body === undefined ? {} : req.body)),
  );

  app.delete(
    '/api/invoices/:id',
    { config: { permission: 'invoices.delete', contract: { params: IdParams, query: InvoiceDeleteQuery } } },
    async (req, reply) => {
      // `draftOnly` (the public API's delete) is accepted still; every delete now refuses an issued invoice.
      InvoiceDeleteQuery.parse(req.query);
      await invoices.remove(req.identity, IdParams.parse(req.params).id);
      return reply.status(204).send();
    },
  );

  app.post('/api/invoices/:id/void', { config: { permission: 'invoices.edit-sent', contract: { params: IdParams } } }, async (req) =>
    voidInvoice(ctx, req.identity, IdParams.parse(req.params).id),
  );

  app.post('/api/invoices/:id/send', { config: { permission: 'invoices.send', contract: { params: IdParams } } }, async (req) =>
    invoices.send(req.identity, IdParams.parse(req.params).id),
  );

  app.get('/api/invoices/:id/pdf', { config: { permission: 'invoices.read', contract: { params: IdParams } } }, async (req, reply) => {
    const { filename, stream } = await invoices.pdf(req.identity, IdParams.parse(req.params).id);
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${filename.replace(/["\\\r\n]/g, '_')}"`)
      .header('cache-control', 'private, no-store')
      .send(stream);
  });
}
