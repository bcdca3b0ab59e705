/**
 * Valid inputs of a zod 4 schema as a fast-check arbitrary, read from the schema's definition (types, lengths,
 * bounds, patterns, formats, enums, optional keys). Custom refinements and transforms cannot be read, so each
 * leaf also draws from a pool of plausible values (decimals, dates, codes) and keeps what the leaf accepts.
 */
import fc from 'fast-check';
import { z } from 'zod';

type Def = { type: string; [k: string]: any };
const def = (s: z.ZodType): Def => (s as any)._zod.def;
const checks = (s: z.ZodType): Def[] => (def(s).checks ?? []).map((c: any) => c._zod.def);
const isOptionalKey = (s: z.ZodType) => (s as any)._zod.optin !== undefined;

const isoDate = fc
  .date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const isoDateTime = fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }).map((d) => d.toISOString());
const decimal = fc
  .tuple(fc.nat({ max: 99_999 }), fc.option(fc.nat({ max: 99 }), { nil: undefined }), fc.boolean())
  .map(([whole, frac, asNumber]) => {
    const s = frac === undefined ? String(whole) : `${whole}.${String(frac).padStart(2, '0')}`;
    return asNumber ? Number(s) : s;
  });
/** What a field with a custom rule usually wants: amounts, quantities, percentages, dates, codes, ids. */
const plausible: fc.Arbitrary<unknown> = fc.oneof(
  decimal,
  isoDate,
  fc.nat({ max: 100 }),
  fc.stringMatching(/^[A-Z]{3}$/),
  fc.constantFrom('', 'https://example.test', 'a'),
);

const text = (min: number, max: number) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength: min, maxLength: Math.min(max, 40), unit: 'grapheme' }) },
    { weight: 1, arbitrary: fc.string({ minLength: min, maxLength: Math.min(max, 40) }) },
  );

const email = fc
  .tuple(
    fc.stringMatching(/^[a-z0-9][a-z0-9_+-]{0,15}$/),
    fc.stringMatching(/^[a-z][a-z0-9-]{0,15}$/),
    fc.constantFrom('test', 'example', 'com'),
  )
  .map(([local, domain, tld]) => `${local}@${domain}.${tld}`);

function stringArb(s: z.ZodType): fc.Arbitrary<unknown> {
  let min = 0;
  let max = 200;
  for (const c of [def(s), ...checks(s)]) {
    if (c.check === 'min_length') min = c.minimum;
    if (c.check === 'max_length') max = c.maximum;
    if (c.check === 'string_format' && c.format === 'email') return email;
    if (c.check === 'string_format' && c.format === 'regex') return fc.stringMatching(c.pattern as RegExp);
    if (c.check === 'string_format' && c.format === 'uuid') return fc.uuid();
    // ISO date-times and dates (the public API's created range): a filter over random text would never end.
    if (c.check === 'string_format' && c.format === 'datetime') return isoDateTime;
    if (c.check === 'string_format' && c.format === 'date') return isoDate;
  }
  return text(min, max);
}

function numberArb(s: z.ZodType): fc.Arbitrary<unknown> {
  let min = -1e6;
  let max = 1e6;
  let int = false;
  for (const c of checks(s)) {
    if (c.check === 'number_format') int = true;
    if (c.check === 'greater_than') min = c.value + (c.inclusive ? 0 : int ? 1 : 0.01);
    if (c.check === 'less_than') max = Math.min(c.value - (c.inclusive ? 0 : int ? 1 : 0.01), 1e9);
  }
  return int ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/** The input side to generate from: a pipe's output unless that is a transform (then its input). */
function structural(s: z.ZodType): fc.Arbitrary<unknown> {
  const d = def(s);
  switch (d.type) {
    case 'string':
      return stringArb(s);
    case 'number':
      return numberArb(s);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'enum':
      return fc.constantFrom(...Object.values(d.entries as Record<string, string>));
    case 'literal':
      return fc.constantFrom(...(d.values as unknown[]));
    case 'optional':
      return fc.option(valid(d.innerType), { nil: undefined, freq: 4 });
    case 'nullable':
      return fc.option(valid(d.innerType), { nil: null, freq: 4 });
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return valid(d.innerType);
    case 'pipe':
      return def(d.out).type === 'transform' ? valid(d.in) : valid(d.out);
    case 'union':
      return fc.oneof(...(d.options as z.ZodType[]).map(valid));
    case 'array': {
      let min = 0;
      let max = 4;
      for (const c of checks(s)) {
        if (c.check === 'min_length') min = c.minimum;
        if (c.check === 'max_length') max = Math.min(c.maximum, Math.max(min, 4));
      }
      return fc.array(valid(d.element), { minLength: min, maxLength: max });
    }
    case 'object': {
      const shape = d.shape as Record<string, z.ZodType>;
      const required = Object.keys(shape).filter((k) => !isOptionalKey(shape[k]!));
      return fc.record(Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, valid(v)])), {
        requiredKeys: required,
      } as never) as fc.Arbitrary<unknown>;
    }
    case 'record':
      return fc.dictionary(fc.stringMatching(/^[a-z]{1,8}$/), fc.string({ maxLength: 10 }), { maxKeys: 3 });
    default:
      return plausible;
  }
}

const cache = new WeakMap<z.ZodType, fc.Arbitrary<unknown>>();

/** The `examples` a schema declares (`.meta({ examples })`): the values of a rule no generator could guess. */
const examplesOf = (s: z.ZodType): unknown[] | undefined => {
  const e = z.globalRegistry.get(s)?.examples;
  return Array.isArray(e) && e.length ? e : undefined;
};

/**
 * Values `schema` accepts (each leaf filtered by its own schema, so custom rules hold too). A leaf whose custom rule
 * random values would almost never meet (a list of known names in one string) declares examples, and those are drawn.
 */
export function valid(schema: z.ZodType): fc.Arbitrary<unknown> {
  const hit = cache.get(schema);
  if (hit) return hit;
  const examples = examplesOf(schema);
  if (examples) {
    const drawn = fc.constantFrom(...examples).filter((v) => schema.safeParse(v).success);
    cache.set(schema, drawn);
    return drawn;
  }
  const d = def(schema);
  const composite = ['object', 'array', 'optional', 'nullable', 'default', 'prefault', 'readonly'].includes(d.type);
  const arb = composite
    ? structural(schema)
    : fc
        .oneof({ weight: 2, arbitrary: structural(schema) }, { weight: 1, arbitrary: plausible })
        .filter((v) => schema.safeParse(v).success);
  const out = d.type === 'object' || d.type === 'pipe' ? arb.filter((v) => schema.safeParse(v).success) : arb;
  cache.set(schema, out);
  return out;
}
