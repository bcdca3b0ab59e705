import { moneyText } from '../invoice/money-sql.ts';
import {
  BillingPayableRpc,
  InvoiceEvents,
  PaymentsConfigRpc,
  PublicToken,
  type Invoice,
  type PayableInvoice,
  type PaymentConfig,
  type PublicInvoice,
  inStatusGroup,
  IssuedInvoiceStatuses,
  legacyInvoiceStatus,
} from '@billpoint/proto';
import { addEvent, NotFound, rpcCall, rpcRespond, scanTenants, type ServiceContext, type Subscription } from '@billpoint/kit';
import { eventData } from '../invoice/invoice.service.ts';
import { loadInvoice, loadSender } from '../invoice/invoice.send.ts';

/** Invoices nobody may pay on the public page: not issued yet, or withdrawn. */
const notFound = () => new NotFound('Invoice not found');

/** The tenant of a public token (through the scan role: tenant id and token columns only), or null. */
export async function tenantOfToken(ctx: ServiceContext, token: string): Promise<string | null> {
  const rows = await scanTenants(ctx.orm.em, ctx.schema, (em) =>
    em.execute<{ tenant_id: string }[]>(`select tenant_id from billing.invoices where public_token = ?`, [token]),
  );
  return rows[0]?.tenant_id ?? null;
}

/**
 * What payments may collect on the invoice in all (the money model of invoice/standing.ts): T − C_reduce − C_refund − A,
 * never below 0 (parameters: id, tenant).
 */
const COLLECTABLE_SQL = `select ${moneyText('greatest(total - credit_lowering - credit_applied, 0)')} as collectable
  from billing.invoices where id = ? and tenant_id = ?`;

const payable = (tenantId: string, inv: Invoice, collectableTotal: string): PayableInvoice => ({
  tenantId,
  invoiceId: inv.id,
  invoiceNumber: inv.invoiceNumber,
  status: inv.status,
  currency: inv.currency,
  total: inv.total,
  collectableTotal,
  exchangeRate: inv.exchangeRate,
  customerEmail: inv.customer?.email ?? null,
  customerId: inv.customerId ?? null,
});

/**
 * `rpc.billing.invoice.payable`: what payments needs to take money for an invoice. By token (the pay page): only an
 * issued invoice (not draft or cancelled). By tenant and id (a signed-in user recording a payment): any but cancelled.
 */
export function payableResponder(ctx: ServiceContext): Promise<Subscription> {
  return rpcRespond(
    ctx.bus,
    BillingPayableRpc,
    async (req) => {
      const byToken = 'token' in req;
      const tenantId = byToken ? await tenantOfToken(ctx, req.token) : req.tenantId;
      if (!tenantId) return null;
      const found = await ctx.tx({ tenantId }, async (em) => {
        const loaded = byToken
          ? await em
              .execute<{ id: string }[]>(`select id::text as id from billing.invoices where tenant_id = ? and public_token = ?`, [
                tenantId,
                req.token,
              ])
              .then((r) => (r[0] ? loadInvoice(em, tenantId, Number(r[0].id)) : null))
          : await loadInvoice(em, tenantId, req.invoiceId);
        if (!loaded) return null;
        const [row] = await em.execute<{ collectable: string }[]>(COLLECTABLE_SQL, [loaded.id, tenantId]);
        return { inv: loaded, collectable: row!.collectable };
      });
      const inv = found?.inv;
      if (!inv || (byToken && !inStatusGroup(IssuedInvoiceStatuses, inv.status))) return null;
      if (inv.status === 'cancelled' && !('includeCancelled' in req && req.includeCancelled)) return null;
      return payable(tenantId, inv, found.collectable);
    },
    { logger: ctx.logger },
  );
}

/** How the pay page may take money, asked of payments and kept for 30 s. */
function paymentConfig(ctx: ServiceContext) {
  let cached: { at: number; value: PaymentConfig } | undefined;
  return async (): Promise<PaymentConfig> => {
    if (cached && Date.now() - cached.at < 30_000) return cached.value;
    const value = await rpcCall(ctx.bus, PaymentsConfigRpc, {}, { timeoutMs: 3_000 });
    cached = { at: Date.now(), value };
    return value;
  };
}

/**
 * GET /api/invoices/{token}/public: the pay page's invoice, by its unguessable token, without a session. Anything
 * but an issued invoice of some tenant is the same 404 (no hint whether a token exists elsewhere). The first view
 * of a sent invoice marks it viewed.
 */
export function publicInvoice(ctx: ServiceContext) {
  const config = paymentConfig(ctx);
  return async (rawToken: string): Promise<PublicInvoice> => {
    const parsed = PublicToken.safeParse(rawToken);
    if (!parsed.success) throw notFound();
    const token = parsed.data;
    const tenantId = await tenantOfToken(ctx, token);
    if (!tenantId) throw notFound();
    const inv = await ctx.tx({ tenantId }, async (em) => {
      const [row] = await em.execute<{ id: string }[]>(
        `select id::text as id from billing.invoices where tenant_id = ? and public_token = ? for update`,
        [tenantId, token],
      );
      if (!row) return null;
      const found = (await loadInvoice(em, tenantId, Number(row.id)))!;
      // The first view of a sent invoice is recorded: viewedAt, and the status derived with it.
      if (found.status !== 'sent') return found;
      const status = legacyInvoiceStatus({ lifecycle: found.lifecycle, paymentStatus: found.paymentStatus, overdue: false, viewed: true });
      await em.execute(`update billing.invoices set status = ?, viewed_at = now(), updated_at = now() where id = ? and tenant_id = ?`, [
        status,
        found.id,
        tenantId,
      ]);
      const viewed = (await loadInvoice(em, tenantId, found.id))!;
      addEvent(em, { subject: InvoiceEvents.Updated, tenantId, actorId: null, data: eventData(viewed) });
      return viewed;
    });
    if (!inv || !inStatusGroup(IssuedInvoiceStatuses, inv.status)) throw notFound();
    const [sender, payment] = await Promise.all([loadSender(ctx, tenantId), config()]);
    return {
      id: token,
      invoiceNumber: inv.invoiceNumber,
      status: inv.status,
      issueDate: inv.issueDate,
      dueDate: inv.dueDate,
      currency: inv.currency,
      subtotal: inv.subtotal,
      taxAmount: inv.taxAmount,
      discountAmount: inv.discountAmount,
      shippingAmount: inv.shippingAmount,
      total: inv.total,
      amountPaid: inv.amountPaid,
      balanceDue: inv.balanceDue,
      creditedAmount: inv.creditedAmount,
      creditApplied: inv.creditApplied,
      notes: inv.notes,
      customer: inv.customer ? { name: inv.customer.name, email: inv.customer.email || null, address: inv.customer.address } : null,
      items: (inv.items ?? []).map((it) => ({ description: it.description, quantity: it.quantity, unitPrice: it.rate, amount: it.amount })),
      // White-label: the organization's name and logo, never the product's name.
      seller: { name: sender.name ?? (sender.whiteLabel ? '' : 'Billpoint'), logoUrl: sender.logoUrl ?? null },
      whiteLabel: sender.whiteLabel ?? false,
      payment,
    };
  };
}
