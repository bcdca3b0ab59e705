/** Query strings for a list route: valid ones from its contract, and hostile variants of them. */
import fc from 'fast-check';
import { foldMetadataQuery } from '@billpoint/proto';

export interface WireQuery {
  label: string;
  /** The query string without `?`, exactly as sent. */
  qs: string;
  /** False when the text is not something both decoders agree on (broken percent-encoding): no oracle then. */
  decodable: boolean;
}

const enc = (v: unknown) => encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v));
/** An object parameter (a list's metadata filter) goes as `name[key]=value` pairs, as its contract reads it. */
export const toQs = (o: Record<string, unknown>) =>
  Object.entries(o)
    .filter(([, v]) => v !== undefined)
    .flatMap(([k, v]) =>
      v && typeof v === 'object' && !Array.isArray(v)
        ? Object.entries(v).map(([kk, vv]) => `${encodeURIComponent(`${k}[${kk}]`)}=${enc(vv)}`)
        : [`${encodeURIComponent(k)}=${enc(v)}`],
    )
    .join('&');

/** The query as the server's parser sees it (repeated keys become arrays; `metadata[key]` gathered as the kit does). */
export function parseQs(qs: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of new URLSearchParams(qs)) {
    const prev = out[k];
    out[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  return foldMetadataQuery(out);
}

const oddValues = [
  'abc',
  '',
  '-1',
  '0',
  '1e308',
  '-0',
  'NaN',
  'Infinity',
  '1.5',
  '0x10',
  ' 5 ',
  '99999999999999999999',
  'true',
  '[]',
  '{}',
];
const hostileText = ['\u0000', "' or 1=1 --", '%', '_', '\\', '\u202e', '\ud83d\ude00', '<script>', 'a'.repeat(201), 'x'.repeat(20_000)];

export function hostileQuery(base: Record<string, unknown>): fc.Arbitrary<WireQuery> {
  const keys = Object.keys(base).length ? Object.keys(base) : ['search'];
  const key = fc.constantFrom(...keys, 'limit', 'offset', 'search');
  const q = (label: string, o: Record<string, unknown>, extra = '', decodable = true): WireQuery => ({
    label,
    qs: [toQs(o), extra].filter(Boolean).join('&'),
    decodable,
  });
  return fc.oneof(
    fc.tuple(key, fc.constantFrom(...oddValues)).map(([k, v]) => q(`${k}=${JSON.stringify(v)}`, { ...base, [k]: v })),
    fc.tuple(key, fc.constantFrom(...hostileText)).map(([k, v]) => q(`${k}=${JSON.stringify(v.slice(0, 20))}…`, { ...base, [k]: v })),
    fc.tuple(key, fc.constantFrom('1', 'a')).map(([k, v]) => q(`${k} twice`, base, `${k}=${v}&${k}=${v}`)),
    fc
      .constantFrom(
        '__proto__=1',
        '__proto__[x]=1',
        'constructor[prototype][x]=1',
        'tenantId=00000000-0000-4000-8000-000000000000',
        'status[]=paid',
      )
      .map((extra) => q(extra, base, extra)),
    fc
      .constantFrom('search=%FF', 'search=%', 'search=%zz', 'limit=%00', 'search=%C0%AF', 'search=%ED%A0%80')
      .map((extra) => q(`broken encoding ${extra}`, base, extra, false)),
  );
}
