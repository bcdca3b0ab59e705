import {
  BillingExchangeRatesRpc,
  type EventEnvelope as Envelope,
  ExpenseEventData,
  fromMills,
  toMills,
  ExpenseEvents,
  InvoiceEventData,
  InvoiceEvents,
  OrganizationUpdated,
  OrganizationUpdatedData,
  RecurringEventData,
  RecurringEvents,
} from '@billpoint/proto';
import type { z } from 'zod';
import {
  consumeEvents,
  GROUP_COMMIT,
  readModel,
  rpcCall,
  type EntityManager,
  type ServiceContext,
  type Subscription,
} from '@billpoint/kit';

/** Marks the tenant as one the daily job regenerates insights for (idempotent). */
const known = (em: EntityManager, tenantId: string) =>
  em.execute(`insert into ai.insight_runs (tenant_id) values (?) on conflict do nothing`, [tenantId]);

/** One facts consumer: idempotent (the kit's log), and every event marks its tenant as known before `handle`. */
function consumeFacts<T>(
  ctx: ServiceContext,
  durable: string,
  subject: string,
  parse: (data: unknown) => T,
  handle: (event: Envelope<T>, em: EntityManager) => Promise<unknown>,
  batchSize = 1,
): Promise<Subscription> {
  return consumeEvents({
    batchSize,
    orm: ctx.orm,
    schema: ctx.schema,
    bus: ctx.bus,
    logger: ctx.logger,
    durable,
    subject,
    parse,
    async handle(event, em, _msg, memo) {
      // Once per tenant and transaction: a batch of one tenant's events marks it once.
      if (!memo.has(`known:${event.tenantId}`)) {
        await known(em, event.tenantId);
        memo.set(`known:${event.tenantId}`, true);
      }
      await handle(event, em);
    },
  });
}

/**
 * The facts the insight rules read, kept from events (each consumer idempotent: the kit's processed-message log,
 * and versioned upserts so out-of-order events converge on the newest version):
 * - invoices from `evt.billing.invoice.*` (versioned by `updatedAt`; a delete is final), their total net of their
 *   credit notes (`creditedAmount`);
 * - recurring schedules from `evt.billing.subscription.*` (a cancellation deletes the schedule at billing; here it
 *   is kept with `cancelled_at`), and their stops per day (`applySchedule`), which the churn rule counts;
 * - expenses from `evt.tax.expense.*`.
 */
export function insightFacts(ctx: ServiceContext): Promise<Subscription>[] {
  const invoices = readModel<InvoiceEventData, number, string>(ctx, {
    table: 'invoice_facts',
    durable: 'ai-invoice-facts',
    subject: 'evt.billing.invoice.*',
    upsertOn: {},
    deleteOn: {},
    key: (i) => i.id,
    version: (i) => i.updatedAt,
    columns: {
      customer_id: (i) => i.customerId,
      customer_name: (i) => i.customer?.company || i.customer?.name || null,
      status: (i) => i.status,
      currency: (i) => i.currency,
      // Base-currency units per unit of its currency: the rules total in the base with it.
      exchange_rate: (i) => i.exchangeRate,
      // Net of the invoice's credit notes: revenue, top customers and forecasts count what is really owed.
      total: (i) => fromMills(toMills(i.total) - toMills(i.creditedAmount)),
      balance_due: (i) => i.balanceDue,
      tax_amount: (i) => i.taxAmount,
      issue_date: (i) => i.issueDate,
      due_date: (i) => i.dueDate,
      paid_at: (i) => i.paidAt,
    },
  });
  const expenses = readModel<ExpenseEventData, number, string>(ctx, {
    table: 'expense_facts',
    durable: 'ai-expense-facts',
    subject: 'evt.tax.expense.*',
    upsertOn: {},
    deleteOn: {},
    key: (e) => e.id,
    version: (e) => e.updatedAt,
    columns: { category_id: (e) => e.categoryId, amount: (e) => e.amount, currency: (e) => e.currency, date: (e) => e.date },
  });

  const invoiceConsumer = consumeFacts(
    ctx,
    'ai-invoice-facts',
    'evt.billing.invoice.*',
    (d) => InvoiceEventData.parse(d),
    (event, em) =>
      event.type === InvoiceEvents.Deleted
        ? invoices.remove(em, event.tenantId, event.data.id)
        : invoices.upsert(em, event.tenantId, event.data),
    // A burst of invoices shares transactions: invoice_facts is written by this consumer only, and insight_runs only
    // gets its tenant's row inserted if missing (no lock on an existing row), so a batch holds nothing a request waits for.
    GROUP_COMMIT,
  );

  const expenseConsumer = consumeFacts(
    ctx,
    'ai-expense-facts',
    'evt.tax.expense.*',
    (d) => ExpenseEventData.parse(d),
    (event, em) =>
      event.type === ExpenseEvents.Deleted || event.data.deleted
        ? expenses.remove(em, event.tenantId, event.data.id)
        : expenses.upsert(em, event.tenantId, event.data),
  );

  const scheduleConsumer = consumeFacts(
    ctx,
    'ai-schedule-facts',
    'evt.billing.subscription.*',
    (d) => RecurringEventData.parse(d),
    (event, em) => applySchedule(em, event),
  );

  // The organization's language (the locale the insight texts are written in), time zone and currency (invoice drafts),
  // and how it files VAT (the tax-due insight's deadline). Not a fact that makes a tenant known.
  const organizationConsumer = consumeEvents({
    orm: ctx.orm,
    schema: ctx.schema,
    bus: ctx.bus,
    logger: ctx.logger,
    durable: 'ai-organization-facts',
    subject: OrganizationUpdated,
    parse: (d) => OrganizationUpdatedData.parse(d),
    handle: async (event, em) => {
      const [prev] = await em.execute<{ default_currency: string | null }[]>(
        `select default_currency from ai.organization_facts where tenant_id = ? for update`,
        [event.tenantId],
      );
      await em.execute(
        `insert into ai.organization_facts as x (tenant_id, language, timezone, default_currency, country, vat_filing_frequency,
           vat_deadline_extension, version) values (?, ?, ?, ?, ?, ?, ?, ?)
         on conflict (tenant_id) do update set language = excluded.language, timezone = excluded.timezone,
           default_currency = excluded.default_currency, country = excluded.country,
           vat_filing_frequency = excluded.vat_filing_frequency, vat_deadline_extension = excluded.vat_deadline_extension,
           version = excluded.version
         where x.version is null or excluded.version is null or x.version <= excluded.version`,
        [
          ...[event.tenantId, event.data.defaultLanguage, event.data.timezone, event.data.defaultCurrency],
          ...[event.data.billingAddress.country, event.data.vatFilingFrequency, event.data.vatDeadlineExtension, event.data.updatedAt],
        ],
      );
      const [now] = await em.execute<{ default_currency: string | null }[]>(
        `select default_currency from ai.organization_facts where tenant_id = ?`,
        [event.tenantId],
      );
      // USD until one was said, as billing's base: the first event naming another currency is a change too.
      if (now?.default_currency && (prev?.default_currency ?? 'USD') !== now.default_currency)
        await restateRates(ctx, em, event.tenantId, now.default_currency);
    },
  });
  return [invoiceConsumer, expenseConsumer, scheduleConsumer, organizationConsumer];
}

/**
 * The base currency changed: billing restates its invoices' rates in the new base without an event per
 * invoice, so the facts take the rates of their issue dates from billing's restated rates table (the rpc tax uses),
 * rounded like an invoice's (6 places); an invoice in the new base counts at 1. While billing still answers in the
 * old base, the event is retried (the kit redelivers a failed message); a currency billing has no rate for keeps a
 * null rate, which the insights name instead of counting as 0.
 */
async function restateRates(ctx: ServiceContext, em: EntityManager, tenantId: string, base: string) {
  const spans = await em.execute<{ currency: string; from: string; to: string }[]>(
    `select currency, to_char(min(issue_date), 'YYYY-MM-DD') as "from", to_char(max(issue_date), 'YYYY-MM-DD') as "to"
       from ai.invoice_facts where tenant_id = ? and not deleted and currency <> ? and issue_date is not null group by currency`,
    [tenantId, base],
  );
  await em.execute(`update ai.invoice_facts set exchange_rate = 1 where tenant_id = ? and currency = ?`, [tenantId, base]);
  for (const s of spans) {
    const answer = await rpcCall(ctx.bus, BillingExchangeRatesRpc, { tenantId, currency: s.currency, from: s.from, to: s.to });
    if (answer.base !== base) throw new Error(`billing still answers rates in ${answer.base}, not ${base}: retried`);
    await em.execute(
      `update ai.invoice_facts f set exchange_rate = (
         select round(r.rate::numeric, 6) from jsonb_to_recordset(?::jsonb) as r(day date, rate text)
          where r.day <= f.issue_date order by r.day desc limit 1)
        where f.tenant_id = ? and f.currency = ?`,
      [JSON.stringify(answer.rates), tenantId, s.currency],
    );
  }
}

/**
 * One subscription event applied to `schedule_facts`, versioned like a read model (a cancellation is final: a late
 * update never revives the schedule). A schedule that was active and is no longer (paused, ended, customer deleted,
 * cancelled), or whose currency changed while active, counts one stop on the event's day in its old currency, as
 * billing's analytics trigger counts it; `stopped_at` says since when it is stopped (null while active).
 */
async function applySchedule(em: EntityManager, event: Envelope<z.infer<typeof RecurringEventData>>) {
  const s = event.data;
  const cancelled = event.type === RecurringEvents.Cancelled ? event.occurredAt : null;
  const [prev] = await em.execute<{ is_active: boolean | null; currency: string | null; cancelled: boolean; newer: boolean }[]>(
    `select is_active, currency, cancelled_at is not null as cancelled, coalesce(version > ?::timestamptz, false) as newer
       from ai.schedule_facts where tenant_id = ? and id = ? for update`,
    [s.updatedAt, event.tenantId, s.id],
  );
  if (prev && (prev.cancelled || (prev.newer && !cancelled))) return; // final, or an older version than the one kept
  const was = prev?.is_active === true;
  const active = cancelled ? false : s.isActive;
  const stopped = was && (!active || prev?.currency !== s.currency);
  if (stopped)
    await em.execute(
      `insert into ai.schedule_stops as x (tenant_id, day, currency, stopped) values (?, (?::timestamptz at time zone 'UTC')::date, ?, 1)
       on conflict (tenant_id, day, currency) do update set stopped = x.stopped + 1`,
      [event.tenantId, event.occurredAt, prev!.currency],
    );
  await em.execute(
    `insert into ai.schedule_facts as x (tenant_id, id, customer_id, customer_name, is_active, frequency,
       next_invoice_date, currency, total, cancelled_at, version, stopped_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     on conflict (tenant_id, id) do update set customer_id = excluded.customer_id, customer_name = excluded.customer_name,
       is_active = excluded.is_active, frequency = excluded.frequency, next_invoice_date = excluded.next_invoice_date,
       currency = excluded.currency, total = excluded.total, version = greatest(x.version, excluded.version),
       cancelled_at = excluded.cancelled_at, stopped_at = case when excluded.is_active then null else coalesce(excluded.stopped_at, x.stopped_at) end`,
    [
      event.tenantId,
      s.id,
      s.customerId,
      s.customer?.name ?? null,
      active,
      s.frequency,
      s.nextInvoiceDate,
      s.currency,
      s.total,
      cancelled,
      s.updatedAt,
      was && !active ? event.occurredAt : null,
    ],
  );
}
