import { request, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { expect } from 'vitest';
import { LIVE_PATH, LiveMessage } from '@billpoint/proto';
import type { HttpClient } from '@billpoint/kit/testing';

/** One event of the stream as EventSource would see it (`comment` for `:` lines). */
export interface LiveEvent {
  id?: string;
  data?: LiveMessage;
  comment?: string;
  retry?: number;
}

export interface LiveStream {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body of an answer other than 200 (its JSON error), once `ended`. */
  body(): string;
  /** Every event so far, in order (blocks with only an id or a retry included). */
  events: LiveEvent[];
  /** The data of every notice so far. */
  messages(): LiveMessage[];
  /** The id of the last block that had one (what EventSource would send as Last-Event-ID). */
  lastId(): string | undefined;
  /** Resolves when the stream has a message matching `pred` (fails the test after `timeoutMs`). */
  next(pred: (m: LiveMessage) => boolean, timeoutMs?: number): Promise<LiveMessage>;
  /** Resolves when the server has ended the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Opens GET /api/live as `client` (its cookies), parsing the events as they come. */
export async function openLive(client: HttpClient, headers: Record<string, string> = {}): Promise<LiveStream> {
  const h: Record<string, string> = { accept: 'text/event-stream', ...headers };
  if (client.cookies.size) h.cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  // node:http, one connection of its own (no agent): close() destroys exactly that socket.
  const req = request(new URL(LIVE_PATH, client.base), { headers: h, agent: false });
  const res = await new Promise<IncomingMessage>((resolve, reject) => req.once('response', resolve).once('error', reject).end());
  const events: LiveEvent[] = [];
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const w of waiters) w();
  };
  let done = false;
  let body = '';
  const ended = (async () => {
    res.setEncoding('utf8');
    let buf = '';
    try {
      for await (const chunk of res as AsyncIterable<string>) {
        if (res.statusCode !== 200) {
          body += chunk; // a refusal's JSON body
          continue;
        }
        buf += chunk;
        let at: number;
        while ((at = buf.indexOf('\n\n')) !== -1) {
          events.push(parseBlock(buf.slice(0, at)));
          buf = buf.slice(at + 2);
        }
        wake();
      }
    } catch {
      // destroyed by close()
    } finally {
      done = true;
      wake();
    }
  })();
  const messages = () => events.flatMap((e) => (e.data ? [e.data] : []));
  return {
    status: res.statusCode!,
    headers: res.headers,
    body: () => body,
    events,
    messages,
    lastId: () => events.findLast((e) => e.id !== undefined)?.id,
    ended,
    close: () => req.destroy(),
    next: (pred, timeoutMs = 10_000) =>
      new Promise<LiveMessage>((resolve, reject) => {
        const check = () => {
          const m = messages().find(pred);
          if (m || done) {
            waiters.delete(check);
            clearTimeout(timer);
            if (m) resolve(m);
            else reject(new Error(`the stream ended without the message; it had ${JSON.stringify(messages())}`));
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no such message within ${timeoutMs} ms; the stream had ${JSON.stringify(messages())}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
  };
}

function parseBlock(block: string): LiveEvent {
  const e: LiveEvent = {};
  for (const line of block.split('\n')) {
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === '') e.comment = value;
    else if (field === 'id') e.id = value;
    else if (field === 'retry') e.retry = Number(value);
    else if (field === 'data') e.data = LiveMessage.parse(JSON.parse(value));
    else expect.fail(`unexpected field ${field} in ${JSON.stringify(block)}`);
  }
  return e;
}
