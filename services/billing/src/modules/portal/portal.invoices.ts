import { moneyText } from '../invoice/money-sql.ts';
import { fromMills, toMills, type PortalInvoice, type PortalInvoiceList, PendingInvoiceStatuses } from '@billpoint/proto';
import { NotFound, type ServiceContext, sqlList } from '@billpoint/kit';

/** A portal caller: one customer of one tenant. */
export interface PortalCaller {
  tenantId: string;
  customerId: number;
}

interface Row {
  id: string;
  invoice_number: string;
  status: PortalInvoice['status'];
  issue_date: string;
  due_date: string;
  currency: string;
  total: string;
  amount_paid: string;
  balance_due: string;
  public_token: string;
  overdue: boolean;
}

/**
 * The customer's issued invoices (never drafts). A cancelled invoice is listed as cancelled with nothing due. The
 * balance is the invoice's own (invoice/standing.ts's money model); `overdue` = a balance past its due date.
 */
const ROWS_SQL = `select i.id::text as id, i.invoice_number, i.status, i.issue_date::text as issue_date, i.due_date::text as due_date,
    i.currency, i.total::text as total, i.amount_paid::text as amount_paid,
    ${moneyText(`case when i.status = 'cancelled' then 0 else greatest(i.total - i.credit_lowering - i.credit_applied - i.amount_paid, 0) end`)} as balance_due,
    i.public_token,
    (i.status = 'overdue' or (i.status in (${sqlList(PendingInvoiceStatuses)}) and i.due_date < current_date)) as overdue
  from billing.invoices i
  where i.tenant_id = $1 and i.customer_id = $2 and i.status <> 'draft'`;

const toPortalInvoice = (r: Row): PortalInvoice => ({
  id: Number(r.id),
  invoiceNumber: r.invoice_number,
  status: r.status,
  issueDate: r.issue_date,
  dueDate: r.due_date,
  currency: r.currency,
  total: r.total,
  amountPaid: r.amount_paid,
  balanceDue: r.balance_due,
  publicToken: r.public_token,
});

/**
 * GET /api/portal/invoices: newest first, filtered by status (`open` = a balance is due; `overdue`; `paid`) and by a
 * part of the invoice number; the totals per currency are of all the customer's issued invoices, whatever the filter.
 */
export async function portalInvoices(
  ctx: ServiceContext,
  caller: PortalCaller,
  q: { status: 'all' | 'open' | 'overdue' | 'paid'; search?: string },
): Promise<PortalInvoiceList> {
  const rows = await ctx.reader.query<Row>(caller.tenantId, `${ROWS_SQL} order by i.issue_date desc, i.id desc`, [
    caller.tenantId,
    caller.customerId,
  ]);
  const totals = new Map<string, { outstanding: bigint; overdue: bigint; paid: bigint }>();
  for (const r of rows) {
    const t = totals.get(r.currency) ?? { outstanding: 0n, overdue: 0n, paid: 0n };
    t.outstanding += toMills(r.balance_due);
    if (r.overdue) t.overdue += toMills(r.balance_due);
    t.paid += toMills(r.amount_paid);
    totals.set(r.currency, t);
  }
  const search = q.search ? q.search.toLowerCase() : null;
  const shown = rows.filter((r) => {
    if (search && !r.invoice_number.toLowerCase().includes(search)) return false;
    const due = toMills(r.balance_due) > 0n;
    if (q.status === 'open') return due;
    if (q.status === 'overdue') return due && r.overdue;
    if (q.status === 'paid') return r.status === 'paid';
    return true;
  });
  return {
    invoices: shown.map(toPortalInvoice),
    totals: [...totals]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, t]) => ({
        currency,
        outstanding: fromMills(t.outstanding),
        overdue: fromMills(t.overdue),
        paid: fromMills(t.paid),
      })),
  };
}

/** The id of one of the caller's issued invoices, or the same 404 as for any other id. */
export async function ownInvoiceId(ctx: ServiceContext, caller: PortalCaller, invoiceId: number): Promise<number> {
  const [row] = await ctx.reader.query<{ id: string }>(
    caller.tenantId,
    `select id::text as id from billing.invoices where tenant_id = $1 and customer_id = $2 and id = $3 and status <> 'draft'`,
    [caller.tenantId, caller.customerId, invoiceId],
  );
  if (!row) throw new NotFound('Invoice not found');
  return Number(row.id);
}
