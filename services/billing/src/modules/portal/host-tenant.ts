import type { FastifyInstance } from 'fastify';
import { HOST_TENANT_HEADER, PublicToken } from '@billpoint/proto';
import { NotFound, scanTenants, type ServiceContext } from '@billpoint/kit';

/** The public routes named by a token, with the table the token is in and their "unknown token" answer. */
const GUARDED: Record<string, { table: 'invoices' | 'quotes'; message: string }> = {
  '/api/invoices/:token/public': { table: 'invoices', message: 'Invoice not found' },
  '/api/quotes/:token/public': { table: 'quotes', message: 'Quote not found' },
  '/api/quotes/:token/accept': { table: 'quotes', message: 'Quote not found' },
  '/api/quotes/:token/decline': { table: 'quotes', message: 'Quote not found' },
};

/**
 * On an organization's custom domain the gateway sets HOST_TENANT_HEADER to that organization's tenant: a public
 * invoice or quote of another tenant is then answered exactly as an unknown token (404, same message), before the
 * route runs (nothing marked viewed, accepted or declined). Registered before the routes it guards.
 */
export function hostTenantGuard(app: FastifyInstance, ctx: ServiceContext) {
  app.addHook('preHandler', async (req) => {
    const guarded = GUARDED[req.routeOptions.url ?? ''];
    const host = req.headers[HOST_TENANT_HEADER];
    if (!guarded || typeof host !== 'string' || !host) return;
    const token = PublicToken.safeParse((req.params as { token?: string }).token);
    if (!token.success) throw new NotFound(guarded.message);
    const rows = await scanTenants(ctx.orm.em, ctx.schema, (em) =>
      em.execute<{ tenant_id: string }[]>(`select tenant_id from billing.${guarded.table} where public_token = ?`, [token.data]),
    );
    if (rows[0]?.tenant_id !== host) throw new NotFound(guarded.message);
  });
}
