import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations, type ServiceDefinition } from '@billpoint/kit';
import { createTestDatabase, testEnv, type TestDatabase } from '@billpoint/kit/testing';
import { gatewayService } from '../src/app.ts';
import { localServices } from '../src/local-services.ts';

/**
 * Every table with a `tenant_id` column, in every service schema, has row-level security enabled AND forced
 * (forced: the owner is held to the policy too). A new service or table joins this check by existing.
 * The documented exceptions are the kit's own tables, which are not tenant data: the outbox (rows are read by the
 * relay across tenants, and carry the tenant only as routing metadata) and the processed-messages log.
 */
const EXCEPTIONS = new Set(['outbox', 'processed_messages']);

let db: TestDatabase;
const defs = [gatewayService, ...localServices.map((s) => s.def)] as ServiceDefinition[];
beforeAll(async () => {
  db = await createTestDatabase();
  for (const def of defs) await runMigrations(def, testEnv(db), undefined);
});
afterAll(() => db?.drop());

describe('row-level security on every tenant table', () => {
  it('is enabled and forced on every table with a tenant_id column, with a policy', async () => {
    const { rows } = await db.query<{ schema: string; table: string; enabled: boolean; forced: boolean; policies: string }>(
      `select n.nspname as schema, c.relname as table, c.relrowsecurity as enabled, c.relforcerowsecurity as forced,
              (select count(*) from pg_policy p where p.polrelid = c.oid) as policies
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p') and n.nspname = any($1)
          and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped)
        order by 1, 2`,
      [defs.map((d) => d.schema)],
    );
    const checked = rows.filter((r) => !EXCEPTIONS.has(r.table));
    // Every schema has tenant tables (the gateway's too: the kit's `files`); an empty result would mean the query,
    // not the schema, is wrong.
    expect(new Set(checked.map((r) => r.schema))).toEqual(new Set(defs.map((d) => d.schema)));
    const missing = checked
      .filter((r) => !r.enabled || !r.forced || Number(r.policies) === 0)
      .map((r) => `${r.schema}.${r.table} (enabled: ${r.enabled}, forced: ${r.forced}, policies: ${r.policies})`);
    expect(missing, `tables without forced row-level security — add ...tenantRlsSql(schema, table) in a migration`).toEqual([]);
    console.info(`RLS checked on ${checked.length} tenant tables in ${defs.length} schemas`);
  });

  it('lets the scan role list tenant ids across tenants and read nothing else', async () => {
    const a = '00000000-0000-4000-8000-00000000000a';
    const b = '00000000-0000-4000-8000-00000000000b';
    await db.query(`insert into billing.numbering (tenant_id, next_seq) values ($1, 5), ($2, 9)`, [a, b]);
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    const as = async (roles: string[], sql: string) => {
      await client.query('begin');
      try {
        for (const r of roles) await client.query(`set local role ${r}`);
        return (await client.query(sql)).rows;
      } finally {
        await client.query('rollback');
      }
    };
    try {
      const scan = ['billing_app', 'billing_scan'];
      expect(await as(scan, `select tenant_id from billing.numbering order by 1`)).toEqual([{ tenant_id: a }, { tenant_id: b }]);
      await expect(as(scan, `select next_seq from billing.numbering`)).rejects.toThrow(/permission denied/);
      await expect(as(scan, `select id from billing.invoices`)).rejects.toThrow(/permission denied/);
      await expect(as(scan, `update billing.numbering set next_seq = 1`)).rejects.toThrow(/permission denied/);
      // The app role itself, without a tenant, sees no row.
      expect(await as(['billing_app'], `select tenant_id from billing.numbering`)).toEqual([]);
    } finally {
      await client.end();
    }
  });
});

describe('record ids on every table', () => {
  it('draws every generated id from its schema’s keyed permutation, never a bare counter shared by tenants', async () => {
    const { rows } = await db.query<{ schema: string; table: string; identity: string; def: string | null }>(
      `select table_schema as schema, table_name as table, is_identity as identity, column_default as def
         from information_schema.columns
        where table_schema = any($1) and column_name = 'id' and table_name <> 'mikro_orm_migrations'
          and (is_identity = 'YES' or column_default is not null)
        order by 1, 2`,
      [defs.map((d) => d.schema)],
    );
    expect(rows.length).toBeGreaterThan(20);
    const counters = rows
      .filter((r) => r.identity === 'YES' || (/nextval/.test(r.def ?? '') && !/record_id\(nextval/.test(r.def ?? '')))
      .map((r) => `${r.schema}.${r.table}`);
    expect(counters, 'ids from a plain sequence — list the table in recordIdTablesSql(schema, [...]) in its migration').toEqual([]);
  });
});
