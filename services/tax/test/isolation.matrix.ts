import { defineIsolationMatrix } from '@billpoint/kit/testing';
import type { Expense, ExpenseCategory, FinancialReport, ReceiptUpload, TaxRate } from '@billpoint/proto';
import { makePng } from '../../billing/test/support/images.ts';
import { categoriesByName, makeExpense, makeTaxRate, uploadReceipt } from './support.ts';

/** Tenant isolation of every tax route (run by gateway/test/isolation-matrix.test.ts). */
export default defineIsolationMatrix({
  service: 'tax',
  file: 'services/tax/test/isolation.matrix.ts',
  async seed(t) {
    await categoriesByName(t.client); // the defaults are in place: their seeding cannot land during the run
    const taxRate: TaxRate = await makeTaxRate(t.client, {
      name: `Rate ${t.tag}`,
      jurisdiction: `Land ${t.tag}`,
      taxNumber: `TN-${t.tag}`,
      rate: `${10 + Math.floor(Math.random() * 80)}.${10 + Math.floor(Math.random() * 90)}`,
    });
    const created = await t.client.post('/api/expense-categories', { name: `Category ${t.tag}`, description: `About ${t.tag}` });
    if (created.status !== 201) throw new Error(`category create failed: ${created.status} ${created.text}`);
    const category = created.json as ExpenseCategory;
    const upload = await uploadReceipt(t.client, makePng(8, 8), { type: 'image/png', filename: `${t.tag}.png` });
    if (upload.status !== 201) throw new Error(`receipt upload failed: ${upload.status} ${upload.text}`);
    const receipt = upload.json as ReceiptUpload;
    const expense: Expense = await makeExpense(t.client, {
      description: `Expense ${t.tag}`,
      vendor: `Vendor ${t.tag}`,
      notes: `Notes ${t.tag}`,
      amount: `${1000 + Math.floor(Math.random() * 9000)}.${10 + Math.floor(Math.random() * 90)}`,
      categoryId: category.id,
      receipt: receipt.receipt,
    });
    // Ledger: a report of the tenant (its figures come from events; an empty ledger still gives a stored report).
    const generated = await t.client.post('/api/financial-reports/generate', {
      type: 'profit_loss',
      period: 'current-quarter',
      startDate: '2026-10-01',
      endDate: '2026-12-31',
    });
    if (generated.status !== 201) throw new Error(`report generate failed: ${generated.status} ${generated.text}`);
    const report = generated.json as FinancialReport;
    return { taxRate, category, receipt, expense, report };
  },
  // The ledger's copy of the organization and the expense's journal entry arrive by events.
  settled: async (db, t) =>
    Boolean(
      (
        await db.query(
          `select 1 from tax.ledger_organizations where tenant_id = $1
             and not exists (select 1 from tax.outbox o where o.tenant_id = $1 and o.subject like 'evt.tax.expense.%'
                   and not exists (select 1 from tax.journal_entries j where j.tenant_id = $1 and j.source_event_id = o.id))`,
          [t.tenantId],
        )
      ).rowCount,
    ),
  secrets: ({ taxRate, category, receipt, expense }, t) => [
    t.tag,
    t.tenantId,
    taxRate.name,
    taxRate.taxNumber!,
    category.name,
    receipt.receipt,
    expense.description,
    expense.amount,
    expense.duplicateChecksum,
  ],
  routes: {
    'GET /api/tax-rates': {
      answers: 'collection',
      showsOwn: true,
      call: () => [
        { path: '/api/tax-rates' },
        { path: '/api/tax-rates?active=true' },
        { path: '/api/tax-rates?pagination=cursor&limit=100' },
      ],
    },
    'GET /api/tax-rates/:id': { answers: 'not-found', call: (a) => ({ path: `/api/tax-rates/${a.taxRate.id}` }) },
    'POST /api/tax-rates': {
      answers: 'status',
      status: [201], // B's own rate: nothing of A's in the answer, A's rows untouched
      call: () => ({ path: '/api/tax-rates', body: { name: 'Mine', jurisdiction: 'Here', rate: '1', startDate: '2024-01-01' } }),
    },
    'PUT /api/tax-rates/:id': {
      answers: 'not-found',
      call: (a) => ({
        path: `/api/tax-rates/${a.taxRate.id}`,
        body: { name: 'Hijack', jurisdiction: 'X', rate: '0', startDate: '2024-01-01' },
      }),
    },
    'PATCH /api/tax-rates/:id': {
      answers: 'not-found',
      call: (a) => ({ path: `/api/tax-rates/${a.taxRate.id}`, body: { name: 'Hijack' } }),
    },
    'DELETE /api/tax-rates/:id': { answers: 'not-found', call: (a) => ({ path: `/api/tax-rates/${a.taxRate.id}` }) },

    'GET /api/expense-categories': {
      answers: 'collection',
      showsOwn: true,
      call: () => [{ path: '/api/expense-categories' }, { path: '/api/expense-categories?includeArchived=true' }],
    },
    'POST /api/expense-categories': {
      answers: 'status',
      status: [201], // B's own category: nothing of A's in the answer, A's rows untouched
      call: () => ({ path: '/api/expense-categories', body: { name: 'Mine' } }),
    },
    'PUT /api/expense-categories/:id': {
      answers: 'not-found',
      call: (a) => ({ path: `/api/expense-categories/${a.category.id}`, body: { name: 'Hijack' } }),
    },
    'DELETE /api/expense-categories/:id': { answers: 'not-found', call: (a) => ({ path: `/api/expense-categories/${a.category.id}` }) },

    'GET /api/expenses': {
      answers: 'collection', // filtered by A's words and category: B's list is empty, not A's
      call: (a) => [
        { path: '/api/expenses' },
        { path: `/api/expenses?search=${encodeURIComponent(a.expense.description)}` },
        { path: `/api/expenses?categoryId=${a.category.id}` },
      ],
    },
    'GET /api/expenses/summary': {
      answers: 'collection',
      call: (a) => [
        { path: '/api/expenses/summary' },
        { path: `/api/expenses/summary?search=${encodeURIComponent(a.expense.description)}` },
        { path: `/api/expenses/summary?categoryId=${a.category.id}` },
      ],
    },
    'GET /api/expenses/:id': { answers: 'not-found', call: (a) => ({ path: `/api/expenses/${a.expense.id}` }) },
    'POST /api/expenses': {
      answers: 'status',
      status: [400], // A's category, suggestion and receipt are not B's
      call: (a) => [
        { path: '/api/expenses', body: { description: 'Borrowed', amount: '1', date: '2026-01-01', categoryId: a.category.id } },
        { path: '/api/expenses', body: { description: 'Borrowed', amount: '1', date: '2026-01-01', suggestedCategoryId: a.category.id } },
        { path: '/api/expenses', body: { description: 'Borrowed', amount: '1', date: '2026-01-01', receipt: a.receipt.receipt } },
      ],
    },
    'PUT /api/expenses/:id': {
      answers: 'not-found',
      call: (a, b) => [
        { path: `/api/expenses/${a.expense.id}`, body: { description: 'Hijack', amount: '1', date: '2026-01-01' } },
        {
          path: `/api/expenses/${b.expense.id}`,
          body: { description: 'Mine', amount: '1', date: '2026-01-01', receipt: a.receipt.receipt },
          status: [400],
        },
      ],
    },
    'DELETE /api/expenses/:id': { answers: 'not-found', call: (a) => ({ path: `/api/expenses/${a.expense.id}` }) },
    'POST /api/expenses/receipts': {
      answers: 'status',
      status: [400], // not multipart: refused naming the field before anything is read
      call: (a) => ({ path: '/api/expenses/receipts', body: { receipt: a.receipt.receipt } }),
    },
    'GET /api/expenses/receipts/:key': { answers: 'not-found', call: (a) => ({ path: a.receipt.receiptUrl }) },

    // Ledger, reports and the tax summary.
    'POST /api/financial-reports/generate': {
      answers: 'status',
      status: [201], // B's own report, from B's own ledger; A's rows untouched
      call: () => ({
        path: '/api/financial-reports/generate',
        body: { type: 'tax_summary', startDate: '2026-10-01', endDate: '2026-12-31' },
      }),
    },
    'GET /api/financial-reports': { answers: 'collection', call: () => ({ path: '/api/financial-reports' }) },
    'GET /api/financial-reports/:id': { answers: 'not-found', call: (a) => ({ path: `/api/financial-reports/${a.report.id}` }) },
    'PATCH /api/financial-reports/:id': {
      answers: 'not-found',
      call: (a) => ({ path: `/api/financial-reports/${a.report.id}`, body: { status: 'filed' } }),
    },
    'GET /api/financial-reports/:id/csv': { answers: 'not-found', call: (a) => ({ path: `/api/financial-reports/${a.report.id}/csv` }) },
    'GET /api/financial-reports/:id/pdf': { answers: 'not-found', call: (a) => ({ path: `/api/financial-reports/${a.report.id}/pdf` }) },
    'GET /api/tax-summary': {
      answers: 'collection',
      call: () => [{ path: '/api/tax-summary' }, { path: '/api/tax-summary?currency=EUR' }],
    },
  },
});
