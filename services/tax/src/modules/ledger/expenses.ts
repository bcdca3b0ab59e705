import { ExpenseEvents, fromMills, toMills, type ExpenseEventData } from '@billpoint/proto';
import type { EntityManager } from '@billpoint/kit';
import { Accounts, categoryAccount, ensureChart } from './accounts.ts';
import { dayIn, reconcile, type Draft } from './journal.ts';
import { orgSettings } from './organizations.ts';

/**
 * An expense: Dr its category's expense account (amount − taxAmount), Dr Input Tax Recoverable (taxAmount), Cr Cash
 * (amount), dated the expense date. Versioned by updatedAt (older events ignored; a deletion is final): a change of
 * amount, date, category or tax reverses the posted entry and posts the new one; a deletion reverses it.
 */
export async function applyExpenseEvent(
  em: EntityManager,
  tenantId: string,
  e: { id: string; type: string; occurredAt: string; data: ExpenseEventData },
): Promise<void> {
  const x = e.data;
  const deleted = e.type === ExpenseEvents.Deleted || x.deleted;
  const [applied] = await em.execute<{ deleted: boolean }[]>(
    deleted
      ? `insert into tax.ledger_expenses (tenant_id, expense_id, version, deleted) values (?, ?, ?, true)
         on conflict (tenant_id, expense_id) do update set deleted = true returning deleted`
      : `insert into tax.ledger_expenses as t (tenant_id, expense_id, version) values (?, ?, ?)
         on conflict (tenant_id, expense_id) do update set version = excluded.version
           where t.version < excluded.version and not t.deleted
         returning deleted`,
    [tenantId, x.id, x.updatedAt],
  );
  if (!applied) return; // an older version, or the expense is deleted
  await ensureChart(em, tenantId);
  const org = await orgSettings(em, tenantId);
  let draft: Draft | null = null;
  if (!deleted) {
    const account = x.category ? await categoryAccount(em, tenantId, x.category) : Accounts.uncategorized;
    const tax = toMills(x.taxAmount) > toMills(x.amount) ? toMills(x.amount) : toMills(x.taxAmount);
    draft = {
      date: x.date,
      currency: x.currency,
      description: `Expense: ${x.description}`.slice(0, 500),
      reference: x.vendor,
      lines: [
        { account, debit: fromMills(toMills(x.amount) - tax), description: x.category?.name ?? 'Uncategorized' },
        {
          account: Accounts.inputTax,
          debit: fromMills(tax),
          description: 'Input tax',
          tax: { rateId: null, name: null, type: null, rate: null, taxableAmount: fromMills(toMills(x.amount) - tax) },
        },
        { account: Accounts.cash, credit: x.amount },
      ],
    };
  }
  await reconcile(em, tenantId, `expense:${x.id}`, draft, { eventId: e.id, voidDate: dayIn(e.occurredAt, org.timezone) });
}
