/**
 * Stripe's and PayPal's HTTP APIs for the keyed browser tests, on fixed ports (a Playwright webServer):
 * `node provider-apis.ts <stripePort> <paypalPort>`. The API stand-ins are the payments service's own test
 * stand-ins (what its SDK calls are checked against); this adds in front of each what the providers' browser code
 * does there — Stripe.js confirming a PaymentIntent with the publishable key, the payer approving a PayPal order
 * in PayPal's window — with CORS, since the pay page calls them from its own origin (through Playwright routing).
 * The first server also answers as the ECB's daily reference rates (billing's FX_RATES_URL in the e2e apps: the fixture
 * of billing's tests, 1 EUR = 1.10 USD on 2026-11-20), so the apps never reach the internet.
 */
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { DEMO_DECLINE_CARD } from '@billpoint/proto';
import { startPaypalStandIn } from '../../../services/payments/test/support/paypal-stand-in.ts';
import { startStripeStandIn } from '../../../services/payments/test/support/stripe-stand-in.ts';
import { fxFixtureXml } from '../../../services/billing/test/support/fx.ts';

const [stripePort, paypalPort] = process.argv.slice(2).map(Number);
if (!stripePort || !paypalPort) throw new Error('usage: provider-apis.ts <stripePort> <paypalPort>');

const stripe = await startStripeStandIn();
const paypal = await startPaypalStandIn();

const FX_PATH = '/stats/eurofxref/eurofxref-daily.xml';

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'content-type, authorization',
};

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => resolve(body));
  });

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', ...CORS });
  res.end(JSON.stringify(body));
}

/** Anything else goes to the stand-in as it came (the services' SDK calls). */
function forward(req: IncomingMessage, res: ServerResponse, body: string, target: string) {
  const url = new URL(req.url ?? '/', target);
  const upstream = request(url, { method: req.method, headers: { ...req.headers, host: url.host } }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.on('error', () => json(res, 502, { error: { message: 'stand-in unreachable' } }));
  upstream.end(body);
}

/** Stripe.js's confirmation: the client secret must match; the decline test card declines, any other card succeeds. */
function confirmIntent(id: string, form: URLSearchParams, res: ServerResponse) {
  const intent = stripe.intents.get(id);
  if (!intent || form.get('client_secret') !== intent.client_secret) {
    return json(res, 404, { error: { type: 'invalid_request_error', message: `No such payment_intent: '${id}'` } });
  }
  if ((form.get('payment_method_data[card][number]') ?? '').replace(/\s/g, '') === DEMO_DECLINE_CARD) {
    stripe.decline(id);
    return json(res, 402, {
      error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.', payment_intent: stripe.intents.get(id) },
    });
  }
  json(res, 200, stripe.succeed(id));
}

createServer(async (req, res) => {
  const body = await read(req);
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  if (req.method === 'OPTIONS') return void res.writeHead(204, CORS).end();
  if (path === '/health') return json(res, 200, { ok: true });
  if (req.method === 'GET' && path === FX_PATH) return void res.writeHead(200, { 'content-type': 'text/xml' }).end(fxFixtureXml());
  const confirm = /^\/v1\/payment_intents\/([^/]+)\/confirm$/.exec(path);
  if (req.method === 'POST' && confirm) return confirmIntent(confirm[1]!, new URLSearchParams(body), res);
  forward(req, res, body, stripe.url);
}).listen(stripePort, '127.0.0.1');

createServer(async (req, res) => {
  const body = await read(req);
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  if (req.method === 'OPTIONS') return void res.writeHead(204, CORS).end();
  if (path === '/health') return json(res, 200, { ok: true });
  const approve = /^\/stand-in\/orders\/([^/]+)\/approve$/.exec(path);
  if (req.method === 'POST' && approve) {
    if (!paypal.orders.has(approve[1]!)) return json(res, 404, { name: 'RESOURCE_NOT_FOUND' });
    paypal.approve(approve[1]!);
    return json(res, 200, { id: approve[1], status: 'APPROVED' });
  }
  forward(req, res, body, paypal.url);
}).listen(paypalPort, '127.0.0.1');

for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => process.exit(0));
console.log(`Stripe API stand-in on :${stripePort}, PayPal API stand-in on :${paypalPort}`);
