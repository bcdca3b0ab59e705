import { fromMills, toMills, type CreditNoteEventData } from '@billpoint/proto';
import type { EntityManager } from '@billpoint/kit';
import { Accounts, ensureChart } from './accounts.ts';
import { reconcile, type Draft } from './journal.ts';
import { outputTaxLines, postInvoice } from './invoices.ts';

interface CreditNoteRow {
  credit_note_id: string;
  credit_note_number: string;
  invoice_number: string;
  resolution: 'reduce_balance' | 'refund' | 'credit';
  currency: string;
  issue_date: string;
  subtotal: string;
  tax_amount: string;
  tax_lines: CreditNoteEventData['taxLines'];
}

/**
 * The reversal of revenue and tax a credit note posts, mirroring its invoice's issue entry (invoices.ts issueDraft),
 * dated its issue date, with its number as the reference: Dr Sales Revenue (its net amount); Dr Sales Tax Payable per
 * rate (taxable amounts negative, so the tax reports subtract them per rate); Cr the side the money goes to —
 * Accounts Receivable for `reduce_balance` (the customer owes less) and `refund` (the refund's payment event then
 * posts Dr AR / Cr Cash, as every refund of a payment), 2200 Customer Credit for `credit` (owed to the customer until
 * applied to a next invoice). That side is net + tax, so the entry balances by construction.
 */
export function creditNoteDraft(cn: CreditNoteRow): Draft {
  const tax = outputTaxLines({ subtotal: cn.subtotal, tax_amount: cn.tax_amount, discount_amount: '0' }, cn.tax_lines).map((l) => ({
    account: l.account,
    debit: l.credit!,
    description: l.description,
    tax: l.tax && { ...l.tax, taxableAmount: fromMills(-toMills(l.tax.taxableAmount)) },
  }));
  const total = toMills(cn.subtotal) + tax.reduce((s, l) => s + toMills(l.debit), 0n);
  return {
    date: cn.issue_date,
    currency: cn.currency,
    description: `Credit note ${cn.credit_note_number} for invoice ${cn.invoice_number}`,
    reference: cn.credit_note_number,
    lines: [
      { account: Accounts.revenue, debit: cn.subtotal },
      ...tax,
      { account: cn.resolution === 'credit' ? Accounts.customerCredit : Accounts.receivable, credit: fromMills(total) },
    ],
  };
}

/**
 * `evt.billing.credit_note.created`: stores the credit note (once; it never changes), posts its reversal in its slot
 * (a redelivery posts nothing: same fingerprint), then re-derives its invoice's "settled outside" entry, which counts
 * credit notes. The invoice's row is locked first, as the other consumers take it (invoice, slots, entry counter).
 */
export async function applyCreditNoteEvent(
  em: EntityManager,
  tenantId: string,
  e: { id: string; occurredAt: string; data: CreditNoteEventData },
): Promise<void> {
  const cn = e.data;
  await em.execute(`select 1 from tax.ledger_invoices where tenant_id = ? and invoice_id = ? for update`, [tenantId, cn.invoiceId]);
  await em.execute(
    `insert into tax.ledger_credit_notes (tenant_id, credit_note_id, credit_note_number, invoice_id, invoice_number, resolution, currency,
       issue_date, subtotal, tax_amount, total, tax_lines)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb) on conflict (tenant_id, credit_note_id) do nothing`,
    [
      ...[tenantId, cn.id, cn.creditNoteNumber, cn.invoiceId, cn.invoiceNumber, cn.resolution, cn.currency, cn.issueDate],
      ...[cn.subtotal, cn.taxAmount, cn.total, JSON.stringify(cn.taxLines)],
    ],
  );
  const [row] = await em.execute<CreditNoteRow[]>(
    `select credit_note_id::text, credit_note_number, invoice_number, resolution, currency, issue_date::text as issue_date,
            subtotal::text, tax_amount::text, tax_lines
       from tax.ledger_credit_notes where tenant_id = ? and credit_note_id = ?`,
    [tenantId, cn.id],
  );
  await ensureChart(em, tenantId);
  await reconcile(em, tenantId, `credit_note:${cn.id}`, creditNoteDraft(row!), { eventId: e.id, voidDate: row!.issue_date });
  await postInvoice(em, tenantId, cn.invoiceId, { eventId: e.id, occurredAt: e.occurredAt });
}
