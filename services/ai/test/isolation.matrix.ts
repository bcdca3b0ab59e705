import { defineIsolationMatrix } from '@billpoint/kit/testing';
import type { Expense, ExpenseCategory } from '@billpoint/proto';

/** Tenant isolation of every ai route (run by gateway/test/isolation-matrix.test.ts). */
export default defineIsolationMatrix({
  service: 'ai',
  file: 'services/ai/test/isolation.matrix.ts',
  async seed(t) {
    // A category, a vendor and words only this tenant has, taught to its model by an expense saved at tax.
    const category = (await t.client.post('/api/expense-categories', { name: `Secret ${t.tag}`, keywords: [`kw${t.tag}`] }))
      .json as ExpenseCategory;
    const expense = (
      await t.client.post('/api/expenses', {
        description: `Sprocket ${t.tag}`,
        vendor: `Vendor ${t.tag}`,
        amount: '77.70',
        date: '2026-05-01',
        categoryId: category.id,
      })
    ).json as Expense;
    return { category, expense };
  },
  secrets: ({ category, expense }, t) => [t.tag, category.name, `kw${t.tag}`, String(category.id), expense.vendor!, t.tenantId],
  // A's categories (seeded defaults and its own) and its expense have reached the ai service.
  async settled(db, t, f) {
    const tax = ((await t.client.get('/api/expense-categories')).json as ExpenseCategory[]).length;
    const { rows } = await db.query<{ c: number; e: number }>(
      `select (select count(*) from ai.expense_categories where tenant_id = $1)::int as c,
              (select count(*) from ai.expense_category_training where tenant_id = $1 and expense_id = $2)::int as e`,
      [t.tenantId, f.expense.id],
    );
    return rows[0]!.c >= tax && rows[0]!.e === 1;
  },
  routes: {
    // B asks about A's vendor and words: B's own categories, no history, nothing of A's in the answer.
    'POST /api/expenses/categorize': {
      answers: 'status',
      status: [200],
      call: (a) => ({
        path: '/api/expenses/categorize',
        body: { description: a.expense.description, vendor: a.expense.vendor, amount: '77.70', date: '2026-05-02' },
      }),
    },
  },
});
