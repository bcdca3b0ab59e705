import type { FastifyInstance } from 'fastify';
import { IdParams, InvoiceCreateBody, InvoiceListQuery, InvoiceUpdateBody, TOTAL_COUNT_HEADER, type NextNumber } from '@billpoint/proto';
import type { InvoiceService } from './invoice.service.ts';

export function invoiceRoutes(app: FastifyInstance, invoices: InvoiceService) {
  app.get('/api/invoices', { config: { permission: 'invoices.read', contract: { query: InvoiceListQuery } } }, async (req, reply) => {
    const { items, total } = await invoices.list(req.identity, InvoiceListQuery.parse(req.query));
    return reply.header(TOTAL_COUNT_HEADER, String(total)).send(items);
  });

  app.get('/api/invoices/next-number', { config: { permission: 'invoices.read' } }, async (req): Promise<NextNumber> => ({
    invoiceNumber: await invoices.nextNumber(req.identity),
  }));

  app.get('/api/invoices/:id', { config: { permission: 'invoices.read', contract: { params: IdParams } } }, async (req) =>
    invoices.get(req.identity, IdParams.parse(req.params).id),
  );

  app.post('/api/invoices', { config: { permission: 'invoices.write', contract: { body: InvoiceCreateBody } } }, async (req, reply) => {
    const invoice = await invoices.create(req.identity, InvoiceCreateBody.parse(req.body ?? {}));
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

  app.delete('/api/invoices/:id', { config: { permission: 'invoices.delete', contract: { params: IdParams } } }, async (req, reply) => {
    await invoices.remove(req.identity, IdParams.parse(req.params).id);
    return reply.status(204).send();
  });

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
