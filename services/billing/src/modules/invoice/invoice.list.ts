import type { Invoice, InvoiceListQuery } from '@billpoint/proto';
import { checkCursor, cursorPage, cursorPlan, metadataFilterSql, type Identity, type ServiceContext } from '@billpoint/kit';
import { CUSTOMER_JOIN, INVOICE_COLUMNS, likePattern, toInvoice, type InvoiceRow } from './invoice.sql.ts';
import type { InvoiceService } from './invoice.service.ts';

type Tenant = Pick<Identity, 'tenantId'>;

/** Whether the list names one of the public API's filters (customer, creation time, the schedule that generated it, metadata). */
const filtered = (q: InvoiceListQuery) =>
  q.customerId !== undefined ||
  q.createdFrom !== undefined ||
  q.createdTo !== undefined ||
  q.recurringInvoiceId !== undefined ||
  Object.keys(q.metadata ?? {}).length > 0;

/**
 * The conditions of a filtered or cursor list ($1 … $8): tenant, status, customer, created in [from, to), the
 * search through `billing.search_invoice_ids` (the trigram index; the ids joined back under RLS), the recurring
 * schedule that generated the invoice, and the metadata pairs (containment).
 */
const WHERE = `i.tenant_id = $1 and ($2::text is null or i.status = $2) and ($3::bigint is null or i.customer_id = $3)
  and ($4::timestamptz is null or i.created_at >= $4) and ($5::timestamptz is null or i.created_at < $5)
  and ($6::text is null or i.id in (select s.id from billing.search_invoice_ids($6) s))
  and ($7::bigint is null or i.recurring_invoice_id = $7)
  and ${metadataFilterSql('i.metadata', 8, undefined).sql}`;

/**
 * A creation-time bound as Postgres takes it. The contract's ISO date-time allows the year 0000, which Postgres has
 * not (1 BC): every invoice was created after any instant of it, so it stands for -infinity.
 */
const bound = (v: string | undefined) => (v === undefined ? null : v.startsWith('0000') ? '-infinity' : v);

const params = (id: Tenant, q: InvoiceListQuery) => [
  id.tenantId,
  q.status ?? null,
  q.customerId ?? null,
  bound(q.createdFrom),
  bound(q.createdTo),
  q.search ? likePattern(q.search) : null,
  q.recurringInvoiceId ?? null,
  metadataFilterSql('i.metadata', 8, q.metadata).param,
];

/**
 * GET /api/invoices. Offset paging without filters is the app's list as it was (InvoiceService.list: the summary rows
 * for the total, the search function for a searched page); with a filter, one page query and one count on the same
 * conditions. Cursor mode (the public API) is newest first, keyset paged (kit cursorPlan), no total.
 */
export async function listInvoices(
  ctx: ServiceContext,
  invoices: InvoiceService,
  id: Tenant,
  q: InvoiceListQuery,
): Promise<{ mode: 'offset'; items: Invoice[]; total: number } | { mode: 'cursor'; items: Invoice[]; hasMore: boolean }> {
  if (q.pagination === 'cursor') {
    const plan = cursorPlan(q, { table: 'billing.invoices', alias: 'i' }, 9);
    const rows = await ctx.reader.query<InvoiceRow>(
      id.tenantId,
      `select ${INVOICE_COLUMNS} from billing.invoices i ${CUSTOMER_JOIN}
        where ${WHERE} and ${plan.where} order by ${plan.order} limit ${plan.take}`,
      [...params(id, q), ...plan.params],
    );
    await checkCursor(ctx.reader, id.tenantId, plan, q, rows.length);
    return { mode: 'cursor', ...cursorPage(rows.map(toInvoice), q) };
  }
  if (!filtered(q)) return { mode: 'offset', ...(await invoices.list(id, q)) };
  const [rows, count] = await Promise.all([
    ctx.reader.query<InvoiceRow>(
      id.tenantId,
      `select ${INVOICE_COLUMNS} from billing.invoices i ${CUSTOMER_JOIN}
        where ${WHERE} order by i.created_at desc, i.id desc limit $9 offset $10`,
      [...params(id, q), q.limit, q.offset],
    ),
    ctx.reader.query<{ n: string }>(id.tenantId, `select count(*)::text as n from billing.invoices i where ${WHERE}`, params(id, q)),
  ]);
  return { mode: 'offset', items: rows.map(toInvoice), total: Number(count[0]?.n ?? 0) };
}
