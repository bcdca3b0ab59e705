import { expect } from 'vitest';
import { waitFor, type HttpClient } from '@billpoint/kit/testing';
import type { Stack } from '../../../../gateway/test/support/stack.ts';

export interface DraftTenant {
  client: HttpClient;
  tenantId: string;
  customers: Record<string, number>;
  products: Record<string, number>;
  taxRates: Record<string, number>;
}

const created = async (c: HttpClient, path: string, body: unknown) => {
  const res = await c.post(path, body);
  expect(res.status, res.text).toBeLessThan(300);
  return res.json as { id: number };
};

/**
 * A tenant with its customers, products and tax rates made through the API (their services' events feed the ai
 * service), waiting until the ai service's read models hold them all.
 */
export async function draftTenant(
  stack: Stack,
  o: {
    customers: { name: string; company?: string; currency?: string; paymentTerms?: number }[];
    products?: { name: string; price: string; taxRate?: string; currency?: string }[];
    taxRates?: { name: string; rate: string }[];
  },
): Promise<DraftTenant> {
  const client = stack.client();
  const me = await client.register();
  const tenantId = me.organization.id as string;
  const t: DraftTenant = { client, tenantId, customers: {}, products: {}, taxRates: {} };
  for (const [i, c] of o.customers.entries())
    t.customers[c.name] = (await created(client, '/api/customers', { email: `c${i}@draft.test`, ...c })).id;
  for (const p of o.products ?? []) t.products[p.name] = (await created(client, '/api/products', { ...p })).id;
  for (const r of o.taxRates ?? [])
    t.taxRates[r.name] = (await created(client, '/api/tax-rates', { ...r, jurisdiction: 'Test', startDate: '2020-01-01' })).id;
  await waitFor(async () => {
    const { rows } = await stack.db.query<{ c: number; p: number; r: number }>(
      `select (select count(*) from ai.draft_customers where tenant_id = $1)::int as c,
              (select count(*) from ai.draft_products where tenant_id = $1)::int as p,
              (select count(*) from ai.draft_tax_rates where tenant_id = $1)::int as r`,
      [tenantId],
    );
    const r = rows[0]!;
    return r.c >= o.customers.length && r.p >= (o.products?.length ?? 0) && r.r >= (o.taxRates?.length ?? 0);
  });
  return t;
}

/** yyyy-mm-dd `days` after today (UTC: a new organization's time zone). */
export const inDays = (days: number, from = new Date()) => new Date(from.getTime() + days * 86_400_000).toISOString().slice(0, 10);
