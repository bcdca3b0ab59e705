import { defineFuzzMatrix } from '@billpoint/kit/testing';
import { waitFor } from '@billpoint/kit/testing';
import type { ExpenseCategory } from '@billpoint/proto';

/** Hostile input of every ai route with a contract (run by gateway/test/contract-fuzz.test.ts). */
export default defineFuzzMatrix({
  service: 'ai',
  file: 'services/ai/test/fuzz.matrix.ts',
  // The tenant's categories at rest before the run: the seeded ones have arrived by events and the first call has
  // read the list from tax, so a refused call finds the tenant's rows as they were.
  async setup(t, db) {
    const tax = ((await t.client.get('/api/expense-categories')).json as ExpenseCategory[]).length;
    await waitFor(async () => {
      const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from ai.expense_categories where tenant_id = $1`, [
        t.tenantId,
      ]);
      return rows[0]!.n >= tax;
    });
    const first = await t.client.post('/api/expenses/categorize', { description: 'Warm-up', amount: '1.00' });
    if (first.status !== 200) throw new Error(`categorize failed: ${first.status} ${first.text}`);
    return {};
  },
  // Stores nothing: a suggestion is read from the tenant's model.
  // Insights: reads, and a refresh that only replaces the tenant's generated insights (no input to refuse).
  // Invoice drafts: a proposal only, nothing stored.
  routes: { 'POST /api/expenses/categorize': {}, 'POST /api/ai/invoice-draft': {}, 'GET /api/ai/insights': { list: (a) => a.insights } },
});
