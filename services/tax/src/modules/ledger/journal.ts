import { fromMills, toMills } from '@billpoint/proto';
import { dayInZone, type EntityManager } from '@billpoint/kit';

/** The tax a line books, so that reports can group output and input tax per rate. */
export interface LineTax {
  rateId: number | null;
  name: string | null;
  type: string | null;
  rate: string | null;
  taxableAmount: string;
}

/** One line of an entry to post: an account code and exactly one of debit / credit (> 0). */
export interface DraftLine {
  account: string;
  debit?: string;
  credit?: string;
  description?: string | null;
  tax?: LineTax;
}

/** An entry to post, in its own currency (the ledger never converts). */
export interface Draft {
  date: string;
  currency: string;
  description: string;
  reference: string | null;
  lines: DraftLine[];
}

export interface PostMeta {
  sourceKey: string;
  sourceEventId: string | null;
}

/** Drops zero lines; an entry whose lines are all zero posts nothing (null). */
export function normalize(d: Draft): Draft | null {
  const lines = d.lines.filter((l) => toMills(l.debit ?? '0') !== 0n || toMills(l.credit ?? '0') !== 0n);
  return lines.length ? { ...d, lines } : null;
}

/** The sums of an entry's debits and credits, in cents. */
export function totals(lines: readonly DraftLine[]): { debit: bigint; credit: bigint } {
  let debit = 0n;
  let credit = 0n;
  for (const l of lines) {
    debit += toMills(l.debit ?? '0');
    credit += toMills(l.credit ?? '0');
  }
  return { debit, credit };
}

/** Locks the tenant's counter row and takes the next entry number: gap-free (it commits or rolls back with the entry). */
async function nextEntryNumber(em: EntityManager, tenantId: string): Promise<string> {
  const [row] = await em.execute<{ n: string }[]>(
    `insert into tax.ledger_counters as c (tenant_id, next_entry) values (?, 2)
     on conflict (tenant_id) do update set next_entry = c.next_entry + 1
     returning (c.next_entry - 1)::text as n`,
    [tenantId],
  );
  return row!.n;
}

/**
 * Posts an entry and its lines. The lines name accounts by code; they must exist in the tenant's chart (the caller
 * ensured it). The database checks the balance at commit; a line naming an unknown account is refused here.
 */
export async function postEntry(em: EntityManager, tenantId: string, d: Draft, meta: PostMeta): Promise<number> {
  const t = totals(d.lines);
  const number = await nextEntryNumber(em, tenantId);
  const [entry] = await em.execute<{ id: string }[]>(
    `insert into tax.journal_entries (tenant_id, entry_number, entry_date, description, reference, currency, total_debit,
       total_credit, source_event_id, source_key)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id::text as id`,
    [
      tenantId,
      number,
      d.date,
      d.description,
      d.reference,
      d.currency,
      fromMills(t.debit),
      fromMills(t.credit),
      meta.sourceEventId,
      meta.sourceKey,
    ],
  );
  const id = Number(entry!.id);
  const lines = d.lines.map((l, i) => ({
    n: i + 1,
    code: l.account,
    description: l.description ?? null,
    debit: l.debit ?? '0.00',
    credit: l.credit ?? '0.00',
    rate_id: l.tax?.rateId ?? null,
    rate_name: l.tax?.name ?? null,
    tax_type: l.tax?.type ?? null,
    rate: l.tax?.rate ?? null,
    taxable: l.tax?.taxableAmount ?? null,
  }));
  const inserted = await em.execute<{ n: number }[]>(
    `insert into tax.journal_entry_lines (tenant_id, entry_id, line_number, account_id, description, debit_amount, credit_amount,
       entry_date, currency, tax_rate_id, tax_rate_name, tax_type, tax_rate, taxable_amount)
     select ?::uuid, ?::bigint, l.n, a.id, l.description, l.debit::numeric, l.credit::numeric, ?::date, ?, l.rate_id, l.rate_name,
            l.tax_type, l.rate::numeric, l.taxable::numeric
       from jsonb_to_recordset(?::jsonb) as l (n int, code text, description text, debit text, credit text, rate_id bigint,
              rate_name text, tax_type text, rate text, taxable text)
       join tax.chart_of_accounts a on a.tenant_id = ?::uuid and a.code = l.code
     returning line_number as n`,
    [tenantId, id, d.date, d.currency, JSON.stringify(lines), tenantId],
  );
  if (inserted.length !== lines.length) throw new Error(`journal entry ${meta.sourceKey}: a line names an account the chart does not have`);
  return id;
}

/**
 * Posts the reversal of entry `entryId` on `date` (every line with debit and credit swapped, taxable amounts negated)
 * and marks the original reversed — the one change the ledger allows on a posted entry.
 */
export async function reverseEntry(em: EntityManager, tenantId: string, entryId: number, date: string, meta: PostMeta): Promise<number> {
  const number = await nextEntryNumber(em, tenantId);
  const [rev] = await em.execute<{ id: string }[]>(
    `insert into tax.journal_entries (tenant_id, entry_number, entry_date, description, reference, currency, total_debit,
       total_credit, reverses_entry_id, source_event_id, source_key)
     select tenant_id, ?, ?, 'Reversal of entry #' || entry_number || ': ' || description, reference, currency, total_credit,
            total_debit, id, ?, ?
       from tax.journal_entries where tenant_id = ? and id = ? and not is_reversed
     returning id::text as id`,
    [number, date, meta.sourceEventId, meta.sourceKey, tenantId, entryId],
  );
  if (!rev) throw new Error(`journal entry ${entryId} is already reversed or does not exist`);
  const id = Number(rev.id);
  await em.execute(
    `insert into tax.journal_entry_lines (tenant_id, entry_id, line_number, account_id, description, debit_amount, credit_amount,
       entry_date, currency, tax_rate_id, tax_rate_name, tax_type, tax_rate, taxable_amount)
     select tenant_id, ?, line_number, account_id, description, credit_amount, debit_amount, ?, currency, tax_rate_id, tax_rate_name,
            tax_type, tax_rate, -taxable_amount
       from tax.journal_entry_lines where tenant_id = ? and entry_id = ? order by line_number`,
    [id, date, tenantId, entryId],
  );
  await em.execute(`update tax.journal_entries set is_reversed = true, reversal_entry_id = ? where tenant_id = ? and id = ?`, [
    id,
    tenantId,
    entryId,
  ]);
  return id;
}

const later = (a: string, b: string) => (a > b ? a : b);

/**
 * Brings a posting slot (`invoice:12:issue`, `invoice:12:settle`, `expense:7`) to what its source says now, never
 * editing: when the wanted entry differs from the live one (or there should be none), the live one is reversed and
 * the new one posted. Unchanged (a redelivery, a newer version with the same figures): nothing is posted.
 *
 * Dates: a *correction* (the source still wants an entry, with other figures or date) reverses on the original
 * entry's date, so each period shows the source as it now is; a *removal* (cancelled, deleted, no longer owed)
 * reverses on `voidDate` — the day it happened, in the organization's time zone — never before the original.
 */
export async function reconcile(
  em: EntityManager,
  tenantId: string,
  slot: string,
  wanted: Draft | null,
  o: { eventId: string | null; voidDate: string },
): Promise<void> {
  const desired = wanted && normalize(wanted);
  await em.execute(`insert into tax.ledger_slots (tenant_id, slot) values (?, ?) on conflict do nothing`, [tenantId, slot]);
  const [row] = await em.execute<{ entry_id: string | null; fingerprint: string | null; postings: number; entry_date: string | null }[]>(
    `select s.entry_id::text as entry_id, s.fingerprint, s.postings, e.entry_date::text as entry_date
       from tax.ledger_slots s left join tax.journal_entries e on e.tenant_id = s.tenant_id and e.id = s.entry_id
      where s.tenant_id = ? and s.slot = ? for update of s`,
    [tenantId, slot],
  );
  const fingerprint = desired ? JSON.stringify(desired) : null;
  if (!row || row.fingerprint === fingerprint) return;
  let n = row.postings;
  if (row.entry_id) {
    const date = desired ? row.entry_date! : later(row.entry_date!, o.voidDate);
    await reverseEntry(em, tenantId, Number(row.entry_id), date, { sourceKey: `${slot}:${++n}:reversal`, sourceEventId: o.eventId });
  }
  const entryId = desired ? await postEntry(em, tenantId, desired, { sourceKey: `${slot}:${++n}`, sourceEventId: o.eventId }) : null;
  await em.execute(`update tax.ledger_slots set entry_id = ?, fingerprint = ?, postings = ? where tenant_id = ? and slot = ?`, [
    entryId,
    fingerprint,
    n,
    tenantId,
    slot,
  ]);
}

/** yyyy-mm-dd of an instant in a time zone (the organization's). */
export function dayIn(instant: string | Date, timeZone: string): string {
  return dayInZone(instant, timeZone);
}
