import { existsSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeTable, type RouteContract } from '@billpoint/kit';
import { REPO_ROOT, type HttpClient } from '@billpoint/kit/testing';
import { serviceRegistry } from '@billpoint/proto/services';
import { startStack, type Stack } from './support/stack.ts';
import {
  arbitraryOf,
  differences,
  jsonSchemaOf,
  mutationArbitrary,
  RAW_BODIES,
  type FuzzSpec,
  type Json,
} from './support/contract-fuzz.ts';

/**
 * Issue 8 §2: hostile input generated from the contracts, through the gateway, for every route of every
 * registered service that declares a body or query contract. Never a 5xx; a 400 names the field; a refusal
 * writes nothing; an accepted value reads back exactly. FUZZ_RUNS (default 200) cases per route, FUZZ_SEED to vary.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

async function specOf(name: string): Promise<FuzzSpec> {
  const file = `services/${name}/test/contract.fuzz.ts`;
  const exportName = `${name.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase())}Fuzz`;
  if (!existsSync(`${REPO_ROOT}/${file}`)) throw new Error(`${name}: no fuzz spec — add ${file} exporting ${exportName}`);
  const spec = ((await import(`../../${file}`)) as Record<string, FuzzSpec | undefined>)[exportName];
  if (!spec) throw new Error(`${file} must export ${exportName}`);
  return spec;
}

/** Rows in every table of the schema (bookkeeping tables aside): a refusal must leave all of them as they were. */
async function rowCounts(schema: string): Promise<string> {
  const { rows } = await stack.db.query<{ t: string }>(
    `select table_name as t from information_schema.tables where table_schema = $1 and table_type = 'BASE TABLE'
       and table_name not in ('mikro_orm_migrations', 'processed_messages') order by 1`,
    [schema],
  );
  if (!rows.length) return '';
  const sql = rows.map((r) => `(select count(*) from "${schema}"."${r.t}")::text`).join(` || ',' || `);
  return (await stack.db.query<{ c: string }>(`select ${sql} as c`)).rows[0]!.c;
}

const toQuery = (v: Json): string => {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return `q=${encodeURIComponent(JSON.stringify(v))}`;
  const p = new URLSearchParams();
  for (const [k, x] of Object.entries(v)) {
    if (Array.isArray(x)) for (const item of x) p.append(k, typeof item === 'string' ? item : JSON.stringify(item));
    else p.append(k, typeof x === 'string' ? x : JSON.stringify(x));
  }
  return p.toString();
};

interface Case {
  label: string;
  field?: string;
  body?: string | Uint8Array;
  contentType?: string;
  value?: Json;
}

const send = (c: HttpClient, method: string, path: string, k: Case) =>
  c.raw(method, path, k.body, k.contentType ? { 'content-type': k.contentType } : {}) as Promise<{
    status: number;
    text: string;
    json: { statusCode?: number; message?: string; issues?: { path: string }[] } | undefined;
  }>;

describe('contract fuzzing: hostile input on every route with a contract', () => {
  for (const entry of serviceRegistry)
    it(`${entry.name}: ${RUNS} generated cases per route, never a 5xx, refusals name the field and write nothing`, async () => {
      const spec = await specOf(entry.name);
      const routes = routeTable(stack.services[entry.name]!.app).filter((r) => r.contract?.body || r.contract?.query);
      const keys = routes.map((r) => `${r.method} ${r.url}`);
      expect(keys.filter((k) => !(k in spec.routes)).map((k) => `${entry.name}: no fuzz entry for ${k} — add it to ${spec.file}`)).toEqual(
        [],
      );

      const c = stack.client();
      await c.register({ organizationName: `Fuzz ${entry.name}` });
      const ctx = await spec.setup(c);
      const problems: string[] = [];
      let total = 0;
      let accepted = 0;
      for (const route of routes) {
        const key = `${route.method} ${route.url}`;
        const f = spec.routes[key]!;
        const contract = route.contract as RouteContract;
        const schema = (contract.body ?? contract.query)!;
        const isQuery = !contract.body;
        const base = f.valid(ctx);
        const generated = fc.sample(arbitraryOf(jsonSchemaOf(schema)), { numRuns: Math.round(RUNS * 0.25), seed: SEED });
        const mutated = fc.sample(mutationArbitrary(base), {
          numRuns: RUNS - generated.length - (isQuery ? 0 : RAW_BODIES.length),
          seed: SEED,
        });
        const cases: Case[] = [
          ...generated.map((value, i) => ({ label: `generated #${i}`, value })),
          ...mutated.map(({ value, mutation }) => ({ label: `${mutation.kind} ${mutation.path}`, field: mutation.path, value })),
          ...(isQuery ? [] : RAW_BODIES.map((r) => ({ label: r.name, body: r.body, contentType: r.contentType }))),
        ];
        const basePath = f.path ? f.path(ctx) : route.url.replace(':id', String(ctx.id));
        for (const k of cases) {
          total++;
          const path = isQuery ? `${basePath}?${toQuery(k.value!)}` : basePath;
          const req: Case = isQuery
            ? k
            : k.body !== undefined
              ? k
              : { ...k, body: JSON.stringify(k.value), contentType: 'application/json' };
          const before = await rowCounts(entry.name);
          const res = await send(c, route.method, path, req);
          const where = `${key} [${k.label}]`;
          if (res.status >= 500) {
            problems.push(`${where}: ${res.status} ${res.text.slice(0, 200)}`);
            continue;
          }
          if (res.status >= 400) {
            if (typeof res.json?.message !== 'string' || res.json.statusCode !== res.status)
              problems.push(`${where}: ${res.status} without the JSON error body`);
            else if (res.status === 400 && k.field !== undefined && !res.json.issues?.some((i) => i.path !== ''))
              problems.push(`${where}: 400 names no field: ${res.json.message}`);
            const after = await rowCounts(entry.name);
            if (after !== before) problems.push(`${where}: refused ${res.status} but rows changed (${before} → ${after})`);
            continue;
          }
          accepted++;
          if (isQuery || !f.readBack) continue;
          const parsed = schema.parse(k.value) as never;
          const stored = (await c.get(f.readBack(res.json, ctx))).json;
          const diff = differences(f.sentAs ? f.sentAs(parsed) : parsed, stored, f.ignore ?? []);
          if (diff.length) problems.push(`${where}: accepted, but read back differently: ${diff.join('; ')}`);
        }
      }
      console.info(`contract fuzz ${entry.name}: ${routes.length} routes, ${total} cases (${accepted} accepted), seed ${SEED}`);
      expect(problems.slice(0, 30)).toEqual([]);
    }, 300_000);
});
