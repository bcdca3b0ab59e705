import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A Subscription as the stand-in keeps it (the fields Billpoint reads), one item. */
export interface FakeSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  metadata: Record<string, string>;
  items: {
    object: 'list';
    data: { id: string; object: 'subscription_item'; price: { id: string; object: 'price' }; current_period_end: number }[];
  };
}

/** Stripe's form encoding (`items[0][price]=price_1`) back into an object. */
function parseForm(body: string): Record<string, any> {
  const out: Record<string, any> = {};
  for (const [k, v] of new URLSearchParams(body)) {
    const path = k.replace(/\]/g, '').split('[');
    let at = out;
    path.slice(0, -1).forEach((p) => (at = at[p] ??= {}));
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

const id = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;
const MONTH_S = 30 * 86_400;

/**
 * A local stand-in of the part of Stripe's Billing API the plans use (customers, subscriptions), driven through
 * the real `stripe` SDK (STRIPE_API_URL). It honours Idempotency-Key like Stripe and records every call with its
 * form fields. `nextStatus` is what a new subscription starts as (a card that needs action: 'incomplete');
 * `set` changes a subscription behind our back (Stripe moving it to past_due, cancelling it).
 */
export async function startStripeBillingStandIn() {
  const customers = new Map<string, { id: string; object: 'customer'; metadata: Record<string, string> }>();
  const subscriptions = new Map<string, FakeSubscription>();
  const idempotent = new Map<string, unknown>();
  const calls: { method: string; path: string; form: Record<string, any>; idempotencyKey?: string }[] = [];
  const state = { nextStatus: 'active' };

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const form = parseForm(await read(req));
    const key = req.headers['idempotency-key'] as string | undefined;
    calls.push({ method: req.method!, path: url.pathname, form, idempotencyKey: key });
    const send = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
      res.end(JSON.stringify(json));
    };
    const missing = (what: string) =>
      send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } });
    if (!/^Bearer sk_test_/.test(req.headers.authorization ?? ''))
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key' } });
    // Stripe answers a POST repeated with the same key with the first answer (the SDK retries with its own key).
    if (req.method === 'POST' && key && idempotent.has(key)) return send(200, idempotent.get(key));
    const remember = (json: unknown) => {
      if (req.method === 'POST' && key) idempotent.set(key, json);
      send(200, json);
    };

    if (req.method === 'POST' && url.pathname === '/v1/customers') {
      const c = { id: id('cus'), object: 'customer' as const, metadata: form.metadata ?? {} };
      customers.set(c.id, c);
      return remember(c);
    }
    if (req.method === 'POST' && url.pathname === '/v1/subscriptions') {
      if (!customers.has(form.customer)) return missing('customer');
      const s: FakeSubscription = {
        id: id('sub'),
        object: 'subscription',
        customer: form.customer,
        status: state.nextStatus,
        metadata: form.metadata ?? {},
        items: {
          object: 'list',
          data: [
            {
              id: id('si'),
              object: 'subscription_item',
              price: { id: form.items['0'].price, object: 'price' },
              current_period_end: Math.floor(Date.now() / 1000) + MONTH_S,
            },
          ],
        },
      };
      subscriptions.set(s.id, s);
      return remember(s);
    }
    const m = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname);
    const sub = m ? subscriptions.get(m[1]!) : undefined;
    if (m && !sub) return missing('subscription');
    if (sub && req.method === 'GET') return send(200, sub);
    if (sub && req.method === 'POST') {
      const item = sub.items.data.find((i) => i.id === form.items?.['0']?.id);
      if (form.items && !item) return missing('subscription item');
      if (item) item.price = { id: form.items['0'].price, object: 'price' };
      Object.assign(sub.metadata, form.metadata ?? {});
      return remember(sub);
    }
    send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname})` } });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    customers,
    subscriptions,
    state,
    set: (subId: string, change: Partial<FakeSubscription>) => Object.assign(subscriptions.get(subId)!, change),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
export type StripeBillingStandIn = Awaited<ReturnType<typeof startStripeBillingStandIn>>;
