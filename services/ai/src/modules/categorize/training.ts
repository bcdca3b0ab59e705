import { ExpenseEventData, ExpenseEvents } from '@billpoint/proto';
import { consumeEvents, type EntityManager, type ServiceContext, type Subscription } from '@billpoint/kit';
import { featuresOf, type Features } from './features.ts';
import { trainingWeight, type Counts } from './model.ts';

interface TrainingRow {
  category_id: string | null;
  features: Features;
  weight: string;
  version: string | Date;
  deleted: boolean;
}

/** Adds `sign` × the row's weight to the counts of its tokens, its category and its vendor (tokens in sorted order: no deadlocks). */
async function count(em: EntityManager, tenantId: string, categoryId: number, f: Features, weight: number) {
  if (weight === 0) return;
  await em.execute(
    `insert into ai.token_counts (tenant_id, token, category_id, weight)
     select ?::uuid, t, ?::bigint, ?::numeric from jsonb_array_elements_text(?::jsonb) t order by t
     on conflict (tenant_id, token, category_id) do update set weight = ai.token_counts.weight + excluded.weight`,
    [tenantId, categoryId, weight, JSON.stringify(f.tokens)],
  );
  await em.execute(
    `insert into ai.category_totals (tenant_id, category_id, docs, tokens) values (?, ?, ?, ?)
     on conflict (tenant_id, category_id) do update
       set docs = ai.category_totals.docs + excluded.docs, tokens = ai.category_totals.tokens + excluded.tokens`,
    [tenantId, categoryId, weight, weight * f.tokens.length],
  );
  if (f.vendorKey)
    await em.execute(
      `insert into ai.vendor_counts (tenant_id, vendor_key, category_id, weight, n) values (?, ?, ?, ?, ?)
       on conflict (tenant_id, vendor_key, category_id) do update
         set weight = ai.vendor_counts.weight + excluded.weight, n = ai.vendor_counts.n + excluded.n`,
      [tenantId, f.vendorKey, categoryId, weight, Math.sign(weight)],
    );
  if (weight < 0) {
    // What no expense teaches any more is gone (exact numerics: a retraction lands on 0 exactly).
    await em.execute(`delete from ai.token_counts where tenant_id = ? and category_id = ? and weight <= 0`, [tenantId, categoryId]);
    await em.execute(`delete from ai.category_totals where tenant_id = ? and category_id = ? and docs <= 0`, [tenantId, categoryId]);
    await em.execute(`delete from ai.vendor_counts where tenant_id = ? and category_id = ? and n <= 0`, [tenantId, categoryId]);
  }
}

/**
 * Applies one expense event to the training data, in the event's transaction: the expense's row (one per expense
 * id) is replaced by the newer version, and the counts lose the old row's contribution and gain the new one's. An
 * event older than the stored version changes nothing; a deletion is final (the row keeps only its key, so a late
 * update cannot bring the expense back).
 */
export async function applyExpense(em: EntityManager, tenantId: string, e: ExpenseEventData, deleted: boolean): Promise<void> {
  const [old] = await em.execute<TrainingRow[]>(
    `select category_id::text, features, weight::text, version, deleted from ai.expense_category_training
      where tenant_id = ? and expense_id = ? for update`,
    [tenantId, e.id],
  );
  const version = new Date(e.updatedAt);
  if (old && (old.deleted || (!deleted && new Date(old.version).getTime() > version.getTime()))) return;
  if (old?.category_id) await count(em, tenantId, Number(old.category_id), old.features, -Number(old.weight));

  if (deleted) {
    await em.execute(
      `insert into ai.expense_category_training (tenant_id, expense_id, version, deleted) values (?, ?, ?, true)
       on conflict (tenant_id, expense_id) do update set deleted = true, description = null, vendor = null, amount = null,
         category_id = null, features = '{}'::jsonb, weight = 0, updated_at = now()`,
      [tenantId, e.id, version],
    );
    return;
  }
  const { words: _words, ...features } = featuresOf(e);
  const weight = e.categoryId === null ? 0 : trainingWeight(e.trainingSource);
  await em.execute(
    `insert into ai.expense_category_training (tenant_id, expense_id, description, amount, vendor, category_id, features,
       is_validated, confidence_score, training_source, weight, version)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     on conflict (tenant_id, expense_id) do update set description = excluded.description, amount = excluded.amount,
       vendor = excluded.vendor, category_id = excluded.category_id, features = excluded.features,
       is_validated = excluded.is_validated, confidence_score = excluded.confidence_score,
       training_source = excluded.training_source, weight = excluded.weight, version = excluded.version, updated_at = now()`,
    [
      tenantId,
      e.id,
      e.description,
      e.amount,
      e.vendor,
      e.categoryId,
      JSON.stringify(features),
      // Chosen or corrected by a person; an automatic categorization nobody confirmed is not validated.
      e.trainingSource !== 'auto_categorization',
      e.categoryConfidence,
      e.trainingSource,
      weight,
      version,
    ],
  );
  if (e.categoryId !== null) await count(em, tenantId, e.categoryId, features, weight);
}

/** The ai service's consumer of `evt.tax.expense.*` (idempotent: the processed-message log + versions). */
export function expenseTrainingConsumer(ctx: ServiceContext): Promise<Subscription> {
  return consumeEvents({
    orm: ctx.orm,
    schema: ctx.schema,
    bus: ctx.bus,
    logger: ctx.logger,
    durable: 'ai-expenses',
    subject: 'evt.tax.expense.*',
    parse: (data) => ExpenseEventData.parse(data),
    handle: (event, em) => applyExpense(em, event.tenantId, event.data, event.type === ExpenseEvents.Deleted || event.data.deleted),
  });
}

interface StatsRow {
  categories: { id: string; name: string; keywords: string[] }[] | null;
  totals: { id: string; docs: string; tokens: string }[] | null;
  tokens: { token: string; id: string; weight: string }[] | null;
  vendor: { id: string; weight: string; n: number }[] | null;
  filled: boolean;
}

/** Everything one prediction needs, in one round trip: the active categories, their totals, the request's tokens and vendor. */
export async function loadStats(ctx: Pick<ServiceContext, 'reader'>, tenantId: string, f: Features) {
  const [row] = await ctx.reader.query<StatsRow>(
    tenantId,
    `select
       (select json_agg(json_build_object('id', id::text, 'name', name, 'keywords', keywords) order by id)
          from ai.expense_categories where tenant_id = $1 and not deleted and is_active) as categories,
       (select json_agg(json_build_object('id', category_id::text, 'docs', docs::text, 'tokens', tokens::text))
          from ai.category_totals where tenant_id = $1) as totals,
       (select json_agg(json_build_object('token', token, 'id', category_id::text, 'weight', weight::text))
          from ai.token_counts where tenant_id = $1 and token in (select jsonb_array_elements_text($2::jsonb))) as tokens,
       (select json_agg(json_build_object('id', category_id::text, 'weight', weight::text, 'n', n))
          from ai.vendor_counts where tenant_id = $1 and vendor_key = $3) as vendor,
       exists (select 1 from ai.category_fills where tenant_id = $1) as filled`,
    [tenantId, JSON.stringify(f.tokens), f.vendorKey ?? ''],
  );
  const counts: Counts = { totals: new Map(), tokens: new Map(), vendor: new Map() };
  for (const t of row?.totals ?? []) counts.totals.set(Number(t.id), { docs: Number(t.docs), tokens: Number(t.tokens) });
  for (const t of row?.tokens ?? []) {
    const m = counts.tokens.get(t.token) ?? new Map<number, number>();
    m.set(Number(t.id), Number(t.weight));
    counts.tokens.set(t.token, m);
  }
  for (const v of row?.vendor ?? []) counts.vendor.set(Number(v.id), { weight: Number(v.weight), n: v.n });
  const categories = (row?.categories ?? []).map((c) => ({ id: Number(c.id), name: c.name, keywords: c.keywords }));
  return { categories, counts, filled: row?.filled ?? false };
}
