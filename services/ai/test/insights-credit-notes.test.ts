import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InsightList, InvoiceEvents } from '@billpoint/proto';
import { waitFor } from '@billpoint/kit/testing';
import { startStack, type Stack } from '../../../gateway/test/support/stack.ts';
import { publishEvent } from './support/events.ts';
import { at, day, invoice } from './support/facts.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ bus: 'nats' });
});
afterAll(() => stack?.close());

describe('AI insights count invoices net of their credit notes', () => {
  it('revenue trend: 250.00 paid lately with 130.00 credited is 120.00 against 100.00 — up 20 %, not 150 %', async () => {
    const client = stack.client();
    const tenantId = (await client.register()).organization.id as string;
    const paid = (customerId: number, total: string, issued: number, paidDaysAgo: number) =>
      invoice({ customerId, total, status: 'paid', issueDate: day(-issued), paidAt: at(-paidDaysAgo) });
    for (const i of [paid(1, '100.00', 45, 40), { ...paid(2, '250.00', 10, 5), creditedAmount: '130.00' }])
      await publishEvent(stack.bus, InvoiceEvents.Paid, tenantId, i);
    await waitFor(async () => {
      const { rows } = await stack.db.query(`select 1 from ai.invoice_facts where tenant_id = $1`, [tenantId]);
      return rows.length === 2;
    });
    const res = await client.post('/api/ai/insights/refresh', {});
    expect(res.status, res.text).toBe(200);
    const trend = InsightList.parse(res.json).insights.filter((i) => i.rule === 'revenue_trend');
    expect(trend).toMatchObject([{ title: 'Revenue up 20% in USD', estimatedValue: { amount: '20.00', currency: 'USD' } }]);
    const { rows } = await stack.db.query(`select total::text from ai.invoice_facts where tenant_id = $1 order by total`, [tenantId]);
    expect(rows).toEqual([{ total: '100.00' }, { total: '120.00' }]);
  });
});
