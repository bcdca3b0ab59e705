import { AsyncLocalStorage } from 'node:async_hooks';
import { InvoiceEvents, type Invoice } from '@billpoint/proto';
import {
  addEvent,
  Conflict,
  eventOrigin,
  Forbidden,
  Invalid,
  type EntityManager,
  type Identity,
  type LimitCheck,
  type PlanLimits,
  type ServiceContext,
} from '@billpoint/kit';
import type { Figures } from './invoice.figures.ts';
import { eventData, INSERT_INVOICES_SQL, toInvoice, type InvoiceRow } from './invoice.sql.ts';

/** One invoice to create: everything checked and computed before any transaction. */
export interface NewInvoice {
  identity: Identity;
  customerId: number;
  issueDate: string;
  dueDate: string;
  currency: string;
  exchangeRate: string;
  taxRate: string;
  notes: string | null;
  terms: string | null;
  paymentInstructions: string | null;
  templateId: number | null;
  publicToken: string;
  figures: Figures;
  /** The quote converted into this invoice (quote.convert.ts), else none. */
  quoteId?: number | null;
  /** As stored (kit storedMetadata); left out: none. */
  metadata?: Record<string, string>;
}

/** What a creation came to: the invoice, null when its customer is not in the read model (nothing written), or why not. */
type Outcome = { invoice: Invoice | null } | { error: unknown };

interface Waiting {
  item: NewInvoice;
  /** The caller's async context (trace, request): its event is added in it, as if it had its own transaction. */
  inContext: <R>(fn: () => R) => R;
  done: (o: Outcome) => void;
}

/** At most this many invoices (or this many lines) in one transaction. */
const MAX_BATCH = 50;
const MAX_BATCH_LINES = 2_000;

/**
 * Invoices that count against the plan's maxInvoices: those created this calendar month (UTC) and not deleted, by
 * hand or by the recurring scheduler. The scheduler itself is never refused (a schedule's invoice is owed to the
 * tenant's customer; refusing it would fail silently): its invoices count, so the next one made by hand is refused.
 */
export const MONTH_COUNT_SQL = `select count(*)::int as n from (select 1 from billing.invoices
  where tenant_id = ? and created_at >= date_trunc('month', now(), 'UTC') limit ?) i`;

/**
 * Group commit of a tenant's invoice creations. A creation claims the tenant's next draft reference and adds to its
 * summary rows (stats triggers); both are row locks held until commit, so a tenant's creations commit one after another
 * whatever is done to shorten them — one transaction per creation caps a busy tenant at one commit's worth of round
 * trips each. Here, while a transaction of the tenant is running in this process, further creations of that tenant
 * wait and then go together in the next transaction: one multi-row INSERT (references in arrival order; the statement
 * triggers update each summary row once for all of them), their outbox rows, one commit. Under light load a
 * transaction holds one creation and nothing waits; under heavy load the batches grow and the throughput with them.
 * Other tenants are never held up (their own batches run concurrently), nor are other replicas (the database locks
 * still order them).
 *
 * Creations take no legal number (drafts are numbered when issued); their draft references are claimed only inside
 * the INSERT, and a transaction that fails rolls all of them back. Such a failure is one creation's (a template that
 * is gone, a trigger's refusal): each creation of the failed batch then runs again in a transaction of its own and
 * gets its own answer — the others are created, the faulty one alone fails. A failure of the database itself (no
 * connection) is every creation's answer at once.
 */
export class InvoiceCreations {
  readonly #ctx: ServiceContext;
  readonly #limits: PlanLimits;
  /** Tenants with a transaction running: the creations waiting for the next one. */
  readonly #waiting = new Map<string, Waiting[]>();

  constructor(ctx: ServiceContext, limits: PlanLimits) {
    this.#ctx = ctx;
    this.#limits = limits;
  }

  /** Creates the invoice; null when its customer is not (or no longer) in the read model — then nothing was written. */
  create(item: NewInvoice): Promise<Invoice | null> {
    return new Promise((resolve, reject) => {
      const w: Waiting = {
        item,
        inContext: AsyncLocalStorage.snapshot(),
        done: (o) => ('error' in o ? reject(o.error) : resolve(o.invoice)),
      };
      const tenantId = item.identity.tenantId;
      const queue = this.#waiting.get(tenantId);
      if (queue) return void queue.push(w);
      this.#waiting.set(tenantId, []);
      void this.#drain(tenantId, [w]);
    });
  }

  /** Runs the tenant's batches until nobody waits. Never rejects: every outcome goes to its creation. */
  async #drain(tenantId: string, first: Waiting[]) {
    let batch = first;
    while (batch.length) {
      // In its first creation's context: a transaction of one is traced and logged as its request's, as before.
      await batch[0]!.inContext(() => this.#run(tenantId, batch));
      batch = take(this.#waiting.get(tenantId)!);
    }
    this.#waiting.delete(tenantId);
  }

  async #run(tenantId: string, batch: Waiting[]) {
    let outcomes: Outcome[];
    try {
      // The tenant's plan once for the batch (it may ask payments); its check runs inside the transaction.
      const limit = await this.#limits.check(tenantId, 'invoices');
      outcomes = await this.#ctx.tx({ tenantId }, (em) => this.#insert(em, tenantId, batch, limit));
    } catch (err) {
      if (batch.length > 1 && isStatementError(err)) {
        // Nothing of the batch was written: each again alone, so that only the one at fault fails.
        for (const w of batch) await w.inContext(() => this.#run(tenantId, [w]));
        return;
      }
      outcomes = batch.map(() => ({ error: answerOf(err) }));
    }
    batch.forEach((w, i) => w.done(outcomes[i]!));
  }

  /** One transaction: the plan limit for each, then all of them in one statement, then their events. */
  async #insert(em: EntityManager, tenantId: string, batch: Waiting[], limit: LimitCheck): Promise<Outcome[]> {
    const outcomes: Outcome[] = batch.map(() => ({ invoice: null }));
    const accepted: number[] = [];
    for (const i of batch.keys()) {
      try {
        // The ones accepted before it in this batch are not inserted yet: they count too.
        await limit(em, async (tem, max) => (await tem.execute<{ n: number }[]>(MONTH_COUNT_SQL, [tenantId, max]))[0]!.n + accepted.length);
        accepted.push(i);
      } catch (err) {
        if (!(err instanceof Forbidden)) throw err;
        outcomes[i] = { error: err };
      }
    }
    if (!accepted.length) return outcomes;
    const items = accepted.map((i) => batch[i]!.item);
    const rows = await em.execute<InvoiceRow[]>(INSERT_INVOICES_SQL, [...insertParams(items), tenantId]);
    const byToken = new Map(rows.map((r) => [r.public_token!, r]));
    for (const i of accepted) {
      const w = batch[i]!;
      const row = byToken.get(w.item.publicToken);
      if (!row) continue; // customer not in the read model: nothing inserted
      const invoice = toInvoice(row);
      const id = w.item.identity;
      const origin = { tenantId, userId: id.userId, ip: id.ip ?? null, userAgent: id.userAgent ?? null };
      w.inContext(() =>
        eventOrigin.run(origin, () =>
          addEvent(em, { subject: InvoiceEvents.Created, tenantId, actorId: id.userId, data: eventData(invoice) }),
        ),
      );
      outcomes[i] = { invoice };
    }
    return outcomes;
  }
}

/** The next batch from the front of the queue: at most MAX_BATCH invoices and MAX_BATCH_LINES lines (at least one). */
function take(queue: Waiting[]): Waiting[] {
  let n = 0;
  let lines = 0;
  while (n < queue.length && n < MAX_BATCH) {
    lines += queue[n]!.item.figures.lines.length;
    if (n > 0 && lines > MAX_BATCH_LINES) break;
    n++;
  }
  return queue.splice(0, n);
}

/** The parameters of INSERT_INVOICES_SQL (but the tenant): the invoices and their lines as JSON, money as strings. */
export function insertParams(items: NewInvoice[]): [string, string] {
  const invoices = items.map((x, ord) => ({
    ord,
    user_id: x.identity.userId,
    customer_id: x.customerId,
    issue_date: x.issueDate,
    due_date: x.dueDate,
    currency: x.currency,
    exchange_rate: x.exchangeRate,
    subtotal: x.figures.subtotal,
    tax_rate: x.taxRate,
    tax_amount: x.figures.taxAmount,
    discount_amount: x.figures.discountAmount,
    shipping_amount: x.figures.shippingAmount,
    total: x.figures.total,
    total_in_base_currency: x.figures.totalInBaseCurrency,
    notes: x.notes,
    terms: x.terms,
    payment_instructions: x.paymentInstructions,
    public_token: x.publicToken,
    template_id: x.templateId,
    quote_id: x.quoteId ?? null,
    metadata: x.metadata ?? {},
  }));
  const lines = items.flatMap((x) =>
    x.figures.lines.map((l, position) => ({
      public_token: x.publicToken,
      position,
      product_id: l.productId,
      description: l.description,
      quantity: l.quantity,
      rate: l.rate,
      amount: l.amount,
      tax_rate: l.taxRate,
      tax_amount: l.taxAmount,
      tax_rate_id: l.taxRateId,
      tax_rate_name: l.taxRateName,
      tax_type: l.taxType,
      discount_share: l.discountShare,
      shipping_share: l.shippingShare,
    })),
  );
  return [JSON.stringify(invoices), JSON.stringify(lines)];
}

/**
 * An error of a statement (data, integrity, a trigger's exception, a deadlock or serialization failure): one
 * creation's, worth running each alone. Anything else (connection lost, pool exhausted, server shutting down) is not.
 */
function isStatementError(err: unknown): boolean {
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' && /^(22|23|40|P0)/.test(code);
}

/** What a creation's own failure answers: a template that does not exist is a 400 on the field, a taken reference a 409. */
function answerOf(err: unknown): unknown {
  if ((err as { constraint?: string }).constraint === 'invoices_template_fk')
    return new Invalid('Template not found', 'invoice.templateId');
  // A draft reference that exists (a tenant whose invoice prefix is DRAFT numbered one like it).
  if ((err as { code?: string }).code === '23505')
    return new Conflict('Invoice number already exists', 'resource_already_exists', 'invoice.invoiceNumber');
  return err;
}
