import type { HttpClient, IsolationEntry } from '@billpoint/kit/testing';

/** A tenant's manual EUR rate for the isolation matrix: a random value (never B's by chance), dated a fixed day. */
export async function seedExchangeRate(c: HttpClient): Promise<{ rate: string; date: string }> {
  const rate = `1.${String(100_000_000 + Math.floor(Math.random() * 899_999_999)).padStart(9, '0')}7`;
  const res = await c.put('/api/exchange-rates/EUR', { rate, date: '2026-03-02' });
  if (res.status !== 200) throw new Error(`exchange rate failed: ${res.status} ${res.text}`);
  return { rate: (res.json as { rate: string }).rate, date: '2026-03-02' };
}

/** What tenant B gets on the exchange rate routes: its own rates only; its PUT changes its own table. */
export const exchangeRateIsolationRoutes = <F extends { exchangeRate: { rate: string; date: string } }>(): Record<
  string,
  IsolationEntry<F>
> => ({
  'GET /api/exchange-rates': {
    answers: 'collection',
    call: (a) => [{ path: `/api/exchange-rates?date=${a.exchangeRate.date}` }, { path: '/api/exchange-rates' }],
  },
  'PUT /api/exchange-rates/:currency': {
    answers: 'status',
    status: [200], // B's own EUR rate of that day: A's stays as it was
    call: (a) => ({ path: '/api/exchange-rates/EUR', body: { rate: '2', date: a.exchangeRate.date } }),
  },
});
