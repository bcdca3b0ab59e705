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
 * `stripe` SDK (STRIPE_API_URL): intents (create, retrieve, cancel) and refunds. It honours Idempotency-Key like Stripe, counts the calls, and lets a test decide
 * what the card did: `succeed`, `decline`, or change an intent behind our back (`tamper`).
 */
export async function startStripeStandIn() {
  const intents = new Map<string, FakeIntent>();
  const idempotent = new Map<string, string>();
  const calls: { method: string; path: string; idempotencyKey?: string }[] = [];
  const refunds: { id: string; payment_intent: string; amount: number; metadata: Record<string, string> }[] = [];
  /** How many next refund requests Stripe refuses (as when the charge is disputed), whatever their key. */
  let refusals = 0;
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
    if (req.method === 'POST' && url.pathname === '/v1/refunds') {
      const f = parseForm(body);
      const intent = intents.get(String(f.payment_intent));
      if (!intent || intent.status !== 'succeeded')
        return send(400, { error: { type: 'invalid_request_error', message: 'This PaymentIntent has no successful charge to refund' } });
      if (refusals > 0) {
        refusals--;
        return send(400, { error: { type: 'invalid_request_error', code: 'charge_disputed', message: 'This charge is disputed.' } });
      }
      const again = refunds.find((r) => key && r.id === idempotent.get(key));
      if (again) return send(200, { object: 'refund', status: 'succeeded', ...again });
      // Like Stripe: `amount` (minor units) refunds part of the charge, none all of it; never more than is left.
      const left = intent.amount - refunds.filter((r) => r.payment_intent === intent.id).reduce((n, r) => n + r.amount, 0);
      const amount = f.amount === undefined ? left : Number(f.amount);
      if (!(amount > 0) || amount > left)
        return send(400, {
          error: { type: 'invalid_request_error', message: `Refund amount is greater than the unrefunded amount (${left})` },
        });
      const refund = {
        id: `re_${randomBytes(8).toString('hex')}`,
        payment_intent: intent.id,
        amount,
        metadata: (f.metadata ?? {}) as Record<string, string>,
      };
      refunds.push(refund);
      if (key) idempotent.set(key, refund.id);
      return send(200, { object: 'refund', status: 'succeeded', currency: intent.currency, ...refund });
    }
    const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(url.pathname);
    if (req.method === 'POST' && cancel) {
      const intent = intents.get(cancel[1]!);
      if (!intent) return send(404, { error: { type: 'invalid_request_error', message: 'No such payment_intent' } });
      if (intent.status === 'succeeded')
        return send(400, {
          error: {
            type: 'invalid_request_error',
            code: 'payment_intent_unexpected_state',
            message: 'You cannot cancel this PaymentIntent because it has a status of succeeded.',
          },
        });
      intent.status = 'canceled';
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
    /** Refunds made (one per idempotency key, like Stripe). */
    refunds,
    /** The payer's card went through. */
    succeed: (id: string) => Object.assign(get(id), { status: 'succeeded', last_payment_error: null }),
    decline: (id: string, message = 'Your card was declined.') =>
      Object.assign(get(id), { status: 'requires_payment_method', last_payment_error: { message, code: 'card_declined' } }),
    tamper: (id: string, change: Partial<FakeIntent>) => Object.assign(get(id), change),
    /** The next `n` refund requests are refused (a 400, which the SDK does not retry). */
    refuseRefunds: (n: number) => {
      refusals = n;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;
