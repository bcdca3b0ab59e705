import type { CreditNote, CreditNoteListQuery } from '@billpoint/proto';
import { checkCursor, cursorPage, cursorPlan, metadataFilterSql, NotFound, type Identity, type ServiceContext } from '@billpoint/kit';
import { CREDIT_NOTE_COLUMNS, CREDIT_NOTE_FROM, toCreditNote, type CreditNoteRow } from './credit-note.sql.ts';

type Tenant = Pick<Identity, 'tenantId'>;

/**
 * Conditions of a list ($1 tenant, $2 invoice, $3 customer, $4 search over the note's and the invoice's numbers, $5 the
 * metadata pairs by containment).
 */
const WHERE = `n.tenant_id = $1 and ($2::bigint is null or n.invoice_id = $2) and ($3::bigint is null or n.customer_id = $3)
  and ($4::text is null or lower(n.credit_note_number) like $4 or lower(i.invoice_number) like $4 or lower(c.name) like $4)
  and ${metadataFilterSql('n.metadata', 5, undefined).sql}`;

const like = (term: string) => `%${term.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/**
 * GET /api/credit-notes: newest first, filtered by invoice and customer (and `search` over the numbers and the
 * customer's name); offset pages with the total, or cursor pages (the public API's keyset on the id). List rows
 * carry the tax per rate but not the lines.
 */
export async function listCreditNotes(
  ctx: ServiceContext,
  id: Tenant,
  q: CreditNoteListQuery,
): Promise<{ mode: 'offset'; items: CreditNote[]; total: number } | { mode: 'cursor'; items: CreditNote[]; hasMore: boolean }> {
  const params = [
    id.tenantId,
    q.invoiceId ?? null,
    q.customerId ?? null,
    q.search ? like(q.search) : null,
    metadataFilterSql('n.metadata', 5, q.metadata).param,
  ];
  if (q.pagination === 'cursor') {
    const plan = cursorPlan(q, { table: 'billing.credit_notes', alias: 'n' }, 6);
    const rows = await ctx.reader.query<CreditNoteRow>(
      id.tenantId,
      `select ${CREDIT_NOTE_COLUMNS} from ${CREDIT_NOTE_FROM} where ${WHERE} and ${plan.where}
        order by ${plan.order} limit ${plan.take}`,
      [...params, ...plan.params],
    );
    await checkCursor(ctx.reader, id.tenantId, plan, q, rows.length);
    return {
      mode: 'cursor',
      ...cursorPage(
        rows.map((r) => toCreditNote(r, false)),
        q,
      ),
    };
  }
  const [rows, count] = await Promise.all([
    ctx.reader.query<CreditNoteRow>(
      id.tenantId,
      `select ${CREDIT_NOTE_COLUMNS} from ${CREDIT_NOTE_FROM} where ${WHERE} order by n.created_at desc, n.id desc limit $6 offset $7`,
      [...params, q.limit, q.offset],
    ),
    ctx.reader.query<{ n: string }>(id.tenantId, `select count(*)::text as n from ${CREDIT_NOTE_FROM} where ${WHERE}`, params),
  ]);
  return { mode: 'offset', items: rows.map((r) => toCreditNote(r, false)), total: Number(count[0]?.n ?? 0) };
}

/** GET /api/credit-notes/{id}: the note with its lines; 404 when the tenant has none. */
export async function getCreditNote(ctx: ServiceContext, id: Tenant, noteId: number): Promise<CreditNote> {
  const [row] = await ctx.reader.query<CreditNoteRow>(
    id.tenantId,
    `select ${CREDIT_NOTE_COLUMNS} from ${CREDIT_NOTE_FROM} where n.id = $1 and n.tenant_id = $2`,
    [noteId, id.tenantId],
  );
  if (!row) throw new NotFound('Credit note not found');
  return toCreditNote(row);
}

/** GET /api/invoices/{id}/credit-notes: every credit note of the invoice, oldest first, with lines; 404 for no such invoice. */
export async function invoiceCreditNotes(ctx: ServiceContext, id: Tenant, invoiceId: number): Promise<CreditNote[]> {
  const [exists] = await ctx.reader.query<{ id: string }>(
    id.tenantId,
    `select id::text as id from billing.invoices where id = $1 and tenant_id = $2`,
    [invoiceId, id.tenantId],
  );
  if (!exists) throw new NotFound('Invoice not found');
  const rows = await ctx.reader.query<CreditNoteRow>(
    id.tenantId,
    `select ${CREDIT_NOTE_COLUMNS} from ${CREDIT_NOTE_FROM} where n.tenant_id = $1 and n.invoice_id = $2 order by n.created_at, n.id`,
    [id.tenantId, invoiceId],
  );
  return rows.map((r) => toCreditNote(r));
}
