import { MikroORM, type EntityManager, type Options } from '@mikro-orm/postgresql';
import type { MigrationObject } from '@mikro-orm/core';
import { Migrator } from '@mikro-orm/migrations';
import pg from 'pg';
import type { Logger } from './logger.ts';
import type { Identity } from './auth.ts';
import { PoolGuard } from './pool-guard.ts';
import { PreparingClient } from './prepared.ts';

export type { EntityManager };
export type AnyEntitySchema = NonNullable<Options['entities']>[number];

/** Postgres identifier check for schema and role names we build SQL with. */
const IDENT = /^[a-z_][a-z0-9_]{0,62}$/;
export function ident(name: string): string {
  if (!IDENT.test(name)) throw new Error(`Not a safe SQL identifier: ${name}`);
  return `"${name}"`;
}
const literal = (s: string) => `'${s.replace(/'/g, "''")}'`;

/**
 * A constant list of values as a SQL literal list (`'a', 'b'`) for static SQL such as `status in (${sqlList(xs)})`;
 * statements whose text is built per call pass the array as a parameter (`= any($n::text[])`) instead.
 */
export function sqlList(values: readonly string[]): string {
  if (values.length === 0) throw new Error('An empty SQL list matches nothing; say what is meant instead');
  return values.map(literal).join(', ');
}

/** The runtime role of a service: not the owner, not superuser, not BYPASSRLS. */
export const appRoleName = (schema: string) => `${schema}_app`;

/** The runtime connection: DATABASE_APP_URL, else DATABASE_URL with the app role and its password. */
export function appDatabaseUrl(schema: string, ownerUrl: string, appUrl?: string, appPassword?: string): string {
  if (appUrl) return appUrl;
  const u = new URL(ownerUrl);
  u.username = appRoleName(schema);
  u.password = appPassword ? encodeURIComponent(appPassword) : '';
  return u.toString();
}

/**
 * RLS statements for a tenant table: rows are visible and writable only under `app.tenant_id`. A migration holds
 * them as literal SQL (printed from here once), so that changing this later changes no installed schema.
 */
export function tenantRlsSql(schema: string, table: string): string[] {
  const t = `${ident(schema)}.${ident(table)}`;
  const cond = `tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid`;
  return [
    `alter table ${t} enable row level security`,
    `alter table ${t} force row level security`,
    `create policy tenant_isolation on ${t} using (${cond}) with check (${cond})`,
  ];
}

/**
 * The one way across tenants: a NOLOGIN role `<schema>_scan` that the runtime role may switch to inside a
 * transaction (`scanTenants`), allowed by a policy of its own to SELECT only the listed columns of one table,
 * every row. Jobs that must find work in every tenant (overdue invoices, recurring runs, reminders) list tenant
 * ids this way, then do the work per tenant under the normal policy. No other table is readable by it, and it
 * can write nothing. Its statements go into a migration, pasted as literal SQL, after the table's `tenantRlsSql`.
 */
export const scanRoleName = (schema: string) => `${schema}_scan`;
export function tenantScanSql(schema: string, table: string, columns: string[] = ['tenant_id']): string[] {
  const t = `${ident(schema)}.${ident(table)}`;
  const role = ident(scanRoleName(schema));
  return [
    `do $$ begin
      if not exists (select 1 from pg_roles where rolname = ${literal(scanRoleName(schema))}) then
        create role ${role} nologin nosuperuser nobypassrls noinherit;
      end if;
    exception when duplicate_object or unique_violation then null;
    end $$`,
    `grant usage on schema ${ident(schema)} to ${role}`,
    `grant select (${columns.map(ident).join(', ')}) on ${t} to ${role}`,
    `create policy tenant_scan on ${t} for select to ${role} using (true)`,
  ];
}

/** Runs `fn` in a transaction as `<schema>_scan` (see tenantScanSql): reads across tenants, nothing else. */
export async function scanTenants<T>(root: EntityManager, schema: string, fn: (em: EntityManager) => Promise<T>): Promise<T> {
  return root.fork().transactional(async (em) => {
    await em.execute(`set local role ${ident(scanRoleName(schema))}`);
    return fn(em);
  });
}

/** The ORM filter every tenant entity declares: the ORM scopes by tenant too, not only the database. */
export const tenantFilter = {
  tenant: { name: 'tenant', cond: (args: { tenantId?: string }) => ({ tenantId: args.tenantId }), default: true },
};

export interface OrmOptions {
  schema: string;
  url: string;
  entities: AnyEntitySchema[];
  migrations?: MigrationObject[];
  poolMax?: number;
  /** How long a caller waits for a pooled connection before a 503 (default 5 s). */
  acquireTimeoutMs?: number;
  /** Receives the guard of the ORM's connection pool once it exists (health reporting). */
  onPool?: (guard: PoolGuard) => void;
  logger?: Logger;
}

export async function createOrm(o: OrmOptions): Promise<MikroORM> {
  return MikroORM.init({
    clientUrl: o.url,
    schema: o.schema,
    // The ORM's async contexts (transaction, request) are keyed by this name: with the default ('default') for
    // every service, a handler that the in-process bus runs inside another service's transaction (its outbox
    // relay) would join that transaction, as that service's database role.
    contextName: o.schema,
    entities: o.entities,
    pool: { min: 0, max: o.poolMax ?? 10 },
    // Merged into the `pg` pool options: a bounded wait for a connection, TCP keepalive against silent
    // network cuts, and the guard that frees the slot of a connection lost mid-transaction (see PoolGuard).
    driverOptions: {
      connectionTimeoutMillis: o.acquireTimeoutMs ?? 5_000,
      keepAlive: true,
      onPoolCreated: (pool: pg.Pool) => o.onPool?.(new PoolGuard('orm', pool)),
      Client: PreparingClient, // the statements registered with preparedStatement() run prepared (prepared.ts)
    },
    ensureDatabase: false,
    allowGlobalContext: false,
    sessionContext: 'transaction',
    discovery: { warnWhenNoEntities: false },
    extensions: [Migrator],
    migrations: {
      migrationsList: o.migrations ?? [],
      schema: o.schema,
      tableName: 'mikro_orm_migrations',
      snapshot: false,
      snapshotOnMigrate: false,
      transactional: true,
      allOrNothing: true,
      silent: true,
    },
    debug: false,
    loggerFactory: o.logger
      ? (opts) => {
          const log = o.logger!.child({ orm: true });
          return {
            log: (ns: string, message: string) => log.debug({ ns }, message),
            error: (ns: string, message: string) => log.error({ ns }, message),
            warn: (ns: string, message: string) => log.warn({ ns }, message),
            logQuery: () => {},
            setDebugMode: () => {},
            isEnabled: () => false,
            ...opts,
          } as never;
        }
      : undefined,
  });
}

/**
 * Runs a service's committed migrations as the owner, then makes sure its runtime role exists with exactly
 * the privileges it needs (DML on its own schema's tables; no ownership, no BYPASSRLS).
 */
export async function migrate(o: OrmOptions & { appPassword?: string }): Promise<string[]> {
  const admin = new pg.Client({ connectionString: o.url });
  await admin.connect();
  try {
    // One migrator at a time per database: services (and replicas) that start together would otherwise race on
    // shared objects such as `create extension if not exists pg_trgm` (a unique violation on pg_extension).
    await admin.query(`select pg_advisory_lock($1)`, [MIGRATIONS_LOCK]);
    await withRetry(() => admin.query(`create schema if not exists ${ident(o.schema)}`));
    const orm = await createOrm(o);
    let applied: string[];
    try {
      applied = (await orm.migrator.up()).map((m) => m.name);
    } finally {
      await orm.close(true);
    }
    await ensureAppRole(o.url, o.schema, o.appPassword);
    return applied;
  } finally {
    await admin.end(); // ends the session, and with it the advisory lock
  }
}

/** Advisory lock key of the migrations (any constant: "bpmg" in ASCII). */
const MIGRATIONS_LOCK = 0x62706d67;

async function withRetry<T>(fn: () => Promise<T>, attempts = 5): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (err) {
      // Concurrent role/grant changes from parallel migrators (tests, replicas) can collide; they are idempotent.
      const code = (err as { code?: string }).code;
      if (i >= attempts || !['XX000', '40001', '40P01', '23505', '42710'].includes(code ?? '')) throw err;
      await new Promise((r) => setTimeout(r, 50 * i));
    }
  }
}

export async function ensureAppRole(ownerUrl: string, schema: string, password?: string) {
  const role = ident(appRoleName(schema));
  const s = ident(schema);
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    const db = (await client.query<{ db: string }>('select current_database() as db')).rows[0]!.db;
    await withRetry(() =>
      client.query(`do $$ begin
        if not exists (select 1 from pg_roles where rolname = ${literal(appRoleName(schema))}) then
          create role ${role} login nosuperuser nobypassrls nocreatedb nocreaterole noinherit;
        end if;
      exception when duplicate_object or unique_violation then null;
      end $$`),
    );
    if (password) await withRetry(() => client.query(`alter role ${role} password ${literal(password)}`));
    await withRetry(() => client.query(`grant connect on database "${db.replace(/"/g, '""')}" to ${role}`));
    await withRetry(() => client.query(`grant usage on schema ${s} to ${role}`));
    await withRetry(() => client.query(`grant select, insert, update, delete on all tables in schema ${s} to ${role}`));
    await withRetry(() => client.query(`grant usage, select, update on all sequences in schema ${s} to ${role}`));
    await withRetry(() => client.query(`revoke all on ${s}."mikro_orm_migrations" from ${role}`));
    // The cross-tenant scan role, where a migration made one (tenantScanSql).
    const scan = scanRoleName(schema);
    const { rowCount } = await client.query(`select 1 from pg_roles where rolname = $1`, [scan]);
    if (rowCount) await withRetry(() => client.query(`grant ${ident(scan)} to ${role}`));
  } finally {
    await client.end();
  }
}

/**
 * An EntityManager for one unit of work of one tenant: the ORM filter scopes every query, and every
 * transaction (implicit ones too) starts with `set_config('app.tenant_id', …, true)` — SET LOCAL — for RLS.
 */
export function tenantEm(root: EntityManager, identity: Pick<Identity, 'tenantId'>): EntityManager {
  const em = root.fork();
  em.setSessionContext({ variables: { 'app.tenant_id': identity.tenantId } });
  em.setFilterParams('tenant', { tenantId: identity.tenantId });
  return em;
}
