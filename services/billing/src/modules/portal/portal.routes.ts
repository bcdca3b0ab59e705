import type { FastifyInstance } from 'fastify';
import { IdParams, PortalInvoicesQuery, PortalStatementQuery, type PortalInvoiceList } from '@billpoint/proto';
import { portalCustomerId, type Identity, type ServiceContext } from '@billpoint/kit';
import type { InvoiceService } from '../invoice/invoice.service.ts';
import { loadSender } from '../invoice/invoice.send.ts';
import { loadDesign } from '../template/design.ts';
import { ownInvoiceId, portalInvoices, type PortalCaller } from './portal.invoices.ts';
import { mainCurrency, statementOf } from './portal.statement.ts';
import { statementPdf } from './portal.statement.pdf.ts';

const callerOf = (identity: Identity): PortalCaller => ({ tenantId: identity.tenantId, customerId: portalCustomerId(identity) });
const filename = (name: string) => name.replace(/["\\\r\n]/g, '_');

/**
 * The customer portal's documents: only a customer signed in to the portal, only that customer's issued
 * invoices — an id of anything else is the same 404.
 */
export function portalRoutes(app: FastifyInstance, ctx: ServiceContext, invoices: InvoiceService) {
  app.get(
    '/api/portal/invoices',
    { config: { permission: 'portal', contract: { query: PortalInvoicesQuery } } },
    async (req): Promise<PortalInvoiceList> => portalInvoices(ctx, callerOf(req.identity), PortalInvoicesQuery.parse(req.query)),
  );

  // The very PDF staff download (the invoice's template, the organization as sender, its credit notes).
  app.get('/api/portal/invoices/:id/pdf', { config: { permission: 'portal', contract: { params: IdParams } } }, async (req, reply) => {
    const caller = callerOf(req.identity);
    const id = await ownInvoiceId(ctx, caller, IdParams.parse(req.params).id);
    const { filename: name, stream } = await invoices.pdf({ tenantId: caller.tenantId }, id);
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${filename(name)}"`)
      .header('cache-control', 'private, no-store')
      .send(stream);
  });

  app.get(
    '/api/portal/statement.pdf',
    { config: { permission: 'portal', contract: { query: PortalStatementQuery } } },
    async (req, reply) => {
      const caller = callerOf(req.identity);
      const q = PortalStatementQuery.parse(req.query);
      const currency = q.currency ?? (await mainCurrency(ctx, caller));
      const [statement, seller, design] = await Promise.all([
        statementOf(ctx, caller, { from: q.from, to: q.to, currency }),
        loadSender(ctx, caller.tenantId),
        loadDesign(ctx, caller.tenantId, null),
      ]);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${filename(`statement-${q.from}-${q.to}.pdf`)}"`)
        .header('cache-control', 'private, no-store')
        .send(statementPdf(statement, seller, design));
    },
  );
}
