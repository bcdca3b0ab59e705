import type { TestDatabase } from './index.ts';

const ident = (s: string) => `"${s.replace(/"/g, '""')}"`;

const known = new Map<string, Promise<string[]>>();

/** Tables of `schema` with a `tenant_id` column (the tenant tables RLS guards), by name; read once per database. */
export function tenantTables(db: TestDatabase, schema: string): Promise<string[]> {
  const key = `${db.name}.${schema}`;
  if (!known.has(key)) known.set(key, readTenantTables(db, schema));
  return known.get(key)!;
}

async function readTenantTables(db: TestDatabase, schema: string): Promise<string[]> {
  const res = await db.query<{ table_name: string }>(
    `select c.table_name from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = $1 and c.column_name = 'tenant_id' and t.table_type = 'BASE TABLE'
      order by c.table_name`,
    [schema],
  );
  return res.rows.map((r) => r.table_name);
}

/** Every row of the tenant in every tenant table of `schema` (but `except`), read as the owner (no RLS), in a stable order. */
export async function snapshotTenantRows(
  db: TestDatabase,
  schema: string,
  tenantId: string,
  except: string[] = [],
): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const t of (await tenantTables(db, schema)).filter((x) => !except.includes(x))) {
    const res = await db.query(`select to_jsonb(x) as row from ${ident(schema)}.${ident(t)} x where tenant_id = $1`, [tenantId]);
    out[t] = res.rows.map((r) => r.row).sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
  }
  return out;
}

/** How many rows the tenant has in each tenant table of `schema` but `except` (the outbox included: a refusal writes no event). */
export async function countTenantRows(
  db: TestDatabase,
  schema: string,
  tenantId: string,
  except: string[] = [],
): Promise<Record<string, number>> {
  const tables = (await tenantTables(db, schema)).filter((t) => !except.includes(t));
  if (!tables.length) return {};
  const res = await db.query<{ t: string; n: string }>(
    tables
      .map((t, i) => `select ${i} as i, '${t}' as t, count(*) as n from ${ident(schema)}.${ident(t)} where tenant_id = $1`)
      .join(' union all '),
    [tenantId],
  );
  return Object.fromEntries(res.rows.map((r) => [r.t, Number(r.n)]));
}
