import { Migration } from '@mikro-orm/migrations';
import type { MigrationObject } from '@mikro-orm/core';
import { ident } from './db.ts';

/** A committed migration made of plain SQL statements (run in one transaction with the rest of the batch). */
export function sqlMigration(name: string, statements: string[]): MigrationObject {
  class SqlMigration extends Migration {
    override name = name;
    override up() {
      for (const s of statements) this.addSql(s);
    }
  }
  return { name, class: SqlMigration };
}

/**
 * The kit's own tables in a service schema: the transactional outbox, the processed-messages log, the schedule of
 * periodic jobs (`jobs.ts`) and stored files (`files.ts`). Literal SQL like every shipped migration, only the schema
 * varies: a change to a live helper must not change what these created.
 */
export function kitMigrations(schema: string): MigrationObject[] {
  const s = ident(schema);
  return [
    sqlMigration('0000_kit_outbox', [
      `create table ${s}.outbox (
        id uuid primary key,
        subject text not null,
        tenant_id uuid,
        headers jsonb not null default '{}'::jsonb,
        payload jsonb not null,
        created_at timestamptz not null default now(),
        published_at timestamptz
      )`,
      `create index outbox_unpublished on ${s}.outbox (created_at, id) where published_at is null`,
      `create table ${s}.processed_messages (
        consumer text not null,
        message_id text not null,
        processed_at timestamptz not null default now(),
        primary key (consumer, message_id)
      )`,
    ]),
    // Events of one transaction share created_at to the millisecond; a sequence keeps their order.
    sqlMigration('0000_kit_outbox_order', [
      `alter table ${s}.outbox add column seq bigint generated always as identity`,
      `drop index ${s}.outbox_unpublished`,
      `create index outbox_unpublished on ${s}.outbox (seq) where published_at is null`,
    ]),
    // The schedule of the service's periodic jobs (jobs.ts), shared by every replica: not tenant data.
    sqlMigration('0000_kit_jobs', [
      `create table ${s}.jobs (
        name text primary key,
        next_run_at timestamptz not null,
        last_started_at timestamptz,
        last_finished_at timestamptz,
        last_error text,
        runs bigint not null default 0
      )`,
    ]),
    // Stored files (files.ts): tenant data, bytes in Postgres.
    sqlMigration('0000_kit_files', [
      `create table ${s}.files (
        id uuid primary key,
        tenant_id uuid not null,
        content_type text not null,
        size integer not null check (size >= 0),
        sha256 text not null,
        filename text,
        bytes bytea not null,
        created_at timestamptz not null default now()
      )`,
      `create index files_tenant on ${s}.files (tenant_id, created_at)`,
      `alter table ${s}."files" enable row level security`,
      `alter table ${s}."files" force row level security`,
      `create policy tenant_isolation on ${s}."files" using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)`,
    ]),
  ];
}
