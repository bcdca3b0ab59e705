import type { Quote, QuoteListQuery } from '@billpoint/proto';
import { checkCursor, cursorPage, cursorPlan, metadataFilterSql, type Identity, type ServiceContext } from '@billpoint/kit';
import { CUSTOMER_JOIN, likePattern, QUOTE_COLUMNS, toQuote, type QuoteRow } from './quote.sql.ts';

type Tenant = Pick<Identity, 'tenantId'>;

/**
 * The conditions ($1 … $5): tenant, status, customer, search over the number and the customer's name and e-mail, the
 * metadata pairs (containment).
 */
const WHERE = `i.tenant_id = $1 and ($2::text is null or i.status = $2) and ($3::bigint is null or i.customer_id = $3)
  and ($4::text is null or lower(i.quote_number) like $4 or lower(coalesce(c.name, '')) like $4 or lower(coalesce(c.email, '')) like $4)
  and ${metadataFilterSql('i.metadata', 5, undefined).sql}`;

const params = (id: Tenant, q: QuoteListQuery) => [
  id.tenantId,
  q.status ?? null,
  q.customerId ?? null,
  q.search ? likePattern(q.search) : null,
  metadataFilterSql('i.metadata', 5, q.metadata).param,
];

/**
 * GET /api/quotes, as the invoice list answers: newest first, offset pages with the total (x-total-count), or cursor
 * pages newest first with whether more follow (x-has-more).
 */
export async function listQuotes(
  ctx: ServiceContext,
  id: Tenant,
  q: QuoteListQuery,
): Promise<{ mode: 'offset'; items: Quote[]; total: number } | { mode: 'cursor'; items: Quote[]; hasMore: boolean }> {
  if (q.pagination === 'cursor') {
    const plan = cursorPlan(q, { table: 'billing.quotes', alias: 'i' }, 6);
    const rows = await ctx.reader.query<QuoteRow>(
      id.tenantId,
      `select ${QUOTE_COLUMNS} from billing.quotes i ${CUSTOMER_JOIN}
        where ${WHERE} and ${plan.where} order by ${plan.order} limit ${plan.take}`,
      [...params(id, q), ...plan.params],
    );
    await checkCursor(ctx.reader, id.tenantId, plan, q, rows.length);
    return { mode: 'cursor', ...cursorPage(rows.map(toQuote), q) };
  }
  const [rows, count] = await Promise.all([
    ctx.reader.query<QuoteRow>(
      id.tenantId,
      `select ${QUOTE_COLUMNS} from billing.quotes i ${CUSTOMER_JOIN}
        where ${WHERE} order by i.created_at desc, i.id desc limit $6 offset $7`,
      [...params(id, q), q.limit, q.offset],
    ),
    ctx.reader.query<{ n: string }>(
      id.tenantId,
      `select count(*)::text as n from billing.quotes i ${CUSTOMER_JOIN} where ${WHERE}`,
      params(id, q),
    ),
  ]);
  return { mode: 'offset', items: rows.map(toQuote), total: Number(count[0]?.n ?? 0) };
}
