import { moneyText } from '../invoice/money-sql.ts';
import { BillingCustomerCreditRpc, type CustomerCredit, type CustomerCreditEntryKind } from '@billpoint/proto';
import { rpcRespond, type ServiceContext, type Subscription } from '@billpoint/kit';

/** The newest ledger entries answered with the balances (the balances always count every entry). */
const ENTRIES_SHOWN = 200;

/** A customer's credit: the balance per currency that ever moved, and the newest movements first. */
export async function customerCredit(ctx: ServiceContext, tenantId: string, customerId: number): Promise<CustomerCredit> {
  const [balances, entries] = await Promise.all([
    ctx.reader.query<{ currency: string; amount: string }>(
      tenantId,
      `select currency, ${moneyText('sum(amount)')} as amount from billing.customer_credits
        where tenant_id = $1 and customer_id = $2 group by currency order by currency`,
      [tenantId, customerId],
    ),
    ctx.reader.query<{
      id: string;
      kind: CustomerCreditEntryKind;
      currency: string;
      amount: string;
      credit_note_id: string | null;
      credit_note_number: string | null;
      invoice_id: string | null;
      invoice_number: string | null;
      created_at: string;
    }>(
      tenantId,
      `select e.id::text as id, e.kind, e.currency, e.amount::text as amount, e.credit_note_id::text as credit_note_id,
              n.credit_note_number, coalesce(e.invoice_id, n.invoice_id)::text as invoice_id,
              coalesce(e.invoice_number, i.invoice_number) as invoice_number,
              to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
         from billing.customer_credits e
         left join billing.credit_notes n on n.id = e.credit_note_id and n.tenant_id = e.tenant_id
         left join billing.invoices i on i.id = n.invoice_id and i.tenant_id = e.tenant_id
        where e.tenant_id = $1 and e.customer_id = $2 order by e.created_at desc, e.id desc limit ${ENTRIES_SHOWN}`,
      [tenantId, customerId],
    ),
  ]);
  return {
    balances,
    entries: entries.map((e) => ({
      id: Number(e.id),
      kind: e.kind,
      currency: e.currency,
      amount: e.amount,
      creditNoteId: e.credit_note_id == null ? null : Number(e.credit_note_id),
      creditNoteNumber: e.credit_note_number,
      invoiceId: e.invoice_id == null ? null : Number(e.invoice_id),
      invoiceNumber: e.invoice_number,
      createdAt: e.created_at,
    })),
  };
}

/** `rpc.billing.customer-credit.get`: the customers service's GET /api/customers/{id}/credit asks billing. */
export function customerCreditResponder(ctx: ServiceContext): Promise<Subscription> {
  return rpcRespond(ctx.bus, BillingCustomerCreditRpc, (req) => customerCredit(ctx, req.tenantId, req.customerId), { logger: ctx.logger });
}
