import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExpenseEventData, ExpenseEvents, ExpenseMessages, type Expense, type ExpenseSummary } from '@billpoint/proto';
import { countTenantRows, waitFor } from '@billpoint/kit/testing';
import type { Subscription } from '@billpoint/kit';
import { startStack, type Stack } from '../../../gateway/test/support/stack.ts';
import { makePng } from '../../billing/test/support/images.ts';
import { categoriesByName, makeExpense, observeEvents, uploadReceipt, type SeenEvent, ledgerCaughtUp } from './support.ts';

let stack: Stack;
let events: SeenEvent[];
let sub: Subscription;
beforeAll(async () => {
  stack = await startStack({ bus: 'nats' });
  ({ seen: events, sub } = await observeEvents(stack.bus, 'test-expense-events', 'evt.tax.expense.*'));
});
afterAll(async () => {
  await sub?.stop();
  await stack?.close();
});

type Client = ReturnType<Stack['client']>;
const list = async (c: Client, q = '') => {
  const res = await c.get(`/api/expenses${q}`);
  expect(res.status).toBe(200);
  return { items: res.json as Expense[], total: res.headers.get('x-total-count') };
};

describe('expenses', () => {
  it('creates with defaults and its category, lists newest date first with filters and pages, gets, edits, soft-deletes', async () => {
    const c = stack.client();
    await c.register();
    const cats = await categoriesByName(c);
    const res = await c.post('/api/expenses', {
      description: ' Flight to Lisbon ',
      amount: 249.5,
      vendor: 'TAP',
      date: '2026-03-02',
      categoryId: String(cats.Travel!.id),
      notes: '',
      receipt: '',
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      description: 'Flight to Lisbon',
      amount: '249.50',
      currency: 'USD',
      date: '2026-03-02',
      vendor: 'TAP',
      categoryId: cats.Travel!.id,
      category: { id: cats.Travel!.id, name: 'Travel', color: '#F59E0B' },
      notes: null,
      receipt: null,
      receiptUrl: null,
      paymentMethod: null,
      taxAmount: '0.00',
      isReimbursable: false,
      tags: [],
      suggestedCategoryId: null,
      categoryConfidence: null,
      manualCategoryOverride: false,
      trainingSource: 'user_input',
      possibleDuplicate: false,
    });
    expect(res.json.duplicateChecksum).toMatch(/^[0-9a-f]{64}$/);
    const lunch = await makeExpense(c, {
      description: 'Team lunch',
      amount: '80',
      vendor: 'Cafe Rio',
      date: '2026-03-05',
      categoryId: cats.Meals!.id,
    });
    await makeExpense(c, {
      description: 'Printer paper',
      amount: '12.99',
      vendor: 'Staples',
      date: '2026-02-20',
      notes: 'for the LISBON office',
    });
    await makeExpense(c, {
      description: 'Hotel',
      amount: '300',
      currency: 'eur',
      date: '2026-03-02',
      categoryId: cats.Travel!.id,
      paymentMethod: 'credit_card',
      taxAmount: '30',
      tags: ['trip'],
    });

    const names = async (q = '') => (await list(c, q)).items.map((e) => e.description);
    expect(await names()).toEqual(['Team lunch', 'Hotel', 'Flight to Lisbon', 'Printer paper']);
    expect(await names('?search=lisbon')).toEqual(['Flight to Lisbon', 'Printer paper']); // description and notes
    expect(await names('?search=cafe')).toEqual(['Team lunch']); // vendor
    expect(await names(`?categoryId=${cats.Travel!.id}`)).toEqual(['Hotel', 'Flight to Lisbon']);
    expect(await names('?from=2026-03-02&to=2026-03-04')).toEqual(['Hotel', 'Flight to Lisbon']);
    const page = await list(c, '?limit=1&offset=1');
    expect([page.total, page.items.map((e) => e.description)]).toEqual(['4', ['Hotel']]);
    expect((await list(c, '?offset=10')).total).toBe('4');
    const badQuery = await c.get('/api/expenses?from=2026-02-30');
    expect([badQuery.status, badQuery.json.issues[0].path]).toEqual([400, 'from']);

    const got = await c.get(`/api/expenses/${lunch.id}`);
    expect(got.json).toEqual(lunch);
    const put = await c.put(`/api/expenses/${lunch.id}`, { description: 'Team dinner', amount: '95.10', date: '2026-03-06' });
    expect(put.json).toMatchObject({ description: 'Team dinner', amount: '95.10', vendor: null, categoryId: null, category: null });
    expect((await c.delete(`/api/expenses/${lunch.id}`)).status).toBe(204);
    expect((await c.get(`/api/expenses/${lunch.id}`)).status).toBe(404);
    expect((await c.put(`/api/expenses/${lunch.id}`, { description: 'x', amount: '1', date: '2026-01-01' })).status).toBe(404);
    expect((await c.delete(`/api/expenses/${lunch.id}`)).status).toBe(404);
    expect((await list(c)).total).toBe('3');
  });

  it('summarises per currency, exactly (mean rounded half-up), with transactions and categories used', async () => {
    const c = stack.client();
    await c.register();
    const empty = (await c.get('/api/expenses/summary')).json as ExpenseSummary;
    expect(empty).toEqual({ totalTransactions: 0, categories: 0, totals: [] });
    const cats = await categoriesByName(c);
    for (const amount of ['0.10', '0.20', '0.05']) await makeExpense(c, { amount, categoryId: cats.Software!.id });
    await makeExpense(c, { amount: '0.01', categoryId: cats.Rent!.id });
    await makeExpense(c, { amount: '1000000000.05', currency: 'EUR' });
    await makeExpense(c, { amount: '0.10', currency: 'EUR' });
    const gone = await makeExpense(c, { amount: '999', currency: 'GBP', categoryId: cats.Meals!.id });
    await c.delete(`/api/expenses/${gone.id}`);
    expect((await c.get('/api/expenses/summary')).json).toEqual({
      totalTransactions: 6,
      categories: 2,
      totals: [
        { currency: 'EUR', total: '1000000000.15', average: '500000000.08', count: 2 },
        { currency: 'USD', total: '0.36', average: '0.09', count: 4 },
      ],
    });
  });

  it('summarises the whole filtered set (not a page): the list’s search, category and dates; bad filters name the field', async () => {
    const c = stack.client();
    await c.register();
    const cats = await categoriesByName(c);
    await makeExpense(c, { description: 'Flight', amount: '100.10', vendor: 'TAP', date: '2026-03-02', categoryId: cats.Travel!.id });
    await makeExpense(c, { description: 'Train', amount: '20.05', date: '2026-04-10', categoryId: cats.Travel!.id, notes: '50%_off' });
    await makeExpense(c, { description: 'Hotel', amount: '300', currency: 'EUR', date: '2026-04-11', categoryId: cats.Travel!.id });
    await makeExpense(c, { description: 'Lunch at TAP lounge', amount: '9.99', date: '2026-04-12', categoryId: cats.Meals!.id });
    const summary = async (q: string) => {
      const res = await c.get(`/api/expenses/summary${q}`);
      expect(res.status).toBe(200);
      return res.json as ExpenseSummary;
    };
    const travel = `?categoryId=${cats.Travel!.id}`;
    // A page of one expense, the cards for all three.
    expect((await list(c, `${travel}&limit=1`)).total).toBe('3');
    expect(await summary(`${travel}&limit=1&offset=2`)).toEqual({
      totalTransactions: 3,
      categories: 1,
      totals: [
        { currency: 'EUR', total: '300.00', average: '300.00', count: 1 },
        { currency: 'USD', total: '120.15', average: '60.08', count: 2 },
      ],
    });
    expect(await summary('?search=tap')).toMatchObject({ totalTransactions: 2, categories: 2, totals: [{ total: '110.09' }] });
    expect(await summary('?from=2026-04-01&to=2026-04-11')).toMatchObject({ totalTransactions: 2, categories: 1 });
    // The wildcards are literal: `%_` matches only the note that has them.
    expect(await summary(`?search=${encodeURIComponent('%_')}`)).toMatchObject({ totalTransactions: 1, totals: [{ total: '20.05' }] });
    expect(await summary(`${travel}&search=nothing-like-it`)).toEqual({ totalTransactions: 0, categories: 0, totals: [] });

    for (const [q, field] of [
      [`?search=${'x'.repeat(201)}`, 'search'],
      ['?categoryId=abc', 'categoryId'],
      ['?from=2026-02-30', 'from'],
      ['?from=2026-04-02&to=2026-04-01', 'to'],
    ] as const) {
      const res = await c.get(`/api/expenses/summary${q}`);
      expect([res.status, res.json.issues[0].path], q).toEqual([400, field]);
    }
    expect((await summary(`?search=${'x'.repeat(200)}`)).totalTransactions).toBe(0);
  });

  it('refuses bad input naming the field, another tenant’s category or receipt, tax above the amount; writes nothing', async () => {
    const a = stack.client();
    await a.register();
    const aCats = await categoriesByName(a);
    const aReceipt = (await uploadReceipt(a, makePng(4, 4), { type: 'image/png', filename: 'r.png' })).json.receipt as string;
    const c = stack.client();
    const me = await c.register();
    const cats = await categoriesByName(c);
    const existing = await makeExpense(c);
    await ledgerCaughtUp(stack.db, me.organization.id);
    const before = await countTenantRows(stack.db, 'tax', me.organization.id);
    const valid = { description: 'Desk', amount: '100', date: '2026-03-01' };
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ ...valid, description: '' }, 'description', ExpenseMessages.descriptionRequired],
      [{ ...valid, description: undefined }, 'description', ExpenseMessages.descriptionRequired],
      [{ ...valid, amount: 0 }, 'amount', ExpenseMessages.amountPositive],
      [{ ...valid, amount: '0.00' }, 'amount', ExpenseMessages.amountPositive],
      [{ ...valid, amount: '-5' }, 'amount', ExpenseMessages.amountPositive],
      [{ ...valid, amount: -0.01 }, 'amount', ExpenseMessages.amountPositive],
      [{ ...valid, amount: '1.005' }, 'amount'],
      [{ ...valid, amount: 'ten' }, 'amount'],
      [{ ...valid, date: undefined }, 'date', ExpenseMessages.dateRequired],
      [{ ...valid, date: '2026-02-30' }, 'date', 'Date must be a valid date (YYYY-MM-DD)'],
      [{ ...valid, currency: 'dollars' }, 'currency'],
      [{ ...valid, categoryId: aCats.Travel!.id }, 'categoryId'],
      [{ ...valid, categoryId: 99999999 }, 'categoryId'],
      [{ ...valid, categoryId: 'travel' }, 'categoryId'],
      [{ ...valid, suggestedCategoryId: aCats.Meals!.id, categoryId: cats.Meals!.id }, 'suggestedCategoryId'],
      [{ ...valid, receipt: aReceipt }, 'receipt'],
      [{ ...valid, receipt: 'x'.repeat(32) }, 'receipt'],
      [{ ...valid, receipt: '../../etc/passwd' }, 'receipt'],
      [{ ...valid, taxAmount: '100.01' }, 'taxAmount'],
      [{ ...valid, taxAmount: '-1' }, 'taxAmount'],
      [{ ...valid, paymentMethod: 'bitcoin' }, 'paymentMethod'],
      [{ ...valid, categoryConfidence: 1.5 }, 'categoryConfidence'],
      [{ ...valid, isReimbursable: 'no' }, 'isReimbursable'],
      [{ ...valid, extra: 1 }, 'extra'],
    ];
    for (const [body, field, message] of cases) {
      for (const res of [await c.post('/api/expenses', body), await c.put(`/api/expenses/${existing.id}`, body)]) {
        expect([res.status, res.json.issues?.[0]?.path], JSON.stringify(body)).toEqual([400, field]);
        if (message) expect(res.json.issues[0].message).toBe(message);
      }
    }
    expect(await countTenantRows(stack.db, 'tax', me.organization.id)).toEqual(before);
    expect((await c.get(`/api/expenses/${existing.id}`)).json).toEqual(existing);
  });

  it('records how the category was chosen: user input, accepted suggestion, correction (also by a later edit)', async () => {
    const c = stack.client();
    await c.register();
    const cats = await categoriesByName(c);
    const own = await makeExpense(c, { categoryId: cats.Software!.id });
    expect([own.trainingSource, own.manualCategoryOverride]).toEqual(['user_input', false]);
    const accepted = await makeExpense(c, {
      categoryId: cats.Software!.id,
      suggestedCategoryId: cats.Software!.id,
      categoryConfidence: 0.87,
    });
    expect([accepted.trainingSource, accepted.manualCategoryOverride, accepted.categoryConfidence]).toEqual([
      'auto_categorization',
      false,
      0.87,
    ]);
    const corrected = await makeExpense(c, {
      categoryId: cats.Hardware!.id,
      suggestedCategoryId: cats.Software!.id,
      categoryConfidence: 0.55,
    });
    expect([corrected.trainingSource, corrected.manualCategoryOverride, corrected.suggestedCategoryId]).toEqual([
      'manual_correction',
      true,
      cats.Software!.id,
    ]);
    const rejected = await makeExpense(c, { suggestedCategoryId: cats.Software!.id });
    expect([rejected.trainingSource, rejected.manualCategoryOverride]).toEqual(['manual_correction', true]);

    // The edit form sends the expense without the suggestion: it is kept, and moving away from it is a correction.
    const body = { description: 'Office chair', amount: '120.00', date: '2026-03-10' };
    const same = (await c.put(`/api/expenses/${accepted.id}`, { ...body, categoryId: cats.Software!.id, notes: 'kept' })).json as Expense;
    expect([same.trainingSource, same.suggestedCategoryId, same.categoryConfidence]).toEqual([
      'auto_categorization',
      cats.Software!.id,
      0.87,
    ]);
    const moved = (await c.put(`/api/expenses/${accepted.id}`, { ...body, categoryId: cats.Hardware!.id })).json as Expense;
    expect([moved.trainingSource, moved.manualCategoryOverride, moved.suggestedCategoryId]).toEqual([
      'manual_correction',
      true,
      cats.Software!.id,
    ]);
    const plain = (await c.put(`/api/expenses/${own.id}`, { ...body, categoryId: cats.Hardware!.id })).json as Expense;
    expect(plain.trainingSource).toBe('user_input');
  });

  it('flags possible duplicates (same amount, vendor any case and spacing, date) without refusing them', async () => {
    const c = stack.client();
    await c.register();
    const first = await makeExpense(c, { amount: '42', vendor: 'ACME Corp', date: '2026-04-01' });
    expect(first.possibleDuplicate).toBe(false);
    const twin = await makeExpense(c, { description: 'Other words', amount: '42.00', vendor: '  acme corp ', date: '2026-04-01' });
    expect(twin.possibleDuplicate).toBe(true);
    expect(twin.duplicateChecksum).toBe(first.duplicateChecksum);
    expect((await c.get(`/api/expenses/${first.id}`)).json.possibleDuplicate).toBe(true);
    const otherDay = await makeExpense(c, { amount: '42', vendor: 'ACME Corp', date: '2026-04-02' });
    expect(otherDay.possibleDuplicate).toBe(false);
    const otherTenant = stack.client();
    await otherTenant.register();
    expect((await makeExpense(otherTenant, { amount: '42', vendor: 'ACME Corp', date: '2026-04-01' })).possibleDuplicate).toBe(false);
    await c.delete(`/api/expenses/${twin.id}`);
    expect((await c.get(`/api/expenses/${first.id}`)).json.possibleDuplicate).toBe(false);
  });

  it('publishes created, updated and deleted (deleted: true) through the outbox, each the expense as it then was', async () => {
    const c = stack.client();
    const me = await c.register();
    const cats = await categoriesByName(c);
    const e = await makeExpense(c, { description: 'Evented', amount: '10', taxAmount: '1.50', categoryId: cats.Utilities!.id });
    await c.put(`/api/expenses/${e.id}`, { description: 'Evented 2', amount: '11', date: '2026-03-10' });
    await c.delete(`/api/expenses/${e.id}`);
    const mine = await waitFor(() => {
      const x = events.filter((ev) => ev.tenantId === me.organization.id);
      return x.length >= 3 && x;
    });
    const parsed = mine.map((ev) => [ev.subject, ExpenseEventData.parse(ev.data)] as const);
    expect(parsed.map(([s, d]) => [s, d.id, d.description, d.amount, d.taxAmount, d.categoryId, d.deleted])).toEqual([
      [ExpenseEvents.Created, e.id, 'Evented', '10.00', '1.50', cats.Utilities!.id, false],
      [ExpenseEvents.Updated, e.id, 'Evented 2', '11.00', '0.00', null, false],
      [ExpenseEvents.Deleted, e.id, 'Evented 2', '11.00', '0.00', null, true],
    ]);
  });
});
