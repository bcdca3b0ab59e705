import {
  PublicToken,
  QUOTE_RESPONDABLE,
  QuoteAcceptBody,
  QuoteDeclineBody,
  QuoteEvents,
  type PublicQuote,
  type Quote,
} from '@billpoint/proto';
import { addEvent, Conflict, NotFound, scanTenants, type EntityManager, type Identity, type ServiceContext } from '@billpoint/kit';
import { loadSender } from '../invoice/invoice.send.ts';
import { todayUtc } from './quote.create.ts';
import { loadQuote, quoteEventData } from './quote.sql.ts';

/** The one answer for a token that is malformed, unknown, another tenant's or a draft's: no hint whether it exists. */
const notFound = () => new NotFound('Quote not found');

/** Where the customer's answer came from (the gateway's client IP header, the browser's user agent), bounded. */
export interface Origin {
  ip: string | null;
  userAgent: string | null;
}

/** The tenant of a quote's public token (through the scan role: tenant id and token columns only), or null. */
async function tenantOfToken(ctx: ServiceContext, raw: string): Promise<{ tenantId: string; token: string } | null> {
  const parsed = PublicToken.safeParse(raw);
  if (!parsed.success) return null;
  const rows = await scanTenants(ctx.orm.em, ctx.schema, (em) =>
    em.execute<{ tenant_id: string }[]>(`select tenant_id from billing.quotes where public_token = ?`, [parsed.data]),
  );
  return rows[0] ? { tenantId: rows[0].tenant_id, token: parsed.data } : null;
}

/** The quote of a token in the transaction, locked; null for none or a draft (never shown publicly). */
async function lockByToken(em: EntityManager, tenantId: string, token: string): Promise<Quote | null> {
  const [row] = await em.execute<{ id: string }[]>(
    `select id::text as id from billing.quotes where tenant_id = ? and public_token = ? for update`,
    [tenantId, token],
  );
  const quote = row ? await loadQuote(em, tenantId, Number(row.id)) : null;
  return quote && quote.status !== 'draft' ? quote : null;
}

/** Whether the customer can still answer: sent or viewed, and the validUntil day (UTC) not over. */
const canRespond = (q: Quote) => QUOTE_RESPONDABLE.includes(q.status) && q.validUntil >= todayUtc();

async function toPublic(ctx: ServiceContext, tenantId: string, token: string, q: Quote): Promise<PublicQuote> {
  const sender = await loadSender(ctx, tenantId);
  return {
    id: token,
    quoteNumber: q.quoteNumber,
    status: q.status,
    issueDate: q.issueDate,
    validUntil: q.validUntil,
    currency: q.currency,
    subtotal: q.subtotal,
    taxAmount: q.taxAmount,
    discountAmount: q.discountAmount,
    shippingAmount: q.shippingAmount,
    total: q.total,
    notes: q.notes,
    terms: q.terms,
    customer: q.customer ? { name: q.customer.name, email: q.customer.email || null, address: q.customer.address } : null,
    items: (q.items ?? []).map((it) => ({
      description: it.description,
      quantity: it.quantity,
      unitPrice: it.rate,
      taxRate: it.taxRate,
      amount: it.amount,
    })),
    seller: { name: sender.name ?? (sender.whiteLabel ? '' : 'Billpoint'), logoUrl: sender.logoUrl ?? null },
    whiteLabel: sender.whiteLabel ?? false,
    canRespond: canRespond(q),
    acceptedAt: q.acceptedAt,
    acceptedByName: q.acceptedBy?.name ?? null,
    declinedAt: q.declinedAt,
    declineReason: q.declineReason,
  };
}

/** GET /api/quotes/{token}/public. The first view of a sent quote marks it viewed (`quote.updated`). */
export async function viewPublicQuote(ctx: ServiceContext, raw: string): Promise<PublicQuote> {
  const found = await tenantOfToken(ctx, raw);
  if (!found) throw notFound();
  const { tenantId, token } = found;
  const quote = await ctx.tx({ tenantId }, async (em) => {
    const q = await lockByToken(em, tenantId, token);
    if (!q || q.status !== 'sent') return q;
    await em.execute(`update billing.quotes set status = 'viewed', viewed_at = now(), updated_at = now() where id = ? and tenant_id = ?`, [
      q.id,
      tenantId,
    ]);
    const viewed = (await loadQuote(em, tenantId, q.id))!;
    addEvent(em, { subject: QuoteEvents.Updated, tenantId, actorId: null, data: quoteEventData(viewed) });
    return viewed;
  });
  if (!quote) throw notFound();
  return toPublic(ctx, tenantId, token, quote);
}

/**
 * Why the customer cannot answer (409), or nothing. Rule: only a sent or viewed quote, until the end of its validUntil
 * day (UTC); after that it is expired even before the job has marked it.
 */
function refusal(q: Quote): Conflict | null {
  if (q.status === 'accepted') return new Conflict(`Quote ${q.quoteNumber} has already been accepted`);
  if (q.status === 'declined') return new Conflict(`Quote ${q.quoteNumber} has already been declined`);
  if (q.status === 'converted') return new Conflict(`Quote ${q.quoteNumber} has already been accepted and invoiced`);
  if (q.status === 'expired' || q.validUntil < todayUtc())
    return new Conflict(`Quote ${q.quoteNumber} expired on ${q.validUntil} and can no longer be accepted or declined`);
  return null;
}

/** POST /api/quotes/{token}/accept `{name}`: records who accepted, when, from which IP address and browser. */
export async function acceptPublicQuote(ctx: ServiceContext, raw: string, body: unknown, origin: Origin): Promise<PublicQuote> {
  const found = await tenantOfToken(ctx, raw);
  if (!found) throw notFound();
  const { name } = QuoteAcceptBody.parse(body ?? {});
  const { tenantId, token } = found;
  const quote = await ctx.tx({ tenantId }, async (em) => {
    const q = await lockByToken(em, tenantId, token);
    if (!q) throw notFound();
    return recordAcceptance(em, tenantId, q, name, origin, null);
  });
  return toPublic(ctx, tenantId, token, quote);
}

/** POST /api/quotes/{token}/decline `{reason}` (optional). */
export async function declinePublicQuote(ctx: ServiceContext, raw: string, body: unknown): Promise<PublicQuote> {
  const found = await tenantOfToken(ctx, raw);
  if (!found) throw notFound();
  const { reason } = QuoteDeclineBody.parse(body ?? {});
  const { tenantId, token } = found;
  const quote = await ctx.tx({ tenantId }, async (em) => {
    const q = await lockByToken(em, tenantId, token);
    if (!q) throw notFound();
    return recordDecline(em, tenantId, q, reason ?? null, null);
  });
  return toPublic(ctx, tenantId, token, quote);
}

/**
 * The customer's yes on a locked quote, whoever records it: the customer on the public page (no actor) or a member
 * or API key on the customer's behalf (the actor is in the event). Refused as the page refuses it.
 */
async function recordAcceptance(em: EntityManager, tenantId: string, q: Quote, name: string, origin: Origin, actorId: string | null) {
  const no = refusal(q);
  if (no) throw no;
  await em.execute(
    `update billing.quotes set status = 'accepted', accepted_at = now(), accepted_name = ?, accepted_ip = ?, accepted_user_agent = ?,
       updated_at = now() where id = ? and tenant_id = ?`,
    [name, origin.ip?.slice(0, 100) ?? null, origin.userAgent?.slice(0, 512) ?? null, q.id, tenantId],
  );
  const accepted = (await loadQuote(em, tenantId, q.id))!;
  addEvent(em, { subject: QuoteEvents.Accepted, tenantId, actorId, data: quoteEventData(accepted) });
  return accepted;
}

/** The customer's no on a locked quote, whoever records it (as recordAcceptance). */
async function recordDecline(em: EntityManager, tenantId: string, q: Quote, reason: string | null, actorId: string | null) {
  const no = refusal(q);
  if (no) throw no;
  await em.execute(
    `update billing.quotes set status = 'declined', declined_at = now(), decline_reason = ?, updated_at = now()
      where id = ? and tenant_id = ?`,
    [reason, q.id, tenantId],
  );
  const declined = (await loadQuote(em, tenantId, q.id))!;
  addEvent(em, { subject: QuoteEvents.Declined, tenantId, actorId, data: quoteEventData(declined) });
  return declined;
}

/** A quote of the caller's tenant by id, locked; a draft cannot be answered yet (it was never offered). */
async function lockById(em: EntityManager, id: Identity, quoteId: number): Promise<Quote> {
  const [row] = await em.execute<{ id: string }[]>(`select id::text as id from billing.quotes where tenant_id = ? and id = ? for update`, [
    id.tenantId,
    quoteId,
  ]);
  const quote = row ? await loadQuote(em, id.tenantId, Number(row.id)) : null;
  if (!quote) throw new NotFound('Quote not found');
  if (quote.status === 'draft') throw new Conflict(`Quote ${quote.quoteNumber} is a draft: send it before recording the customer's answer`);
  return quote;
}

/**
 * POST /api/quotes/{id}/mark-accepted `{name}`: the customer accepted elsewhere (by mail, on paper); `name` is who
 * accepted. No address or browser is kept: the caller's would not be the customer's. Who recorded it is the event's actor.
 */
export async function acceptQuote(ctx: ServiceContext, id: Identity, quoteId: number, body: QuoteAcceptBody): Promise<Quote> {
  const elsewhere: Origin = { ip: null, userAgent: null };
  return ctx.tx(id, async (em) => recordAcceptance(em, id.tenantId, await lockById(em, id, quoteId), body.name, elsewhere, id.userId));
}

/** POST /api/quotes/{id}/mark-declined `{reason}`: the customer declined elsewhere. */
export async function declineQuote(ctx: ServiceContext, id: Identity, quoteId: number, body: QuoteDeclineBody): Promise<Quote> {
  return ctx.tx(id, async (em) => recordDecline(em, id.tenantId, await lockById(em, id, quoteId), body.reason ?? null, id.userId));
}
