import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { InvoiceDraft } from '@billpoint/proto';
import { startStack, type Stack } from '../../../gateway/test/support/stack.ts';
import { startOpenAIStandIn, type OpenAIStandIn } from './support/openai-stand-in.ts';
import { draftTenant, inDays, type DraftTenant } from './support/draft-tenant.ts';

const KEY = 'sk-test-stand-in-key-0123456789';
const TIMEOUT_MS = 400;
const TEXT = 'Invoice Acme for 12 hours of design at 95 an hour and 2 Pro Plan licences, due in 14 days';
let stack: Stack;
let openai: OpenAIStandIn;
let a: DraftTenant;
let b: DraftTenant;
beforeAll(async () => {
  openai = await startOpenAIStandIn();
  stack = await startStack({
    bus: 'nats',
    env: { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: openai.url, OPENAI_MODEL: 'gpt-test', OPENAI_TIMEOUT_MS: String(TIMEOUT_MS) },
  });
  a = await draftTenant(stack, {
    customers: [{ name: 'Acme Corporation' }],
    products: [{ name: 'Pro Plan', price: '49.00' }],
  });
  b = await draftTenant(stack, { customers: [{ name: 'Acme Secret Holdings' }], products: [{ name: 'Pro Plan Secret', price: '1.00' }] });
});
afterAll(async () => {
  await stack?.close();
  await openai?.close();
});
beforeEach(() => {
  openai.behaviour = 'good';
  openai.answer = null;
  openai.requests.length = 0;
});

const ask = async (t: DraftTenant) => {
  const started = Date.now();
  const res = await t.client.post('/api/ai/invoice-draft', { text: TEXT });
  expect(res.status, res.text).toBe(200);
  return { d: InvoiceDraft.parse(res.json), ms: Date.now() - started };
};
const answer = (o: Record<string, unknown> = {}) => ({
  customerId: a.customers['Acme Corporation'],
  newCustomerName: null,
  items: [
    { description: 'Design work', quantity: '12', rate: '95', productId: null, taxRateId: null },
    { description: 'Pro Plan', quantity: '2', rate: null, productId: a.products['Pro Plan'], taxRateId: null },
  ],
  issueDate: null,
  dueDate: inDays(14),
  currency: 'USD',
  discountAmount: null,
  notes: null,
  ...o,
});

describe('invoice drafts with OPENAI_API_KEY', () => {
  it('asks OpenAI with a zod response format and only this tenant’s candidates, and completes its answer', async () => {
    openai.answer = answer();
    const { d } = await ask(a);
    expect(d.source).toBe('openai');
    expect(d.customer).toMatchObject({ id: a.customers['Acme Corporation'], confidence: 0.95 });
    expect(d.items.map((it) => [it.description, it.quantity, it.rate, it.productId])).toEqual([
      ['Design work', '12', '95.00', null],
      // No rate from OpenAI: the product's price.
      ['Pro Plan', '2', '49.00', a.products['Pro Plan']],
    ]);
    expect(d.dueDate.value).toBe(inDays(14));
    const [req] = openai.requests;
    expect(req!.authorization).toBe(`Bearer ${KEY}`);
    expect(req!.body.response_format.type).toBe('json_schema');
    expect(req!.body.response_format.json_schema.name).toBe('invoice_draft');
    const prompt = JSON.stringify(req!.body.messages);
    expect(prompt).toContain('Acme Corporation');
    expect(prompt).not.toContain('Secret');
  });

  it('replaces ids OpenAI was not given (another tenant’s) and figures that are not decimals with the local engine’s', async () => {
    openai.answer = answer({
      customerId: b.customers['Acme Secret Holdings'],
      items: [
        { description: 'Design', quantity: 'twelve', rate: '95', productId: null, taxRateId: null },
        { description: 'Pro Plan', quantity: '2', rate: null, productId: b.products['Pro Plan Secret'], taxRateId: 999999 },
      ],
      dueDate: 'in two weeks',
    });
    const { d } = await ask(a);
    expect(d.customer?.id).toBe(a.customers['Acme Corporation']);
    expect(d.items.map((it) => [it.quantity, it.rate, it.productId, it.taxRateId])).toEqual([
      ['12', '95.00', null, null],
      ['2', '49.00', a.products['Pro Plan'], null],
    ]);
    expect(d.dueDate.value).toBe(inDays(14));
    expect(JSON.stringify(d)).not.toContain('Secret');
  });

  it.each(['hang', 'error500', 'garbage'] as const)('falls back to the local engine on %s, within the timeout', async (behaviour) => {
    openai.behaviour = behaviour;
    const { d, ms } = await ask(a);
    expect(d.source).toBe('local');
    expect(d.customer?.id).toBe(a.customers['Acme Corporation']);
    expect(d.items.map((it) => [it.description, it.quantity, it.rate, it.productId])).toEqual([
      ['Design', '12', '95.00', null],
      ['Pro Plan', '2', '49.00', a.products['Pro Plan']],
    ]);
    expect(openai.requests).toHaveLength(1);
    expect(ms).toBeLessThan(TIMEOUT_MS + 1500);
    if (behaviour === 'hang') expect(ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
  });
});
