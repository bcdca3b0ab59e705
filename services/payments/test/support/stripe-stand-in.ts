import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A PaymentIntent as the stand-in keeps it (the fields Billpoint and Stripe.js read). */
export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  last_payment_error: { message: string; code: string } | null;
  created: number;
}

/** Stripe's form encoding (`metadata[paymentId]=7`) back into an object. */
function parseForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of new URLSearchParams(body)) {
    const path = k.replace(/\]/g, '').split('[');
    let at = out as Record<string, unknown>;
    path.slice(0, -1).forEach((p) => (at = (at[p] ??= {}) as Record<string, unknown>));
    at[path.at(-1)!] = v;
  }
  return out;
}

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let s = '';
    req.on('data', (c) => (s += c));
    req.on('end', () => resolve(s));
  });

/**
 * A local stand-in of the part of Stripe's HTTP API Billpoint calls (payment intents), driven through the real
 * `stripe` SDK (STRIPE_API_URL). It honours Idempotency-Key like Stripe, counts the calls, and lets a test decide
 * what the card did: `succeed`, `decline`, or change an intent behind our back (`tamper`).
 */
export async function startStripeStandIn() {
  const intents = new Map<string, FakeIntent>();
  const idempotent = new Map<string, string>();
  const calls: { method: string; path: string; idempotencyKey?: string }[] = [];
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const body = await read(req);
    const key = req.headers['idempotency-key'] as string | undefined;
    calls.push({ method: req.method!, path: url.pathname, idempotencyKey: key });
    const send = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}` });
      res.end(JSON.stringify(json));
    };
    if (!/^Bearer sk_test_/.test(req.headers.authorization ?? ''))
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key' } });
    if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
      if (key && idempotent.has(key)) return send(200, intents.get(idempotent.get(key)!));
      const f = parseForm(body);
      const id = `pi_${randomBytes(12).toString('hex')}`;
      const intent: FakeIntent = {
        id,
        object: 'payment_intent',
        amount: Number(f.amount),
        currency: String(f.currency),
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
        metadata: (f.metadata ?? {}) as Record<string, string>,
        last_payment_error: null,
        created: Math.floor(Date.now() / 1000),
      };
      intents.set(id, intent);
      if (key) idempotent.set(key, id);
      return send(200, intent);
    }
    const m = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && m) {
      const intent = intents.get(m[1]!);
      return intent ? send(200, intent) : send(404, { error: { type: 'invalid_request_error', message: 'No such payment_intent' } });
    }
    send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname})` } });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const get = (id: string) => {
    const intent = intents.get(id);
    if (!intent) throw new Error(`no intent ${id}`);
    return intent;
  };
  return {
    url,
    calls,
    intents,
    /** The payer's card went through. */
    succeed: (id: string) => Object.assign(get(id), { status: 'succeeded', last_payment_error: null }),
    decline: (id: string, message = 'Your card was declined.') =>
      Object.assign(get(id), { status: 'requires_payment_method', last_payment_error: { message, code: 'card_declined' } }),
    tamper: (id: string, change: Partial<FakeIntent>) => Object.assign(get(id), change),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;
