/**
 * Hostile input generated from the contracts (issue 8 §2). For every route that declares a body or query contract
 * (`config.contract`, see `routeTable`), cases come from three sources, all by fast-check with a fixed seed:
 *  - values generated from the proto schema itself (its JSON Schema, input side);
 *  - a valid example of the route, with one field mutated (wrong types, nulls, missing and unknown fields, huge
 *    strings and arrays, deep nesting, `__proto__`, 1e308, -0, NaN/Infinity strings, 20-decimal numbers,
 *    impossible dates, control characters);
 *  - whole bodies that are not what a JSON API takes (invalid UTF-8, wrong content types, empty, non-objects).
 */
import fc from 'fast-check';
import { z, type ZodType } from 'zod';
import type { HttpClient } from '@billpoint/kit/testing';

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Schema = Record<string, unknown>;

/** A fast-check arbitrary of values shaped like a JSON Schema (the subset zod's toJSONSchema emits). */
export function arbitraryOf(schema: Schema, depth = 0): fc.Arbitrary<Json> {
  if (depth > 6) return fc.constant(null);
  const s = schema;
  if (Array.isArray(s.anyOf) || Array.isArray(s.oneOf))
    return fc.oneof(...((s.anyOf ?? s.oneOf) as Schema[]).map((x) => arbitraryOf(x, depth + 1)));
  if ('const' in s) return fc.constant(s.const as Json);
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as Json[]));
  const type = Array.isArray(s.type) ? (s.type as string[]) : s.type ? [s.type as string] : [];
  if (type.length > 1) return fc.oneof(...type.map((t) => arbitraryOf({ ...s, type: t }, depth + 1)));
  switch (type[0]) {
    case 'string': {
      const maxLength = Math.min(Number(s.maxLength ?? 40), 300);
      const minLength = Number(s.minLength ?? 0);
      if (typeof s.pattern === 'string') return fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length <= maxLength);
      if (s.format === 'email') return fc.emailAddress();
      return fc.string({ minLength, maxLength: Math.max(minLength, maxLength), unit: 'grapheme' });
    }
    case 'integer':
      return fc.integer({ min: Number(s.minimum ?? -1e9), max: Number(s.maximum ?? 1e9) });
    case 'number':
      return fc.double({ min: Number(s.minimum ?? -1e12), max: Number(s.maximum ?? 1e12), noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(arbitraryOf((s.items as Schema) ?? {}, depth + 1), {
        minLength: Number(s.minItems ?? 0),
        maxLength: Math.min(Number(s.maxItems ?? 4), 4),
      });
    case 'object': {
      const props = (s.properties ?? {}) as Record<string, Schema>;
      const required = new Set((s.required ?? []) as string[]);
      const shape: Record<string, fc.Arbitrary<Json>> = {};
      for (const [k, v] of Object.entries(props)) shape[k] = arbitraryOf(v, depth + 1);
      return fc.record(shape, { requiredKeys: Object.keys(props).filter((k) => required.has(k)) }) as fc.Arbitrary<Json>;
    }
    default:
      return fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>;
  }
}

export const jsonSchemaOf = (schema: ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Schema;

const deep = (n: number): Json => {
  let v: Json = 'bottom';
  for (let i = 0; i < n; i++) v = { a: v };
  return v;
};

/** Values that break parsers, number handling, dates and storage. */
export const HOSTILE_VALUES: Json[] = [
  null,
  true,
  0,
  -0,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  -1,
  0.1,
  'NaN',
  'Infinity',
  '-Infinity',
  '1e308',
  '0.12345678901234567890',
  '12345678901234567890.12',
  '-0',
  '2026-02-30',
  '2026-13-01',
  '0000-00-00',
  '',
  ' ',
  '\u0000\u0001\u0007\u001b[31m',
  '\ud800', // a lone surrogate: invalid UTF-16, encoded as U+FFFD or refused
  '<script>alert(1)</script>',
  "'; drop table invoices; --",
  '%_\\',
  'x'.repeat(100_000),
  '🙂'.repeat(2_000),
  [],
  Array.from({ length: 10_000 }, () => 1),
  {},
  deep(200),
  { __proto__: { polluted: true } } as unknown as Json,
];

export interface Mutation {
  /** Dotted path of the field changed ('' for the whole body). */
  path: string;
  kind: string;
  value: Json | undefined;
}

/** Every path into a JSON value (objects and arrays), the root excluded. */
export function pathsOf(v: Json, prefix: string[] = []): string[][] {
  if (v === null || typeof v !== 'object') return [];
  const out: string[][] = [];
  for (const [k, child] of Object.entries(v)) {
    out.push([...prefix, k]);
    out.push(...pathsOf(child, [...prefix, k]));
  }
  return out;
}

function setAt(root: Json, path: string[], fn: (parent: Record<string, Json>, key: string) => void): Json {
  const copy = structuredClone(root) as Record<string, Json>;
  let parent = copy;
  for (const k of path.slice(0, -1)) parent = parent[k] as Record<string, Json>;
  fn(parent, path.at(-1)!);
  return copy;
}

/** One field of `base` changed: set to a hostile value, removed, or joined by an unknown or prototype key. */
export function mutationArbitrary(base: Json): fc.Arbitrary<{ value: Json; mutation: Mutation }> {
  const paths = pathsOf(base);
  const containers = [
    [] as string[],
    ...paths.filter((p) => typeof p.reduce<Json>((v, k) => (v as Record<string, Json>)[k]!, base) === 'object'),
  ];
  const set = fc.tuple(fc.constantFrom(...paths), fc.constantFrom(...HOSTILE_VALUES)).map(([p, hostile]) => ({
    value: setAt(base, p, (parent, k) => (parent[k] = hostile)),
    mutation: { path: p.join('.'), kind: 'set', value: hostile },
  }));
  const remove = fc.constantFrom(...paths).map((p) => ({
    value: setAt(base, p, (parent, k) => delete parent[k]),
    mutation: { path: p.join('.'), kind: 'remove', value: undefined },
  }));
  const extra = fc
    .tuple(fc.constantFrom(...containers), fc.constantFrom('unknownField', '__proto__', 'constructor', 'prototype', 'tenantId', 'id'))
    .map(([p, key]) => {
      const target = structuredClone(base) as Record<string, Json>;
      let obj = target;
      for (const k of p) obj = obj[k] as Record<string, Json>;
      // JSON.parse on the server turns "__proto__" into an own key; so does defineProperty here.
      Object.defineProperty(obj, key, { value: { polluted: true }, enumerable: true, writable: true, configurable: true });
      return { value: target as Json, mutation: { path: [...p, key].join('.'), kind: 'extra', value: { polluted: true } } };
    });
  return paths.length ? fc.oneof(set, remove, extra) : extra;
}

/** Bodies that are not a JSON object: raw bytes and wrong content types. */
export const RAW_BODIES: { name: string; body: string | Uint8Array; contentType?: string }[] = [
  { name: 'empty JSON body', body: '', contentType: 'application/json' },
  {
    name: 'invalid UTF-8',
    body: new Uint8Array([0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d]),
    contentType: 'application/json',
  },
  { name: 'truncated JSON', body: '{"name": "x"', contentType: 'application/json' },
  { name: 'JSON array', body: '[]', contentType: 'application/json' },
  { name: 'JSON string', body: '"text"', contentType: 'application/json' },
  { name: 'JSON number', body: '42', contentType: 'application/json' },
  { name: 'JSON null', body: 'null', contentType: 'application/json' },
  { name: 'a form', body: 'name=x&email=y', contentType: 'application/x-www-form-urlencoded' },
  { name: 'plain text', body: 'hello', contentType: 'text/plain' },
  { name: 'XML', body: '<a>1</a>', contentType: 'application/xml' },
  { name: 'no content type', body: '{"name":"x"}' },
  { name: 'deeply nested arrays', body: `{"name":${'['.repeat(50_000)}${']'.repeat(50_000)}}`, contentType: 'application/json' },
  { name: 'prototype pollution', body: '{"__proto__":{"isAdmin":true},"name":"x"}', contentType: 'application/json' },
  { name: 'constructor pollution', body: '{"constructor":{"prototype":{"isAdmin":true}}}', contentType: 'application/json' },
];

export interface FuzzRoute {
  /** The request path (default: the route's url with `:id` = ctx.id). */
  path?: (ctx: Record<string, string | number>) => string;
  /** A valid body (or, for a GET, a valid query) for this tenant's data. */
  valid: (ctx: Record<string, string | number>) => Json;
  /** Where an accepted value is read back from, given the answer; without it the answer itself is compared. */
  readBack?: (answer: unknown, ctx: Record<string, string | number>) => string;
  /** The contract's parse of the body, reshaped as the read-back answer (default: as is). */
  sentAs?: (parsed: never) => unknown;
  /** Dotted answer fields that are not stored as sent (computed by the server, or ignored by contract). */
  ignore?: string[];
}

export interface FuzzSpec {
  service: string;
  file: string;
  /** Prepares what the valid examples refer to (the client is signed in to a fresh tenant). */
  setup(c: HttpClient): Promise<Record<string, string | number>>;
  /** One entry per route with a contract, keyed `METHOD /url` as registered. */
  routes: Record<string, FuzzRoute>;
}

/**
 * Where `sent` (the contract's parse of what was sent) and `stored` (what the service answers when asked
 * again) differ, field by field, for the fields both have; arrays by position.
 */
export function differences(sent: unknown, stored: unknown, ignore: string[], path = ''): string[] {
  if (ignore.includes(path)) return [];
  if (sent === undefined || stored === undefined) return [];
  if (Array.isArray(sent) && Array.isArray(stored))
    return sent.length !== stored.length && path !== ''
      ? [`${path}: ${sent.length} sent, ${stored.length} stored`]
      : sent.flatMap((v, i) => differences(v, stored[i], ignore, path ? `${path}.${i}` : String(i)));
  if (sent && typeof sent === 'object' && stored && typeof stored === 'object')
    return Object.keys(sent).flatMap((k) =>
      k in (stored as object)
        ? differences((sent as Record<string, unknown>)[k], (stored as Record<string, unknown>)[k], ignore, path ? `${path}.${k}` : k)
        : [],
    );
  return JSON.stringify(sent) === JSON.stringify(stored)
    ? []
    : [`${path}: sent ${JSON.stringify(sent)?.slice(0, 80)}, stored ${JSON.stringify(stored)?.slice(0, 80)}`];
}
