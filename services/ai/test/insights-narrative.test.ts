import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InsightList, InvoiceEvents } from '@billpoint/proto';
import { waitFor } from '@billpoint/kit/testing';
import { startStack, type Stack } from '../../../gateway/test/support/stack.ts';
import { publishEvent } from './support/events.ts';
import { day, invoice } from './support/facts.ts';
import { startOpenAIStandIn, type OpenAIStandIn } from './support/openai-stand-in.ts';

const KEY = 'sk-test-narrative-key';
let stack: Stack;
let openai: OpenAIStandIn;
beforeAll(async () => {
  openai = await startOpenAIStandIn();
  stack = await startStack({
    env: { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: openai.url, OPENAI_MODEL: 'gpt-test', OPENAI_TIMEOUT_MS: '1000' },
  });
});
afterAll(async () => {
  await stack?.close();
  await openai?.close();
});

describe('the insights narrative with OPENAI_API_KEY', () => {
  it('is OpenAI’s paragraph over the computed insights; on an error the template writes it and the insights are the same', async () => {
    const client = stack.client();
    const tenantId = (await client.register()).organization.id as string;
    await publishEvent(stack.bus, InvoiceEvents.Created, tenantId, invoice({ customerId: 1, total: '80.00', dueDate: day(7) }));
    await waitFor(async () => {
      const { rows } = await stack.db.query(`select 1 from ai.invoice_facts where tenant_id = $1`, [tenantId]);
      return rows.length === 1;
    });

    openai.behaviour = 'good';
    const before = openai.requests.length;
    const withLlm = InsightList.parse((await client.post('/api/ai/insights/refresh', {})).json);
    expect(withLlm.summarySource).toBe('openai');
    const request = openai.requests.at(-1)!;
    expect(openai.requests.length).toBe(before + 1);
    expect(request.authorization).toBe(`Bearer ${KEY}`);
    // The model is given the insights already computed, and answers their wording only.
    expect(JSON.stringify(request.body.messages)).toContain('$80.00 expected in the next 30 days');
    expect(withLlm.summary).toContain('The stand-in chose it');

    openai.behaviour = 'error500';
    const fallback = InsightList.parse((await client.post('/api/ai/insights/refresh', {})).json);
    expect(fallback.summarySource).toBe('template');
    expect(fallback.summary).toContain('$80.00 expected in the next 30 days');
    const strip = (l: InsightList) => l.insights.map(({ id: _id, createdAt: _c, ...rest }) => rest);
    expect(strip(fallback)).toEqual(strip(withLlm));
  });
});
