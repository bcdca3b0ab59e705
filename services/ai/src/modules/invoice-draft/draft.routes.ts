import type { FastifyInstance } from 'fastify';
import { InvoiceDraftBody } from '@billpoint/proto';
import type { InvoiceDraftService } from './draft.service.ts';

export function invoiceDraftRoutes(app: FastifyInstance, service: InvoiceDraftService) {
  // A POST that creates nothing: it reads the tenant's customers, products and tax rates and answers a proposal.
  // Whoever may make invoices may ask for one.
  app.post('/api/ai/invoice-draft', { config: { permission: 'invoices.write', contract: { body: InvoiceDraftBody } } }, async (req) =>
    service.draft(req.identity, InvoiceDraftBody.parse(req.body ?? {})),
  );
}
