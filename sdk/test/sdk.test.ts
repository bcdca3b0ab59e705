/**
 * The SDK against the real stack (gateway, services, Postgres, NATS): the quick start runs as an integrator runs it
 * and what it prints is what the API then answers; errors come back as BillpointError with the field at fault and
 * the request's id; the list iterator walks several pages, every item once; an idempotency key replays; the version
 * header is sent only when asked for. Every answer the SDK receives here must be the one the OpenAPI document
 * describes.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURRENT_API_VERSION } from '@billpoint/proto';
import { BillpointError, createBillpoint, type Billpoint, type BillpointOptions } from '@billpoint/sdk';
import { startStack, type Stack } from '../../gateway/test/support/stack.ts';
import { organization } from '../../gateway/test/support/public-api.ts';
import { expectDocumentedAnswer } from '../../gateway/test/support/openapi-answers.ts';

const root = join(import.meta.dirname, '..', '..');
let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ bus: 'nats' });
});
afterAll(() => stack?.close());

interface Exchange {
  request: Request;
  response: Response;
}

/** A client of a new organization's key, and every request it sent with its answer (each checked against the document). */
async function connect(o: Partial<BillpointOptions> = {}): Promise<{ billpoint: Billpoint; sent: Exchange[]; apiKey: string }> {
  const { makeKey } = await organization(stack);
  const { actualKey } = await makeKey({ permissions: ['*'] });
  const sent: Exchange[] = [];
  const billpoint = createBillpoint({
    apiKey: actualKey,
    baseUrl: stack.url,
    fetch: async (request) => {
      const copy = request.clone();
      const response = await fetch(request);
      const url = new URL(request.url);
      expectDocumentedAnswer({
        method: request.method,
        path: url.pathname + url.search,
        status: response.status,
        headers: response.headers,
        body: await response.clone().text(),
      });
      sent.push({ request: copy, response });
      return response;
    },
    ...o,
  });
  return { billpoint, sent, apiKey: actualKey };
}

/** What a call throws; fails when it does not throw. */
async function thrown(call: () => Promise<unknown>): Promise<unknown> {
  try {
    await call();
  } catch (err) {
    return err;
  }
  throw new Error('the call succeeded');
}

describe('the quick start', () => {
  it('creates a customer and an invoice, lists the customers and prints the invoice the API then answers', async () => {
    const { billpoint, apiKey } = await connect();
    const { stdout, stderr } = await promisify(execFile)(join(root, 'node_modules', '.bin', 'node'), ['sdk/examples/quick-start.ts'], {
      cwd: root,
      env: { ...process.env, BILLPOINT_API_KEY: apiKey, BILLPOINT_URL: stack.url },
      timeout: 60_000,
    });
    expect(stderr).toBe('');
    const printed = /^invoice (\S+) \(id (\d+)\): total (\d+\.\d+) ([A-Z]{3})$/m.exec(stdout);
    expect(printed, stdout).not.toBeNull();
    const [, number, id, total, currency] = printed!;
    const { data: invoice } = await billpoint.GET('/invoices/{id}', { params: { path: { id: Number(id) } } });
    expect([invoice.invoiceNumber, invoice.total, invoice.currency]).toEqual([number, total, currency]);
    // 3 × 120.00 + 19.90, no tax rate given.
    expect(invoice.total).toBe('379.90');

    const customers = [];
    for await (const c of billpoint.list('/customers')) customers.push(c);
    expect(customers.map((c) => [c.id, c.name])).toEqual([[invoice.customerId, 'Acme Ltd']]);
    expect(stdout).toContain(`customer ${invoice.customerId}: Acme Ltd <billing@acme.example>\ncustomers listed: 1\n`);
  }, 90_000);
});

describe('errors', () => {
  it('throws a BillpointError for an invalid body: its code, the field at fault, the message and the request id', async () => {
    const { billpoint, sent } = await connect();
    const err = await thrown(() => billpoint.POST('/customers', { body: { name: 'Ada', email: 'not an e-mail' } }));
    expect(err).toBeInstanceOf(BillpointError);
    const e = err as BillpointError;
    expect([e.status, e.code, e.param]).toEqual([400, 'parameter_invalid', 'email']);
    expect(e.issues.map((i) => i.path)).toEqual(['email']);
    expect(e.message).toMatch(/e-?mail/i);
    const answer = sent.at(-1)!.response;
    expect(e.requestId).toMatch(/\S/);
    expect(e.requestId).toBe(answer.headers.get('Request-Id'));
  });

  it('throws a 401 BillpointError for a key that is not valid, with the request id', async () => {
    const { billpoint } = await connect({ apiKey: 'bp_not_a_valid_key' });
    const e = (await thrown(() => billpoint.GET('/customers'))) as BillpointError;
    expect(e).toBeInstanceOf(BillpointError);
    expect([e.status, e.code, e.param]).toEqual([401, 'api_key_invalid', undefined]);
    expect(e.requestId).toMatch(/\S/);
  });

  it('throws a 404 for an unknown id; the iterator throws for a cursor that names no item', async () => {
    const { billpoint } = await connect();
    const missing = (await thrown(() => billpoint.GET('/customers/{id}', { params: { path: { id: 999_999_999 } } }))) as BillpointError;
    expect([missing.status, missing.code]).toEqual([404, 'resource_missing']);
    const fromList = (await thrown(async () => {
      for await (const c of billpoint.list('/customers', { starting_after: 999_999_999 })) void c;
    })) as BillpointError;
    expect([fromList.status, fromList.code, fromList.param]).toEqual([400, 'parameter_invalid', 'starting_after']);
  });
});

describe('the list iterator', () => {
  it('walks a list of several pages, newest first, every item exactly once, one request per page', async () => {
    const { billpoint, sent } = await connect();
    const made: number[] = [];
    for (let i = 0; i < 5; i++)
      made.push((await billpoint.POST('/customers', { body: { name: `C${i}`, email: `c${i}@example.com` } })).data.id);
    const before = sent.length;
    const seen: number[] = [];
    for await (const c of billpoint.list('/customers', { limit: 2 })) seen.push(c.id);
    expect(seen).toEqual([...made].reverse());
    const pages = sent.slice(before).map((x) => new URL(x.request.url));
    expect(pages.map((u) => [u.pathname, u.searchParams.get('limit'), u.searchParams.get('starting_after')])).toEqual([
      ['/api/v1/customers', '2', null],
      ['/api/v1/customers', '2', String(made[3])],
      ['/api/v1/customers', '2', String(made[1])],
    ]);
  });

  it('stops where the caller breaks off, and walks a list whose path names an id', async () => {
    const { billpoint, sent } = await connect();
    const customer = (await billpoint.POST('/customers', { body: { name: 'Ada', email: 'ada@example.com' } })).data;
    const dueDate = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const invoices: number[] = [];
    for (let i = 0; i < 3; i++) {
      const body = { invoice: { customerId: customer.id, dueDate }, items: [{ description: 'Work', quantity: '1', rate: '10.00' }] };
      invoices.push((await billpoint.POST('/invoices', { body })).data.id);
    }
    const before = sent.length;
    for await (const invoice of billpoint.list('/invoices', { limit: 1, customerId: customer.id })) {
      expect(invoice.id).toBe(invoices.at(-1));
      break;
    }
    expect(sent.length - before).toBe(1);

    const hook = (
      await billpoint.POST('/webhooks', { body: { name: 'Hooks', url: 'https://hooks.example.com/billpoint', events: ['invoice.paid'] } })
    ).data.webhook;
    const deliveries = [];
    for await (const d of billpoint.list('/webhooks/{id}/deliveries', { limit: 5 }, { id: hook.id })) deliveries.push(d);
    expect(deliveries).toEqual([]);
    expect(new URL(sent.at(-1)!.request.url).pathname).toBe(`/api/v1/webhooks/${hook.id}/deliveries`);
  });
});

describe('idempotency and versions', () => {
  it('sends idempotencyKey as Idempotency-Key: the same key and body answer the first customer again', async () => {
    const { billpoint, sent } = await connect();
    const body = { name: 'Once', email: 'once@example.com' };
    const first = await billpoint.POST('/customers', { body, idempotencyKey: 'order-1', headers: { 'X-Client': 'sdk-test' } });
    const again = await billpoint.POST('/customers', { body, idempotencyKey: 'order-1' });
    expect(again.data.id).toBe(first.data.id);
    expect([first.response.headers.get('Idempotent-Replayed'), again.response.headers.get('Idempotent-Replayed')]).toEqual([null, 'true']);
    expect(sent.map((x) => x.request.headers.get('Idempotency-Key'))).toEqual(['order-1', 'order-1']);
    expect(sent[0]!.request.headers.get('X-Client'), "the caller's own headers are kept").toBe('sdk-test');
    const other = await thrown(() => billpoint.POST('/customers', { body: { ...body, name: 'Twice' }, idempotencyKey: 'order-1' }));
    expect([(other as BillpointError).status, (other as BillpointError).code]).toEqual([422, 'idempotency_key_reused']);
    const list = [];
    for await (const c of billpoint.list('/customers')) list.push(c.id);
    expect(list).toEqual([first.data.id]);
  });

  it('sends the key as a bearer and Billpoint-Version only when a version is given', async () => {
    const pinned = await connect({ version: CURRENT_API_VERSION });
    const answer = await pinned.billpoint.GET('/customers');
    expect(pinned.sent[0]!.request.headers.get('Authorization')).toMatch(/^Bearer bp_/);
    expect(pinned.sent[0]!.request.headers.get('Billpoint-Version')).toBe(CURRENT_API_VERSION);
    expect(answer.response.headers.get('Billpoint-Version')).toBe(CURRENT_API_VERSION);
    const plain = await connect();
    await plain.billpoint.GET('/customers');
    expect(plain.sent[0]!.request.headers.get('Billpoint-Version')).toBeNull();
  });
});
