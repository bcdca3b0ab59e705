/**
 * The contract fuzzer's transport level: every route of the route table, through the gateway, on raw sockets
 * (raw-http.ts), with what HTTP clients and proxies really send: `Expect: 100-continue`, chunked bodies, bodies cut
 * short (fewer bytes than Content-Length, a chunked body without its last chunk, the client gone mid-body),
 * oversized chunked bodies, duplicate and conflicting headers (two Content-Length, Content-Length with
 * Transfer-Encoding, two Content-Type, two Host), odd methods (TRACE, PROPFIND, lowercase get, OPTIONS) and an
 * encoded path (`/%61pi/…`: only "no 5xx" — canonical paths are checked elsewhere). Never a 5xx; a 413 names the
 * route's limit; a body over the limit is never accepted. That a cut-short body writes nothing is checked by the
 * caller on the tenant's rows (`truncatedCases` first, then `transportCases`).
 */
import { chunk, LAST_CHUNK, rawRequest, type RawAnswer, type RawRequest } from './raw-http.ts';

export interface TransportRoute {
  method: string;
  /** A concrete path (parameters filled). */
  path: string;
  /** A body the route would accept (JSON), when it takes one. */
  body?: Buffer;
  /** Its body limit at the gateway, in bytes. */
  limit: number;
}

export interface TransportCase {
  label: string;
  request: RawRequest;
  /** The client gives up mid-body: any answer (usually none) but a 5xx. */
  truncated?: boolean;
  /** A body over the limit: 413 naming it, or a refusal that came before the body was read (401/403/404/405). */
  oversized?: number;
  /** The one status docs/security.md promises for it (framing errors 400, TRACE 405, an unmeetable Expect 417). */
  status?: number;
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const takesBody = (method: string) => BODY_METHODS.has(method);
const JSON_TYPE: [string, string] = ['Content-Type', 'application/json'];

/** Cases that cut the body short: the caller checks they wrote nothing. */
export function truncatedCases(r: TransportRoute, headers: [string, string][]): TransportCase[] {
  if (!takesBody(r.method)) return [];
  const body = r.body ?? Buffer.from('{}');
  const half = body.subarray(0, Math.max(1, Math.floor(body.length / 2)));
  const line = `${r.method} ${r.path} HTTP/1.1`;
  return [
    {
      label: 'fewer bytes than Content-Length, then the client closes',
      truncated: true,
      request: { line, headers: [...headers, JSON_TYPE, ['Content-Length', String(body.length)]], body: half, closeAfterWrite: true },
    },
    {
      label: 'a chunked body without its last chunk, then the client closes',
      truncated: true,
      request: { line, headers: [...headers, JSON_TYPE, ['Transfer-Encoding', 'chunked']], body: chunk(half), closeAfterWrite: true },
    },
    {
      label: 'Expect: 100-continue, half the body after the 100, then the client closes',
      truncated: true,
      request: {
        line,
        headers: [...headers, JSON_TYPE, ['Content-Length', String(body.length)], ['Expect', '100-continue']],
        body: half,
        waitForContinue: true,
        closeAfterWrite: true,
      },
    },
  ];
}

/** Everything else, answered: never a 5xx. */
export function transportCases(r: TransportRoute, headers: [string, string][], host: string): TransportCase[] {
  const line = `${r.method} ${r.path} HTTP/1.1`;
  const head = r.method === 'HEAD';
  const body = r.body ?? Buffer.from('{}');
  const cl: [string, string] = ['Content-Length', String(body.length)];
  const cases: TransportCase[] = [
    {
      label: 'Expect: 100-continue',
      request: takesBody(r.method)
        ? { line, headers: [...headers, JSON_TYPE, cl, ['Expect', '100-continue']], body, waitForContinue: true }
        : { line, headers: [...headers, ['Expect', '100-continue']], head },
    },
    {
      label: 'an expectation the server cannot meet (Expect: 42-something)',
      status: 417,
      request: { line, headers: [...headers, ['Expect', '42-something']], head },
    },
    { label: 'two Host headers', request: { line, headers: [['Host', host], ['Host', 'evil.test'], ...headers], head } },
    { label: 'TRACE', status: 405, request: { line: `TRACE ${r.path} HTTP/1.1`, headers } },
    { label: 'PROPFIND', request: { line: `PROPFIND ${r.path} HTTP/1.1`, headers } },
    { label: 'OPTIONS', request: { line: `OPTIONS ${r.path} HTTP/1.1`, headers } },
    {
      label: `lowercase ${r.method.toLowerCase()}`,
      status: 400,
      request: { line: `${r.method.toLowerCase()} ${r.path} HTTP/1.1`, headers },
    },
    { label: 'an encoded path (%61pi)', request: { line: `${r.method} ${r.path.replace(/^\/api/, '/%61pi')} HTTP/1.1`, headers, head } },
  ];
  if (!takesBody(r.method)) return cases;
  const over = Buffer.alloc(r.limit + 64 * 1024, 0x20);
  over[0] = 0x7b; // "{"
  return [
    ...cases,
    {
      label: 'a chunked body',
      request: { line, headers: [...headers, JSON_TYPE, ['Transfer-Encoding', 'chunked']], body: [chunk(body), LAST_CHUNK] },
    },
    {
      label: `a chunked body over the ${r.limit}-byte limit`,
      oversized: r.limit,
      request: {
        line,
        headers: [...headers, JSON_TYPE, ['Transfer-Encoding', 'chunked']],
        body: [
          ...Array.from({ length: Math.ceil(over.length / 262144) }, (_, i) => chunk(over.subarray(i * 262144, (i + 1) * 262144))),
          LAST_CHUNK,
        ],
        timeoutMs: 30_000,
      },
    },
    { label: 'two equal Content-Length', status: 400, request: { line, headers: [...headers, JSON_TYPE, cl, cl], body } },
    {
      label: 'two different Content-Length',
      status: 400,
      request: { line, headers: [...headers, JSON_TYPE, cl, ['Content-Length', '1']], body },
    },
    {
      label: 'Content-Length and Transfer-Encoding: chunked',
      status: 400,
      request: { line, headers: [...headers, JSON_TYPE, cl, ['Transfer-Encoding', 'chunked']], body: [chunk(body), LAST_CHUNK] },
    },
    {
      label: 'two Content-Type',
      request: { line, headers: [...headers, JSON_TYPE, ['Content-Type', 'text/plain'], cl], body },
    },
  ];
}

/** The problems of one answer. */
export function judgeTransport(c: TransportCase, a: RawAnswer): string[] {
  if (a.status !== null && a.status >= 500) return [`answered ${a.status}: ${a.body.slice(0, 200)}`];
  if (c.truncated) return [];
  if (a.status === null) return [`no answer: ${a.raw.slice(0, 200) || '(nothing)'}`];
  if (c.status !== undefined && a.status !== c.status) return [`answered ${a.status}, not ${c.status}: ${a.body.slice(0, 200)}`];
  if (c.oversized !== undefined) {
    // Refused before its body is judged is fine too: no session (401), no permission (403), no route, or a public
    // route's per-IP allowance already spent by the cases before (429).
    if (a.status === 413) {
      const limit = c.oversized;
      const named = [`${limit} bytes`, `${limit / 1024} KiB`, `${limit / 1024 / 1024} MiB`];
      if (!named.some((n) => String(a.json?.message).includes(n)))
        return [`413 without the limit (${limit}) in its message: ${a.body.slice(0, 200)}`];
    } else if (![401, 403, 404, 405, 429].includes(a.status))
      return [`a body over the limit answered ${a.status}: ${a.body.slice(0, 200)}`];
  }
  return [];
}

/** Runs cases `concurrency` at a time; returns the failures, labelled. */
export async function runTransportCases(
  url: string,
  items: { route: TransportRoute; cases: TransportCase[] }[],
  concurrency = 6,
): Promise<{ failures: string[]; answered: number; cases: number }> {
  const queue = items.flatMap(({ route, cases }) => cases.map((c) => ({ route, c })));
  const failures: string[] = [];
  let answered = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const a = await rawRequest(url, next.c.request);
        if (a.status !== null) answered++;
        for (const p of judgeTransport(next.c, a)) failures.push(`${next.route.method} ${next.route.path} — ${next.c.label}: ${p}`);
      }
    }),
  );
  return { failures, answered, cases: items.reduce((n, i) => n + i.cases.length, 0) };
}
