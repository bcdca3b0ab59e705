/**
 * Hostile variants of a valid request body: wrong types, nulls, missing and unknown fields, huge strings and arrays,
 * deep nesting, prototype keys, extreme numbers, over-precise decimals, impossible dates, control characters,
 * invalid UTF-8 bytes, wrong content types, empty and non-object bodies.
 */
import fc from 'fast-check';

/** What goes on the wire: the exact bytes and content type (none: no header). */
export interface WireBody {
  label: string;
  bytes: Buffer;
  contentType?: string;
}

type Path = (string | number)[];
const PLACEHOLDER = '\u0001PLACEHOLDER\u0001';

/** Every path to a value inside `v` (objects and arrays included), the root as []. */
export function pathsOf(v: unknown, at: Path = []): Path[] {
  const out: Path[] = [at];
  if (Array.isArray(v)) v.forEach((x, i) => out.push(...pathsOf(x, [...at, i])));
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) out.push(...pathsOf(x, [...at, k]));
  return out;
}

const clone = <T>(v: T): T => structuredClone(v);
function getAt(v: unknown, p: Path): unknown {
  return p.reduce<unknown>((o, k) => (o as Record<string | number, unknown>)?.[k], v);
}
function setAt(v: unknown, p: Path, value: unknown, remove = false): unknown {
  if (!p.length) return value;
  const root = clone(v);
  const parent = getAt(root, p.slice(0, -1)) as Record<string | number, unknown>;
  const last = p[p.length - 1]!;
  if (remove) {
    if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else delete parent[last];
  } else parent[last] = value;
  return root;
}

const json = (label: string, v: unknown, contentType = 'application/json'): WireBody => ({
  label,
  bytes: Buffer.from(JSON.stringify(v) ?? ''),
  contentType,
});
/** JSON with the placeholder string replaced by raw text or bytes (what JSON.stringify cannot write). */
function spliced(label: string, v: unknown, raw: Buffer | string): WireBody {
  const [before, after] = JSON.stringify(v).split(JSON.stringify(PLACEHOLDER));
  const mid = typeof raw === 'string' ? Buffer.from(raw) : raw;
  return { label, bytes: Buffer.concat([Buffer.from(before!), mid, Buffer.from(after ?? '')]), contentType: 'application/json' };
}

const wrongValues = [42, -1, 0, 'text', '', true, false, [], {}, [1, 'a'], { a: 1 }, null];
const extremeNumbers: unknown[] = [1e308, -1e308, -0, 5e-324, 2 ** 53 + 1, 'NaN', 'Infinity', '-Infinity', '1e308', '-0', '0x1F', ' 7 '];
const decimals = ['1.12345678901234567890', '0.00000000000000000001', '99999999999999999999.99', '-0.01', '1,5', '1.2.3', '.5', '5.'];
const dates = ['2026-02-30', '2026-13-01', '2025-02-29', '0000-00-00', '9999-99-99', '2026-02-28T25:61:00Z', '+002026-01-01', '2026/01/31'];
const controls = ['\u0000', 'a\u0000b', '\u0007\u001b[31m', '\u202eevil', '\ud800', 'line\r\nbreak', '\ufeff', '\u200b'];
const invalidUtf8 = [Buffer.from([0xff, 0xfe]), Buffer.from([0xc0, 0xaf]), Buffer.from([0xe2, 0x82]), Buffer.from([0xed, 0xa0, 0x80])];

/** A hostile variant of `base`, one mutation per case. */
export function hostile(base: Record<string, unknown>): fc.Arbitrary<WireBody> {
  const paths = pathsOf(base);
  const leafPaths = paths.filter((p) => p.length > 0);
  const objectPaths = paths.filter((p) => {
    const v = getAt(base, p);
    return v !== null && typeof v === 'object' && !Array.isArray(v);
  });
  const arrayPaths = paths.filter((p) => Array.isArray(getAt(base, p)));
  const at = fc.constantFrom(...(leafPaths.length ? leafPaths : [[]]));
  const name = (p: Path) => p.join('.') || '(body)';
  const objAt = fc.constantFrom(...objectPaths);

  const arbs: fc.Arbitrary<WireBody>[] = [
    fc.tuple(at, fc.constantFrom(...wrongValues)).map(([p, v]) => json(`${name(p)} = ${JSON.stringify(v)}`, setAt(base, p, v))),
    at.map((p) => json(`${name(p)} missing`, setAt(base, p, undefined, true))),
    fc
      .tuple(objAt, fc.constantFrom('tenantId', 'id', 'isAdmin', 'extra', 'constructor', 'toString', 'hasOwnProperty'))
      .map(([p, k]) =>
        json(`unknown ${k} in ${name(p)}`, setAt(base, [...p, k], k === 'constructor' ? { prototype: { polluted: true } } : 1)),
      ),
    objAt.map((p) =>
      spliced(`__proto__ in ${name(p)}`, setAt(base, [...p, 'x'], PLACEHOLDER), '{"polluted":true},"__proto__":{"polluted":true}'),
    ),
    fc
      .tuple(at, fc.integer({ min: 10_000, max: 400_000 }))
      .map(([p, n]) => json(`${name(p)} = ${n} characters`, setAt(base, p, 'x'.repeat(n)))),
    fc.tuple(arrayPaths.length ? fc.constantFrom(...arrayPaths) : at, fc.integer({ min: 501, max: 3_000 })).map(([p, n]) =>
      json(
        `${name(p)} with ${n} elements`,
        setAt(
          base,
          p,
          Array.from({ length: n }, () => getAt(base, [...p, 0]) ?? 1),
        ),
      ),
    ),
    fc
      .tuple(at, fc.integer({ min: 100, max: 20_000 }))
      .map(([p, n]) => spliced(`${name(p)} nested ${n} deep`, setAt(base, p, PLACEHOLDER), `${'['.repeat(n)}${']'.repeat(n)}`)),
    fc.tuple(at, fc.constantFrom(...extremeNumbers)).map(([p, v]) => json(`${name(p)} = ${String(v)}`, setAt(base, p, v))),
    fc
      .tuple(at, fc.constantFrom('NaN', 'Infinity', '-Infinity', '1e999', '-'))
      .map(([p, raw]) => spliced(`${name(p)} = ${raw} (raw)`, setAt(base, p, PLACEHOLDER), raw)),
    fc.tuple(at, fc.constantFrom(...decimals)).map(([p, v]) => json(`${name(p)} = ${v}`, setAt(base, p, v))),
    fc.tuple(at, fc.constantFrom(...dates)).map(([p, v]) => json(`${name(p)} = ${v}`, setAt(base, p, v))),
    fc.tuple(at, fc.constantFrom(...controls)).map(([p, c]) => {
      const v = getAt(base, p);
      return json(`${name(p)} with ${JSON.stringify(c)}`, setAt(base, p, typeof v === 'string' ? `${v}${c}` : c));
    }),
    fc.tuple(at, fc.constantFrom(...invalidUtf8)).map(([p, b]) => {
      const body = spliced(
        `${name(p)} with bytes ${b.toString('hex')}`,
        setAt(base, p, PLACEHOLDER),
        Buffer.concat([Buffer.from('"ok'), b, Buffer.from('"')]),
      );
      return body;
    }),
    fc
      .constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', undefined)
      .map((ct) => json(`content type ${ct ?? '(none)'}`, base, ct as string)),
    fc.constantFrom('', ' ', '{', '{"a":', 'null', '[]', '"text"', '42', 'true', '[{}]', '{}{}').map((raw) => ({
      label: `body ${JSON.stringify(raw)}`,
      bytes: Buffer.from(raw),
      contentType: 'application/json',
    })),
  ];
  return fc.oneof(...arbs);
}
