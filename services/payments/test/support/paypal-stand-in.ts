import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

interface FakeOrder {
  id: string;
  intent: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED';
  purchase_units: {
    custom_id?: string;
    description?: string;
    amount: { currency_code: string; value: string };
    payments?: { captures: { id: string; status: string; amount: { currency_code: string; value: string } }[] };
  }[];
}

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let s = '';
    req.on('data', (c) => (s += c));
    req.on('end', () => resolve(s));
  });

/**
 * A local stand-in of PayPal's REST API for the calls Billpoint makes through `@paypal/paypal-server-sdk`
 * (PAYPAL_API_URL): OAuth tokens (client credentials, client tokens), create / capture / get order. `approve`
 * is the payer approving the order in PayPal's window; capture fails before it, like PayPal's 422.
 */
export async function startPaypalStandIn() {
  const orders = new Map<string, FakeOrder>();
  const calls: { method: string; path: string; requestId?: string }[] = [];
  const byRequestId = new Map<string, string>();
  const refunds: { id: string; captureId: string; requestId?: string; amount?: string }[] = [];
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const body = await read(req);
    const requestId = req.headers['paypal-request-id'] as string | undefined;
    calls.push({ method: req.method!, path: url.pathname, requestId });
    const send = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(json));
    };
    if (req.method === 'POST' && url.pathname === '/v1/oauth2/token') {
      if (!/^Basic /.test(req.headers.authorization ?? '')) return send(401, { error: 'invalid_client' });
      return send(200, { access_token: `A21_${randomBytes(10).toString('hex')}`, token_type: 'Bearer', expires_in: 32400, scope: '' });
    }
    if (!/^Bearer /.test(req.headers.authorization ?? '')) return send(401, { name: 'AUTHENTICATION_FAILURE' });
    if (req.method === 'POST' && url.pathname === '/v2/checkout/orders') {
      if (requestId && byRequestId.has(requestId)) return send(200, orders.get(byRequestId.get(requestId)!));
      const b = JSON.parse(body) as { intent: string; purchase_units: FakeOrder['purchase_units'] };
      const order: FakeOrder = {
        id: randomBytes(8).toString('hex').toUpperCase(),
        intent: b.intent,
        status: 'CREATED',
        purchase_units: b.purchase_units,
      };
      orders.set(order.id, order);
      if (requestId) byRequestId.set(requestId, order.id);
      return send(201, { id: order.id, status: order.status });
    }
    const refund = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(url.pathname);
    if (req.method === 'POST' && refund) {
      const captured = [...orders.values()].some((o) => o.purchase_units.some((u) => u.payments?.captures.some((c) => c.id === refund[1])));
      if (!captured) return send(404, { name: 'RESOURCE_NOT_FOUND', message: 'The specified resource does not exist.' });
      const again = refunds.find((r) => requestId && r.requestId === requestId);
      if (again) return send(201, { id: again.id, status: 'COMPLETED' });
      // A partial refund names its amount (recorded as sent); a full one sends none.
      const asked = body ? (JSON.parse(body) as { amount?: { value: string; currency_code: string } }).amount : undefined;
      const made = {
        id: `REF${randomBytes(6).toString('hex').toUpperCase()}`,
        captureId: refund[1]!,
        requestId,
        ...(asked ? { amount: asked.value } : {}),
      };
      refunds.push(made);
      return send(201, { id: made.id, status: 'COMPLETED' });
    }
    const m = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(url.pathname);
    const order = m ? orders.get(m[1]!) : undefined;
    if (m && !order) return send(404, { name: 'RESOURCE_NOT_FOUND', message: 'The specified resource does not exist.' });
    if (req.method === 'POST' && m?.[2]) {
      if (order!.status === 'CREATED') return send(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_NOT_APPROVED' }] });
      if (order!.status === 'APPROVED') {
        order!.status = 'COMPLETED';
        for (const u of order!.purchase_units)
          u.payments = {
            captures: [{ id: `CAP${randomBytes(6).toString('hex').toUpperCase()}`, status: 'COMPLETED', amount: { ...u.amount } }],
          };
      }
      return send(201, order);
    }
    if (req.method === 'GET' && m) return send(200, order);
    send(404, { name: 'RESOURCE_NOT_FOUND' });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    orders,
    calls,
    /** Refunds of captures (one per PayPal-Request-Id, like PayPal). */
    refunds,
    approve: (id: string) => void (orders.get(id)!.status = 'APPROVED'),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
