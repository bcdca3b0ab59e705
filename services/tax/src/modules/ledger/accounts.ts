import type { EntityManager } from '@billpoint/kit';

export type AccountType = 'asset' | 'liability' | 'equity' | 'revenue' | 'contra_revenue' | 'expense';

/** The accounts every tenant's chart starts with (created on first use, idempotently). */
export const Accounts = {
  cash: '1000',
  receivable: '1100',
  inputTax: '1200',
  salesTaxPayable: '2100',
  customerCredit: '2200',
  equity: '3000',
  revenue: '4000',
  shipping: '4100',
  /** Realised exchange gains and losses on payments: other income, net, beside sales. */
  exchangeGains: '4200',
  exchangeLosses: '4250',
  discounts: '4900',
  uncategorized: '5000',
} as const;

export const SYSTEM_ACCOUNTS: readonly { code: string; name: string; type: AccountType }[] = [
  { code: Accounts.cash, name: 'Cash', type: 'asset' },
  { code: Accounts.receivable, name: 'Accounts Receivable', type: 'asset' },
  { code: Accounts.inputTax, name: 'Input Tax Recoverable', type: 'asset' },
  { code: Accounts.salesTaxPayable, name: 'Sales Tax Payable', type: 'liability' },
  { code: Accounts.customerCredit, name: 'Customer Credit', type: 'liability' },
  { code: Accounts.equity, name: "Owner's Equity", type: 'equity' },
  { code: Accounts.revenue, name: 'Sales Revenue', type: 'revenue' },
  { code: Accounts.shipping, name: 'Shipping Income', type: 'revenue' },
  { code: Accounts.exchangeGains, name: 'Realised Exchange Gains', type: 'revenue' },
  { code: Accounts.exchangeLosses, name: 'Realised Exchange Losses', type: 'contra_revenue' },
  { code: Accounts.discounts, name: 'Sales Discounts', type: 'contra_revenue' },
  { code: Accounts.uncategorized, name: 'Uncategorized Expenses', type: 'expense' },
];

/** The first code of the per-category expense accounts; each next category takes the next multiple of 10. */
export const FIRST_CATEGORY_CODE = 5100;

const SYSTEM_JSON = JSON.stringify(SYSTEM_ACCOUNTS);

/** Creates the tenant's system accounts if they are missing (one statement; a no-op once they exist). */
export async function ensureChart(em: EntityManager, tenantId: string): Promise<void> {
  await em.execute(
    `insert into tax.chart_of_accounts (tenant_id, code, name, type, is_system)
     select ?::uuid, a.code, a.name, a.type, true from jsonb_to_recordset(?::jsonb) as a (code text, name text, type text)
      where not exists (select 1 from tax.chart_of_accounts c where c.tenant_id = ?::uuid and c.code = a.code)
     on conflict (tenant_id, code) do nothing`,
    [tenantId, SYSTEM_JSON, tenantId],
  );
}

/**
 * The expense account of a category: created on its first expense with the next free code from 5100 in steps of
 * 10, named after the category (renamed when a later event names it differently). Serialized per tenant by the
 * ledger counter row the caller's posting locks anyway, so two categories never race for one code.
 */
export async function categoryAccount(em: EntityManager, tenantId: string, category: { id: number; name: string }): Promise<string> {
  await em.execute(
    `insert into tax.ledger_counters (tenant_id) values (?) on conflict (tenant_id) do update set next_entry = ledger_counters.next_entry`,
    [tenantId],
  );
  const [known] = await em.execute<{ code: string; name: string }[]>(
    `select code, name from tax.chart_of_accounts where tenant_id = ? and category_id = ?`,
    [tenantId, category.id],
  );
  if (known) {
    if (known.name !== category.name)
      await em.execute(`update tax.chart_of_accounts set name = ? where tenant_id = ? and category_id = ?`, [
        category.name,
        tenantId,
        category.id,
      ]);
    return known.code;
  }
  const [made] = await em.execute<{ code: string }[]>(
    `insert into tax.chart_of_accounts (tenant_id, code, name, type, category_id)
     select ?::uuid, (greatest(?::int - 10, coalesce(max(code::int), 0)) + 10)::text, ?, 'expense', ?
       from tax.chart_of_accounts where tenant_id = ?::uuid and category_id is not null
     returning code`,
    [tenantId, FIRST_CATEGORY_CODE, category.name, category.id, tenantId],
  );
  return made!.code;
}
