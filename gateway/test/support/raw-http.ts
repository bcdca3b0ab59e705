/**
 * A raw HTTP/1.1 client on node:net, for what fetch and undici will not send: `Expect: 100-continue` waited for as
 * curl waits, chunked bodies of any size, bodies cut short, duplicate and conflicting framing headers, odd methods
 * and undecoded paths. It writes exactly the bytes it is given and reads what comes back: any interim (1xx)
 * answers, then the final answer (by Content-Length, chunked, or until the server closes), or nothing.
 */
import { connect, type Socket } from 'node:net';

export interface RawAnswer {
  /** The final status, or null when the server closed (or the time ran out) without one. */
  status: number | null;
  /** Interim answers seen before it (100 for a Continue). */
  interim: number[];
  /** Header names lowercased; a repeated header's values joined with ", ". */
  headers: Record<string, string>;
  body: string;
  /** The JSON body, when it is JSON. */
  json: any;
  /** Everything received, for messages. */
  raw: string;
}

export interface RawRequest {
  /** The request line, e.g. `POST /api/customers HTTP/1.1`. */
  line: string;
  /** Header lines exactly as sent (`Host` is added first unless one is given). */
  headers?: [string, string][];
  /** The body, written as given after the head (a chunked body must already be chunk-framed), or several parts. */
  body?: Buffer | string | (Buffer | string)[];
  /** Like curl: after the head, wait for `100 Continue` (or a final answer, or `continueWaitMs`) before the body. */
  waitForContinue?: boolean;
  continueWaitMs?: number;
  /** Close the connection right after writing (a client that gives up mid-body): the answer is usually none. */
  closeAfterWrite?: boolean;
  /** HEAD: the answer has no body whatever its headers say. */
  head?: boolean;
  timeoutMs?: number;
}

/** One chunk of a chunked body, framed. */
export const chunk = (data: Buffer | string) => {
  const b = Buffer.isBuffer(data) ? data : Buffer.from(data);
  return Buffer.concat([Buffer.from(`${b.length.toString(16)}\r\n`), b, Buffer.from('\r\n')]);
};
export const LAST_CHUNK = '0\r\n\r\n';

type Parsed = { status: number; headers: Record<string, string>; body: Buffer; rest: Buffer } | 'incomplete';

function parseOne(buf: Buffer, head: boolean, closed: boolean): Parsed {
  const end = buf.indexOf('\r\n\r\n');
  if (end < 0) return 'incomplete';
  const lines = buf.subarray(0, end).toString('latin1').split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(lines[0] ?? '')?.[1] ?? NaN);
  const headers: Record<string, string> = {};
  for (const l of lines.slice(1)) {
    const i = l.indexOf(':');
    if (i < 0) continue;
    const k = l.slice(0, i).trim().toLowerCase();
    const v = l.slice(i + 1).trim();
    headers[k] = headers[k] === undefined ? v : `${headers[k]}, ${v}`;
  }
  let rest = buf.subarray(end + 4);
  if ((status >= 100 && status < 200) || head || status === 204 || status === 304) return { status, headers, body: Buffer.alloc(0), rest };
  // A stream of events (GET /api/live) never ends by itself: its answer is its head.
  if (/^text\/event-stream/i.test(headers['content-type'] ?? '')) return { status, headers, body: Buffer.alloc(0), rest: Buffer.alloc(0) };
  if (/chunked/i.test(headers['transfer-encoding'] ?? '')) {
    const parts: Buffer[] = [];
    for (;;) {
      const nl = rest.indexOf('\r\n');
      if (nl < 0) return 'incomplete';
      const size = parseInt(rest.subarray(0, nl).toString('latin1'), 16);
      if (Number.isNaN(size)) return { status, headers, body: Buffer.concat(parts), rest: Buffer.alloc(0) };
      if (rest.length < nl + 2 + size + 2) return 'incomplete';
      if (size === 0) {
        const trailerEnd = rest.indexOf('\r\n\r\n', nl);
        return { status, headers, body: Buffer.concat(parts), rest: trailerEnd < 0 ? Buffer.alloc(0) : rest.subarray(trailerEnd + 4) };
      }
      parts.push(rest.subarray(nl + 2, nl + 2 + size));
      rest = rest.subarray(nl + 2 + size + 2);
    }
  }
  if (headers['content-length'] !== undefined) {
    const n = Number(headers['content-length']);
    if (rest.length < n) return 'incomplete';
    return { status, headers, body: rest.subarray(0, n), rest: rest.subarray(n) };
  }
  return closed ? { status, headers, body: rest, rest: Buffer.alloc(0) } : 'incomplete';
}

/** Sends one request on a new connection and reads its answer. */
export function rawRequest(url: string, r: RawRequest): Promise<RawAnswer> {
  const { hostname, port } = new URL(url);
  const headers = r.headers ?? [];
  const lines = [r.line, ...(headers.some(([k]) => k.toLowerCase() === 'host') ? [] : [`Host: ${hostname}:${port}`])];
  for (const [k, v] of headers) lines.push(`${k}: ${v}`);
  const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
  const parts = (r.body === undefined ? [] : Array.isArray(r.body) ? r.body : [r.body]).map((p) =>
    Buffer.isBuffer(p) ? p : Buffer.from(p),
  );

  return new Promise((resolve) => {
    const socket: Socket = connect({ host: hostname, port: Number(port) });
    let received: Buffer = Buffer.alloc(0);
    const interim: number[] = [];
    let done = false;
    let closed = false;
    let onInterimOrFinal: (() => void) | undefined;
    const finish = (a: Omit<RawAnswer, 'interim' | 'raw' | 'json'>) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      let json: unknown;
      try {
        json = JSON.parse(a.body);
      } catch {
        json = undefined;
      }
      resolve({ ...a, interim, json, raw: received.toString('latin1').slice(0, 2000) });
    };
    const timer = setTimeout(() => finish({ status: null, headers: {}, body: '' }), r.timeoutMs ?? 10_000);
    const parse = () => {
      for (;;) {
        const p = parseOne(received, r.head ?? false, closed);
        if (p === 'incomplete') {
          if (closed) finish({ status: null, headers: {}, body: '' });
          return;
        }
        if (p.status >= 100 && p.status < 200) {
          interim.push(p.status);
          received = p.rest;
          onInterimOrFinal?.();
          continue;
        }
        onInterimOrFinal?.();
        finish({ status: Number.isNaN(p.status) ? null : p.status, headers: p.headers, body: p.body.toString('utf8') });
        return;
      }
    };
    socket.on('data', (d: Buffer) => {
      received = Buffer.concat([received, d]);
      parse();
    });
    socket.on('error', () => {}); // a reset is an answer too: whatever came before it is parsed on close
    socket.on('close', () => {
      closed = true;
      parse();
      finish({ status: null, headers: {}, body: '' });
    });

    const write = (b: Buffer) =>
      new Promise<void>((ok) => {
        if (done || socket.destroyed) return ok();
        socket.write(b, () => ok());
      });
    socket.once('connect', async () => {
      await write(head);
      if (r.waitForContinue && parts.length) {
        await new Promise<void>((ok) => {
          const t = setTimeout(ok, r.continueWaitMs ?? 1_000);
          onInterimOrFinal = () => (clearTimeout(t), ok());
          if (interim.length) ok();
        });
        if (done) return; // a final answer came instead of 100: the body is never sent (as curl does)
      }
      for (const p of parts) await write(p);
      if (r.closeAfterWrite) socket.destroy();
    });
  });
}
