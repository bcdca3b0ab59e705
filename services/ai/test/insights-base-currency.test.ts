import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InsightList, InvoiceEvents } from '@billpoint/proto';
import { waitFor } from '@billpoint/kit/testing';
import { startStack, type Stack } from '../../../gateway/test/support/stack.ts';
import { publishEvent } from './support/events.ts';
import { at, day, invoice } from './support/facts.ts';

let stack: Stack;
beforeAll(async () => {
  // Billing's daily reference-rate job asks a local port that answers nothing (never the internet).
  stack = await startStack({ bus: 'nats', env: { FX_RATES_URL: 'http://127.0.0.1:9/rates.xml', FX_RATES_INTERVAL_MS: '86400000' } });
});
afterAll(() => stack?.close());

const factRates = async (tenantId: string) =>
  (
    await stack.db.query<{ currency: string; rate: string | null }>(
      `select currency, exchange_rate::text as rate from ai.invoice_facts where tenant_id = $1 order by currency, id`,
      [tenantId],
    )
  ).rows;

describe('AI insights total in the base currency', () => {
  it("counts an EUR invoice at 1.10 as 110.00 in a USD base, and after a base change takes billing's restated rates, naming a currency without one", async () => {
    const client = stack.client();
    const tenantId = (await client.register()).organization.id as string;
    // Billing's manual rate for EUR in the USD base; none for GBP.
    const put = await client.put('/api/exchange-rates/EUR', { rate: '1.1', date: day(-60) });
    expect(put.status, put.text).toBe(200);

    const paid = (currency: string, exchangeRate: string, issued: number, paidDaysAgo: number) =>
      invoice({
        customerId: 1,
        total: '100.00',
        currency,
        exchangeRate,
        status: 'paid',
        issueDate: day(-issued),
        paidAt: at(-paidDaysAgo),
      });
    for (const i of [
      paid('USD', '1.000000', 45, 40),
      paid('USD', '1.000000', 10, 5),
      paid('EUR', '1.100000', 10, 5),
      paid('GBP', '1.250000', 10, 5),
    ])
      await publishEvent(stack.bus, InvoiceEvents.Paid, tenantId, i);
    await waitFor(async () => (await factRates(tenantId)).length === 4);

    const trend = async () => {
      const res = await client.post('/api/ai/insights/refresh', {});
      expect(res.status, res.text).toBe(200);
      return InsightList.parse(res.json).insights.filter((i) => i.rule === 'revenue_trend');
    };
    // Last 30 days: 100 USD + 100 EUR × 1.10 + 100 GBP × 1.25 = 335.00 USD against 100.00 before.
    expect(await trend()).toMatchObject([
      {
        title: 'Revenue up 235% in USD',
        description:
          'Paid revenue was $335.00 (€100.00 = $110.00; £100.00 = $125.00; $100.00) in the last 30 days against $100.00 in the 30 days before.',
        estimatedValue: { amount: '235.00', currency: 'USD' },
      },
    ]);

    // The base becomes EUR: billing restates its rates (USD = 1 ÷ 1.10; GBP has none), and the facts follow.
    const saved = await client.post('/api/organization-settings', { companyName: 'Euro Co', defaultCurrency: 'EUR' });
    expect(saved.status, saved.text).toBe(200);
    await waitFor(async () => (await factRates(tenantId)).some((f) => f.currency === 'USD' && f.rate === '0.9090910000'));
    expect(await factRates(tenantId)).toEqual([
      { currency: 'EUR', rate: '1.0000000000' },
      { currency: 'GBP', rate: null },
      { currency: 'USD', rate: '0.9090910000' },
      { currency: 'USD', rate: '0.9090910000' },
    ]);
    // 100 EUR + 100 USD × 0.909091 = 190.91 EUR against 90.91; the pounds are named, not counted as 0.
    expect(await trend()).toMatchObject([
      {
        title: 'Revenue up 110% in EUR',
        description:
          'Paid revenue was €190.91 (€100.00; $100.00 = €90.91) in the last 30 days against €90.91 in the 30 days before. Not included: GBP (no exchange rate to EUR).',
        estimatedValue: { amount: '100.00', currency: 'EUR' },
      },
    ]);
  }, 30_000);
});
