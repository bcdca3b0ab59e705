import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '@billpoint/kit/testing';
import type { CreditNote, ErrorBody, Invoice } from '@billpoint/proto';
import { startStack, type Stack } from '../../../gateway/test/support/stack.ts';
import { makeCustomer, makeInvoice } from './support/factories.ts';
import { getInvoice, issuedInvoice, makeCreditNote, postCreditNote } from './support/credit-notes.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

/** A signed-in tenant of its own and one of its customers. */
async function tenant(): Promise<{ c: HttpClient; customerId: number; tenantId: string }> {
  const c = stack.client();
  const me = await c.register();
  const customer = await makeCustomer(c, { name: 'Grace Hopper', email: 'grace@navy.test' });
  return { c, customerId: customer.id, tenantId: me.organization.id };
}

const issues = (res: { json: unknown }) => ((res.json as ErrorBody).issues ?? []).map((i) => [i.path, i.message]);

/** Invoice: 2 × 100.00 at 20 % + 1 × 50.00 at 10 % = 250.00 + 45.00 tax = 295.00. */
const TWO_RATES = [
  { description: 'Design', quantity: '2', rate: '100', taxRate: '20' },
  { description: 'Hosting', quantity: '1', rate: '50', taxRate: '10' },
];

describe('credit notes through the gateway', () => {
  it('credits lines of an issued invoice (numbered, taxed per line), lists them and lowers the balance', async () => {
    const { c, customerId } = await tenant();
    const inv = await issuedInvoice(c, customerId, { items: TWO_RATES });
    expect(inv).toMatchObject({ total: '295.00', balanceDue: '295.00', creditedAmount: '0.00', creditApplied: '0.00' });
    const design = inv.items!.find((it) => it.description === 'Design')!;

    const note = await makeCreditNote(c, {
      invoiceId: inv.id,
      reason: 'One design day was not delivered',
      resolution: 'reduce_balance',
      items: [{ invoiceItemId: design.id, description: 'Design (not delivered)', quantity: '1', rate: '100', taxRate: '99' }],
    });
    expect(note).toMatchObject({
      creditNoteNumber: 'CN-0001',
      invoiceId: inv.id,
      invoiceNumber: inv.invoiceNumber,
      invoiceIssueDate: inv.issueDate,
      customerId,
      customer: { name: 'Grace Hopper', email: 'grace@navy.test' },
      currency: 'USD',
      reason: 'One design day was not delivered',
      resolution: 'reduce_balance',
      subtotal: '100.00',
      taxAmount: '20.00', // the invoice line's 20 %, whatever percentage was sent
      total: '120.00',
      refundStatus: null,
      refundedAmount: '0.00',
      taxLines: [{ taxRateId: null, name: null, type: null, rate: '20.00', taxableAmount: '100.00', taxAmount: '20.00' }],
    });
    expect(note.items).toEqual([
      expect.objectContaining({ invoiceItemId: design.id, description: 'Design (not delivered)', amount: '100.00', taxAmount: '20.00' }),
    ]);
    expect(await getInvoice(c, inv.id)).toMatchObject({ creditedAmount: '120.00', balanceDue: '175.00', status: 'sent' });

    // An amount: 59.00 gross is 20 % of the invoice, so 9.00 of its 45.00 tax, split 40:5 across its rates.
    const byAmount = await makeCreditNote(c, { invoiceId: inv.id, reason: 'Goodwill', resolution: 'reduce_balance', amount: '59' });
    expect(byAmount).toMatchObject({ creditNoteNumber: 'CN-0002', subtotal: '50.00', taxAmount: '9.00', total: '59.00' });
    expect(byAmount.taxLines.map((l) => [l.rate, l.taxableAmount, l.taxAmount])).toEqual([
      ['20.00', '40.00', '8.00'],
      ['10.00', '10.00', '1.00'],
    ]);

    const over = await postCreditNote(c, { invoiceId: inv.id, reason: 'Too much', resolution: 'reduce_balance', amount: '116.01' });
    expect(over.status).toBe(400);
    expect(issues(over)).toEqual([['amount', 'Credit notes cannot exceed the invoice total: 116.00 USD left']]);

    expect((await c.get(`/api/credit-notes/${note.id}`)).json).toEqual(note);
    const list = await c.get(`/api/credit-notes?invoiceId=${inv.id}`);
    expect(list.headers.get('x-total-count')).toBe('2');
    expect((list.json as CreditNote[]).map((n) => n.creditNoteNumber)).toEqual(['CN-0002', 'CN-0001']);
    expect(list.json as CreditNote[]).not.toContainEqual(expect.objectContaining({ items: expect.anything() }));
    expect((await c.get(`/api/credit-notes?customerId=${customerId}&limit=1&offset=1`)).json).toMatchObject([
      { creditNoteNumber: 'CN-0001' },
    ]);
    expect((await c.get(`/api/credit-notes?pagination=cursor&limit=1`)).headers.get('x-has-more')).toBe('true');
    const ofInvoice = (await c.get(`/api/invoices/${inv.id}/credit-notes`)).json as CreditNote[];
    expect(ofInvoice.map((n) => [n.creditNoteNumber, n.total])).toEqual([
      ['CN-0001', '120.00'],
      ['CN-0002', '59.00'],
    ]);
    expect((await c.get('/api/invoices/999999999/credit-notes')).status).toBe(404);
    expect((await c.get('/api/credit-notes/999999999')).status).toBe(404);
    expect(await getInvoice(c, inv.id)).toMatchObject({ creditedAmount: '179.00', balanceDue: '116.00' });
  });

  it('refuses what a credit note may not be: 400s naming the field, 409 for an invoice not issued', async () => {
    const { c, customerId } = await tenant();
    const inv = await issuedInvoice(c, customerId, { items: TWO_RATES });
    const body = { invoiceId: inv.id, reason: 'Wrong', resolution: 'reduce_balance' as const };
    const cases: [Record<string, unknown>, [string, string][]][] = [
      [{ ...body, reason: ' ', amount: '1' }, [['reason', 'Reason is required']]],
      [{ ...body, reason: 'x'.repeat(501), amount: '1' }, [['reason', 'Reason must be at most 500 characters']]],
      [{ ...body }, [['items', 'Give either the lines to credit (items) or an amount']]],
      [
        { ...body, amount: '1', items: [{ description: 'A', quantity: '1', rate: '1' }] },
        [['amount', 'Give either items or amount, not both']],
      ],
      [{ ...body, resolution: 'discount', amount: '1' }, [['resolution', 'Resolution must be one of reduce_balance, refund, credit']]],
      [{ ...body, amount: '-5' }, [['amount', 'Amount must be a positive amount with at most 3 decimals']]],
      [{ ...body, invoiceId: 999999999, amount: '1' }, [['invoiceId', 'Invoice not found']]],
      [
        { ...body, items: [{ invoiceItemId: 999999999, description: 'A', quantity: '1', rate: '1' }] },
        [['items.0.invoiceItemId', `This is not a line of invoice ${inv.invoiceNumber}`]],
      ],
      [
        { ...body, items: [{ description: 'A', quantity: '1', rate: '1', taxRate: '7' }] },
        [['items.0.taxRate', `Tax must be one that invoice ${inv.invoiceNumber} uses: 20.00%, 10.00%`]],
      ],
      [
        { ...body, items: [{ invoiceItemId: inv.items![1]!.id, description: 'Hosting', quantity: '2', rate: '50' }] },
        [['items.0.quantity', 'A credit line cannot exceed the invoice line it corrects: 50.00 USD']],
      ],
      [
        { ...body, resolution: 'refund', amount: '1' },
        [['amount', 'A credit note that refunds cannot exceed the money paid on the invoice and not given back yet: 0.00 USD']],
      ],
      [
        { ...body, resolution: 'credit', amount: '1' },
        [
          [
            'amount',
            'A credit note that becomes customer credit cannot exceed the money paid on the invoice and not given back yet: 0.00 USD',
          ],
        ],
      ],
    ];
    for (const [input, expected] of cases) {
      const res = await postCreditNote(c, input);
      expect(res.status, JSON.stringify(input).slice(0, 120)).toBe(400);
      expect(issues(res)).toEqual(expected);
    }
    const yen = await issuedInvoice(c, customerId, {
      invoice: { currency: 'JPY', exchangeRate: '0.0067' },
      items: [{ description: 'Work', quantity: '1', rate: '1000' }],
    });
    const fraction = await postCreditNote(c, { ...body, invoiceId: yen.id, amount: '10.50' });
    expect(issues(fraction)).toEqual([['amount', 'Amount must be a whole number of JPY']]);
    expect((await postCreditNote(c, { ...body, invoiceId: yen.id, amount: '10' })).status).toBe(201);
    const draft = await makeInvoice(c, customerId);
    const res = await postCreditNote(c, { ...body, invoiceId: draft.id, amount: '1' });
    expect(res.status).toBe(409);
    expect((res.json as ErrorBody).message).toBe(`Invoice ${draft.invoiceNumber} is a draft: only an issued invoice can be credited`);
    expect((await c.post(`/api/invoices/${inv.id}/void`)).status).toBe(200);
    expect((await postCreditNote(c, { ...body, amount: '1' })).status).toBe(409);
    // Nothing half-written: the yen note is the only one.
    expect(((await c.get('/api/credit-notes')).json as CreditNote[]).map((n) => n.invoiceId)).toEqual([yen.id]);
  });

  it('numbers 50 concurrent credit notes CN-0001…CN-0050, distinct and consecutive', async () => {
    const { c, customerId } = await tenant();
    const invoices: Invoice[] = [];
    for (let i = 0; i < 5; i++)
      invoices.push(await issuedInvoice(c, customerId, { items: [{ description: 'Work', quantity: '1', rate: '100' }] }));
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        postCreditNote(c, { invoiceId: invoices[i % 5]!.id, reason: `Part ${i}`, resolution: 'reduce_balance', amount: '1.50' }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(201));
    const numbers = results.map((r) => (r.json as CreditNote).creditNoteNumber).sort();
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => `CN-${String(i + 1).padStart(4, '0')}`));
    for (const inv of invoices) expect(await getInvoice(c, inv.id)).toMatchObject({ creditedAmount: '15.00', balanceDue: '85.00' });
  });

  it('never lets 20 concurrent credit notes of one invoice exceed its total: 10 fit, 10 are refused naming what is left', async () => {
    const { c, customerId } = await tenant();
    const inv = await issuedInvoice(c, customerId, { items: [{ description: 'Work', quantity: '1', rate: '100' }] });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        postCreditNote(c, { invoiceId: inv.id, reason: `Race ${i}`, resolution: 'reduce_balance', amount: '10' }),
      ),
    );
    const ok = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status === 400);
    expect([ok.length, refused.length]).toEqual([10, 10]);
    for (const r of refused)
      expect(issues(r)[0]).toEqual([
        'amount',
        expect.stringMatching(
          /^(Credit notes cannot exceed the invoice total|A credit note that reduces the balance cannot exceed the balance due)/,
        ),
      ]);
    expect(await getInvoice(c, inv.id)).toMatchObject({ creditedAmount: '100.00', balanceDue: '0.00', status: 'credited' }); // credited in full: nothing was paid
    const again = await postCreditNote(c, { invoiceId: inv.id, reason: 'One more', resolution: 'reduce_balance', amount: '0.01' });
    expect(issues(again)).toEqual([['amount', 'Credit notes cannot exceed the invoice total: 0.00 USD left']]);
  });

  it('the database refuses credit notes above the invoice total whatever writes them (deferred constraint trigger)', async () => {
    const { c, customerId, tenantId } = await tenant();
    const inv = await issuedInvoice(c, customerId, { items: [{ description: 'Work', quantity: '1', rate: '100' }] });
    await makeCreditNote(c, { invoiceId: inv.id, reason: 'Half', resolution: 'reduce_balance', amount: '50' });
    const insert = (total: string) =>
      stack.db.query(
        `insert into billing.credit_notes (tenant_id, credit_note_number, invoice_id, customer_id, currency, reason, resolution, subtotal, tax_amount, total)
         values ($1, $2, $3, $4, 'USD', 'Direct', 'reduce_balance', $5, 0, $5)`,
        [tenantId, `CN-X${total}`, inv.id, customerId, total],
      );
    await expect(insert('50.01')).rejects.toThrow(/exceed the total/);
    await expect(insert('50.00')).resolves.toMatchObject({ rowCount: 1 });
    // Lowering the invoice's total below its credit notes is refused too (and by billing first, naming the field).
    await expect(stack.db.query(`update billing.invoices set total = 99 where id = $1`, [inv.id])).rejects.toThrow(/exceed the total/);
    const put = await c.put(`/api/invoices/${inv.id}`, {
      customerId,
      status: 'sent',
      items: [{ description: 'Work', quantity: '1', rate: '99' }],
    });
    expect(put.status).toBe(400);
    expect(issues(put)).toEqual([['items', 'The invoice total cannot be less than its credit notes: 100.00 USD']]);
    const back = await c.put(`/api/invoices/${inv.id}`, {
      customerId,
      status: 'draft',
      items: [{ description: 'Work', quantity: '1', rate: '100' }],
    });
    expect(issues(back)).toEqual([['status', 'An invoice with credit notes or customer credit applied cannot go back to draft']]);
    const del = await c.delete(`/api/invoices/${inv.id}`);
    expect(del.status).toBe(409);
  });
});
