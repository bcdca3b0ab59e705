import { sqlList } from '@billpoint/kit';
import { fromMills, toMills, IssuedInvoiceStatuses } from '@billpoint/proto';
import type { ServiceContext } from '@billpoint/kit';
import type { PortalCaller } from './portal.invoices.ts';

export type StatementLineKind = 'invoice' | 'payment' | 'credit_note';

export interface StatementLine {
  date: string;
  kind: StatementLineKind;
  /** The document's number (a payment names the invoice it paid). */
  reference: string;
  /** + what the customer was invoiced, − what was paid or credited; decimal string. */
  amount: string;
  /** The running balance after this line. */
  balance: string;
}

export interface Statement {
  from: string;
  to: string;
  currency: string;
  customer: { name: string; email: string | null; company: string | null; address: string | null };
  opening: string;
  lines: StatementLine[];
  closing: string;
  /** Σ invoiced, Σ paid, Σ credited in the period (positive figures). */
  invoiced: string;
  paid: string;
  credited: string;
}

/**
 * The customer's movements in one currency, every one signed as it moves the balance: issued invoices (+, not
 * drafts, not cancelled), payments of them (−, completed net of refunds, billing's copy in invoice_payments, on the
 * payment's date) and credit notes (−, on their issue date). Parameters: tenant, customer, currency.
 */
const ISSUED = sqlList(IssuedInvoiceStatuses);
const MOVEMENTS_SQL = `
  select i.issue_date::text as date, 'invoice' as kind, i.invoice_number as reference, i.total::text as amount, 1 as ord, i.id as id
    from billing.invoices i
   where i.tenant_id = $1 and i.customer_id = $2 and i.currency = $3 and i.status in (${ISSUED})
  union all
  select p.payment_date::text, 'payment', i.invoice_number, (-(p.amount - p.refunded_amount))::text, 2, p.payment_id
    from billing.invoice_payments p
    join billing.invoices i on i.tenant_id = p.tenant_id and i.id = p.invoice_id
   where p.tenant_id = $1 and i.customer_id = $2 and i.currency = $3 and i.status in (${ISSUED})
     and p.status in ('completed', 'refunded') and p.amount > p.refunded_amount
  union all
  select cn.issue_date::text, 'credit_note', cn.credit_note_number, (-cn.total)::text, 3, cn.id
    from billing.credit_notes cn
    join billing.invoices i on i.tenant_id = cn.tenant_id and i.id = cn.invoice_id
   where cn.tenant_id = $1 and cn.customer_id = $2 and cn.currency = $3 and i.status in (${ISSUED})
  order by 1, 5, 6`;

/**
 * The currency the customer is invoiced in most (ties: alphabetical); without an issued invoice, the organization's
 * base currency (USD when it has none).
 */
export async function mainCurrency(ctx: ServiceContext, caller: PortalCaller): Promise<string> {
  const [row] = await ctx.reader.query<{ currency: string }>(
    caller.tenantId,
    `select coalesce(
       (select currency from billing.invoices where tenant_id = $1 and customer_id = $2 and status <> 'draft'
         group by currency order by count(*) desc, currency limit 1),
       (select default_currency from billing.organizations where tenant_id = $1), 'USD') as currency`,
    [caller.tenantId, caller.customerId],
  );
  return row!.currency;
}

/**
 * The statement of [from, to]: the opening balance (everything before `from`), the period's lines in date order
 * with a running balance, and the closing balance = opening + the period's movements. Exact: bigint cents.
 */
export async function statementOf(
  ctx: ServiceContext,
  caller: PortalCaller,
  q: { from: string; to: string; currency: string },
): Promise<Statement> {
  const [movements, [customer]] = await Promise.all([
    ctx.reader.query<{ date: string; kind: StatementLineKind; reference: string; amount: string }>(caller.tenantId, MOVEMENTS_SQL, [
      caller.tenantId,
      caller.customerId,
      q.currency,
    ]),
    ctx.reader.query<Statement['customer']>(
      caller.tenantId,
      `select name, email, company, address from billing.customers where tenant_id = $1 and id = $2`,
      [caller.tenantId, caller.customerId],
    ),
  ]);
  let opening = 0n;
  const sums = { invoice: 0n, payment: 0n, credit_note: 0n };
  const inPeriod: Omit<StatementLine, 'balance'>[] = [];
  for (const m of movements) {
    if (m.date < q.from) opening += toMills(m.amount);
    else if (m.date <= q.to) {
      inPeriod.push(m);
      sums[m.kind] += toMills(m.amount);
    }
  }
  let balance = opening;
  const lines = inPeriod.map((m) => {
    balance += toMills(m.amount);
    return { date: m.date, kind: m.kind, reference: m.reference, amount: fromMills(toMills(m.amount)), balance: fromMills(balance) };
  });
  return {
    from: q.from,
    to: q.to,
    currency: q.currency,
    customer: customer ?? { name: '', email: null, company: null, address: null },
    opening: fromMills(opening),
    lines,
    closing: fromMills(balance),
    invoiced: fromMills(sums.invoice),
    paid: fromMills(-sums.payment),
    credited: fromMills(-sums.credit_note),
  };
}
