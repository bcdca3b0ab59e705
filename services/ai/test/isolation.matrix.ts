import { defineIsolationMatrix } from '@billpoint/kit/testing';
import type { Expense, ExpenseCategory, InsightList } from '@billpoint/proto';

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
    // A sent invoice with an amount only this tenant has: its insights (cash flow, tax due) carry the amount.
    const rate = `${1000 + Math.floor(Math.random() * 8000)}.37`;
    const customer = (await t.client.post('/api/customers', { name: `Cust ${t.tag}`, email: `${t.tag}@cust.test` })).json as { id: number };
    const due = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const invoice = (
      await t.client.post('/api/invoices', {
        invoice: { customerId: customer.id, dueDate: due },
        items: [{ description: 'Work', quantity: 1, rate }],
      })
    ).json as { id: number };
    await t.client.post(`/api/invoices/${invoice.id}/send`, {});
    // A product only this tenant has, for invoice drafts.
    const product = (await t.client.post('/api/products', { name: `Prod ${t.tag}`, price: '12.34' })).json as { id: number };
    return { category, expense, rate, customer, product, tag: t.tag };
  },
  secrets: ({ category, expense, rate }, t) => [t.tag, category.name, `kw${t.tag}`, String(category.id), expense.vendor!, t.tenantId, rate],
  // A's categories (seeded defaults and its own) and its expense have reached the ai service.
  async settled(db, t, f) {
    const tax = ((await t.client.get('/api/expense-categories')).json as ExpenseCategory[]).length;
    const { rows } = await db.query<{ c: number; e: number }>(
      `select (select count(*) from ai.expense_categories where tenant_id = $1)::int as c,
              (select count(*) from ai.expense_category_training where tenant_id = $1 and expense_id = $2)::int as e`,
      [t.tenantId, f.expense.id],
    );
    if (!(rows[0]!.c >= tax && rows[0]!.e === 1)) return false;
    // A's customer and product have reached the ai service's draft read models.
    const drafts = await db.query<{ n: number }>(
      `select ((select count(*) from ai.draft_customers where tenant_id = $1 and id = $2) +
               (select count(*) from ai.draft_products where tenant_id = $1 and id = $3))::int as n`,
      [t.tenantId, f.customer.id, f.product.id],
    );
    if (drafts.rows[0]!.n !== 2) return false;
    // The sent invoice has reached the ai service and A's insights name its amount.
    const insights = (await t.client.post('/api/ai/insights/refresh', {})).json as InsightList;
    return JSON.stringify(insights).includes(f.rate);
  },
  routes: {
    // B's own insights (its own invoice's amount), none of A's.
    'GET /api/ai/insights': { answers: 'collection', call: () => ({ path: '/api/ai/insights?category=cash_flow' }) },
    'GET /api/ai/insights/priority': { answers: 'collection', call: () => ({ path: '/api/ai/insights/priority' }) },
    'GET /api/ai/recommendations': { answers: 'collection', call: () => ({ path: '/api/ai/recommendations' }) },
    'POST /api/ai/insights/refresh': { answers: 'collection', call: () => ({ path: '/api/ai/insights/refresh', body: {} }) },
    // B asks for a draft naming A's customer and product nearly (the tag less its last letter, so an echo of B's own
    // text is not A's data): B's own customers and products only, never A's names or prices.
    'POST /api/ai/invoice-draft': {
      answers: 'status',
      status: [200],
      call: (a) => ({
        path: '/api/ai/invoice-draft',
        body: { text: `Invoice Cust ${a.tag.slice(0, -1)} for 2 Prod ${a.tag.slice(0, -1)}` },
      }),
    },
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
