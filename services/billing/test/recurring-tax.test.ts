import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  InvoiceEvents,
  percentOf,
  type Invoice,
  type InvoiceEventData,
  type RecurringInvoice,
  type RecurringRunResult,
  type TaxRate,
  type TaxRateBody,
  fromScaled,
  MAX_MONEY_MILLS,
} from '@billpoint/proto';
import type { HttpClient } from '@billpoint/kit/testing';
import { startStack, type Stack } from '../../../gateway/test/support/stack.ts';
import { lineTaxSql } from '../src/modules/recurring/recurring.lines.ts';
import { inDays, makeCustomer } from './support/factories.ts';
import { scheduleBody, todayUtc } from './support/recurring.ts';

/** The reference counts in cents, independently of the code's mills. */
const fromCents = (c: bigint) => fromScaled(c, 2);
const MAX_MONEY_CENTS = MAX_MONEY_MILLS / 10n;

/** Schedule lines taxed at the tenant's tax rates: checked with the real tax service, copied onto generated invoices. */
let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ env: { RECURRING_INTERVAL_MS: '3600000', REMINDERS_INTERVAL_MS: '3600000' } });
});
afterAll(() => stack?.close());

async function makeRate(c: HttpClient, o: Partial<TaxRateBody> = {}): Promise<TaxRate> {
  const body = { name: 'VAT 20%', jurisdiction: 'United Kingdom', rate: '20', type: 'vat', startDate: inDays(-365), ...o };
  const res = await c.post('/api/tax-rates', body);
  if (res.status !== 201) throw new Error(`tax rate create failed: ${res.status} ${res.text}`);
  return res.json as TaxRate;
}

async function tenant(name = 'Subscribed Ltd') {
  const c = stack.client();
  const me = await c.register({ organizationName: name });
  const customer = await makeCustomer(c);
  return { c, tenantId: me.organization.id, customerId: customer.id };
}

/** The invoice.created event of an invoice, as written to the outbox. */
async function createdEvent(tenantId: string, invoiceId: number): Promise<InvoiceEventData> {
  const rows = await stack.db.query<{ payload: { data: InvoiceEventData } }>(
    `select payload from billing.outbox where tenant_id = $1 and subject = $2 order by seq`,
    [tenantId, InvoiceEvents.Created],
  );
  const found = rows.rows.map((r) => r.payload.data).find((d) => d.id === invoiceId);
  if (!found) throw new Error(`no created event for invoice ${invoiceId}`);
  return found;
}

/** Everything of the tenant a schedule write could have touched. */
async function footprint(tenantId: string) {
  const q = async (sql: string) => (await stack.db.query(sql, [tenantId])).rows;
  return {
    schedules: await q(`select id, name, total, updated_at from billing.recurring_invoices where tenant_id = $1 order by id`),
    items: await q(`select id, tax_rate_id, tax_rate, tax_rate_name from billing.recurring_items where tenant_id = $1 order by id`),
    outbox: await q(`select id from billing.outbox where tenant_id = $1 order by seq`),
  };
}

const invoiceFigures = (inv: Invoice) => ({
  subtotal: inv.subtotal,
  taxRate: inv.taxRate,
  taxAmount: inv.taxAmount,
  discountAmount: inv.discountAmount,
  shippingAmount: inv.shippingAmount,
  total: inv.total,
  totalInBaseCurrency: inv.totalInBaseCurrency,
  items: inv.items!.map(({ id: _id, ...it }) => it),
});

describe('schedule lines with a tax rate', () => {
  it('generates invoices whose lines, tax and total equal those of the same invoice made by hand, events included', async () => {
    const { c, tenantId, customerId } = await tenant();
    const vat = await makeRate(c);
    const reduced = await makeRate(c, { name: 'VAT reduced 5%', rate: '5.00' });
    const lines = [
      { description: 'Design', quantity: '3', unitPrice: '33.33', taxRateId: vat.id }, // 99.99 → tax 19.998 → 20.00
      { description: 'Books', quantity: '1', unitPrice: '10.50', taxRateId: reduced.id }, // 0.525 → 0.53 (half up)
      { description: 'Hosting', quantity: '1.5', unitPrice: '0.99', taxRateId: vat.id }, // 1.49 → 0.298 → 0.30
      { description: 'No tax', quantity: '2', unitPrice: '7.50', taxRateId: null },
    ];
    const res = await c.post('/api/recurring-invoices', scheduleBody(customerId, { items: lines }));
    expect(res.status, res.text).toBe(201);
    const schedule = res.json as RecurringInvoice;
    expect(schedule.items.map((i) => [i.amount, i.taxRate, i.taxAmount, i.taxRateId, i.taxRateName, i.taxType])).toEqual([
      ['99.99', '20.00', '20.00', vat.id, 'VAT 20%', 'vat'],
      ['10.50', '5.00', '0.53', reduced.id, 'VAT reduced 5%', 'vat'],
      ['1.49', '20.00', '0.30', vat.id, 'VAT 20%', 'vat'],
      ['15.00', '0.00', '0.00', null, null, null],
    ]);
    expect(schedule.total).toBe('147.81'); // 126.98 + 20.83
    expect((await c.get(`/api/recurring-invoices/${schedule.id}`)).json).toEqual(schedule);

    const run = await c.post(`/api/recurring-invoices/${schedule.id}/run`);
    expect(run.status, run.text).toBe(200);
    const [made] = (run.json as RecurringRunResult).invoices;
    const generated = (await c.get(`/api/invoices/${made!.id}`)).json as Invoice;

    const byHand = await c.post('/api/invoices', {
      invoice: { customerId, dueDate: generated.dueDate },
      items: lines.map(({ unitPrice, ...it }) => ({ ...it, rate: unitPrice })),
    });
    expect(byHand.status, byHand.text).toBe(201);
    const hand = byHand.json as Invoice;
    expect(invoiceFigures(generated)).toEqual(invoiceFigures(hand));
    expect(generated).toMatchObject({ subtotal: '126.98', taxAmount: '20.83', total: '147.81', issueDate: todayUtc() });
    expect(generated.total).toBe(schedule.total);

    const [fromSchedule, fromHand] = [await createdEvent(tenantId, generated.id), await createdEvent(tenantId, hand.id)];
    expect(fromSchedule.taxLines).toEqual(fromHand.taxLines);
    expect(fromSchedule.taxLines).toEqual([
      { taxRateId: vat.id, name: 'VAT 20%', type: 'vat', rate: '20.00', taxableAmount: '101.48', taxAmount: '20.30' },
      { taxRateId: reduced.id, name: 'VAT reduced 5%', type: 'vat', rate: '5.00', taxableAmount: '10.50', taxAmount: '0.53' },
      { taxRateId: null, name: null, type: null, rate: '0.00', taxableAmount: '15.00', taxAmount: '0.00' },
    ]);
  });

  it('the scheduler rounds VAT once per rate, as an invoice made by hand does', async () => {
    const { c, tenantId, customerId } = await tenant();
    const reduced = await makeRate(c, { name: 'VAT reduced 5%', rate: '5.00' });
    const vat = await makeRate(c);
    const lines = [
      { description: 'Books', quantity: '1', unitPrice: '10.50', taxRateId: reduced.id },
      { description: 'Magazines', quantity: '1', unitPrice: '10.50', taxRateId: reduced.id },
      { description: 'Maps', quantity: '1', unitPrice: '10.50', taxRateId: reduced.id },
      { description: 'Design', quantity: '1', unitPrice: '33.33', taxRateId: vat.id },
    ];
    const res = await c.post('/api/recurring-invoices', scheduleBody(customerId, { items: lines }));
    expect(res.status, res.text).toBe(201);
    const schedule = res.json as RecurringInvoice;
    // 5 % of 31.50 = 1.575 → 1.58 once (not 3 × 0.53 = 1.59), shown on its lines 0.53 + 0.53 + 0.52; 20 % of 33.33 → 6.67.
    expect(schedule.items.map((i) => i.taxAmount)).toEqual(['0.53', '0.53', '0.52', '6.67']);
    expect(schedule.total).toBe('73.08'); // 64.83 + 8.25
    const run = await c.post(`/api/recurring-invoices/${schedule.id}/run`);
    expect(run.status, run.text).toBe(200);
    const [made] = (run.json as RecurringRunResult).invoices;
    const generated = (await c.get(`/api/invoices/${made!.id}`)).json as Invoice;
    expect(generated).toMatchObject({ subtotal: '64.83', taxAmount: '8.25', total: '73.08' });
    expect(generated.items!.map((i) => i.taxAmount)).toEqual(['0.53', '0.53', '0.52', '6.67']);
    const byHand = await c.post('/api/invoices', {
      invoice: { customerId, dueDate: generated.dueDate },
      items: lines.map(({ unitPrice, ...it }) => ({ ...it, rate: unitPrice })),
    });
    expect(invoiceFigures(generated)).toEqual(invoiceFigures(byHand.json as Invoice));
    const event = await createdEvent(tenantId, generated.id);
    expect(event.taxLines!.map((t) => [t.rate, t.taxableAmount, t.taxAmount])).toEqual([
      ['5.00', '31.50', '1.58'],
      ['20.00', '33.33', '6.67'],
    ]);
  });

  it('a schedule without rates is untaxed as before; an edit takes a rate as it is now', async () => {
    const { c, customerId } = await tenant();
    const plain = (await c.post('/api/recurring-invoices', scheduleBody(customerId))).json as RecurringInvoice;
    expect(plain.total).toBe('199.99');
    expect(plain.items.every((i) => i.taxRate === '0.00' && i.taxAmount === '0.00' && i.taxRateId === null)).toBe(true);
    const run = (await c.post(`/api/recurring-invoices/${plain.id}/run`)).json as RecurringRunResult;
    const inv = (await c.get(`/api/invoices/${run.invoices[0]!.id}`)).json as Invoice;
    expect(inv).toMatchObject({ subtotal: '199.99', taxAmount: '0.00', total: '199.99', totalInBaseCurrency: '199.99' });
    expect(inv.items!.every((i) => i.taxRate === '0.00' && i.taxAmount === '0.00' && i.taxRateName === null)).toBe(true);

    const gst = await makeRate(c, { name: 'GST 10%', rate: '10', type: 'gst' });
    const body = scheduleBody(customerId, { items: [{ description: 'Hosting', quantity: '1', unitPrice: '49.99', taxRateId: gst.id }] });
    const put = await c.put(`/api/recurring-invoices/${plain.id}`, body);
    expect(put.status, put.text).toBe(200);
    expect(put.json as RecurringInvoice).toMatchObject({
      total: '54.99', // 49.99 + 4.999 → 5.00
      items: [{ taxRate: '10.00', taxAmount: '5.00', taxRateId: gst.id, taxRateName: 'GST 10%', taxType: 'gst' }],
    });
  });

  it("refuses another tenant's rate, an unknown or inactive one, one not in force on the start date: 400 naming the line, nothing written", async () => {
    const { c, tenantId, customerId } = await tenant('Careful Co');
    const other = await tenant('Other Co');
    const foreign = await makeRate(other.c, { name: 'Theirs 19%', rate: '19' });
    const good = await makeRate(c);
    const inactive = await makeRate(c, { name: 'Paused 10%', rate: '10', isActive: false });
    const future = await makeRate(c, { name: 'VAT 21% from next year', rate: '21', startDate: inDays(400) });
    const kept = await c.post('/api/recurring-invoices', scheduleBody(customerId));
    expect(kept.status).toBe(201);
    const scheduleId = (kept.json as RecurringInvoice).id;
    const before = await footprint(tenantId);
    const cases: [number, RegExp][] = [
      [foreign.id, /^Tax rate not found$/],
      [987654321, /^Tax rate not found$/],
      [inactive.id, /not active/],
      [future.id, new RegExp(`applies from ${inDays(400)}, after the subscription's next invoice date \\(${todayUtc()}\\)`)],
    ];
    for (const [taxRateId, message] of cases) {
      const body = scheduleBody(customerId, {
        items: [
          { description: 'Fine', quantity: '1', unitPrice: '10', taxRateId: good.id },
          { description: 'Refused', quantity: '1', unitPrice: '10', taxRateId },
        ],
      });
      const issue = { issues: [{ path: 'items.1.taxRateId', message: expect.stringMatching(message) }] };
      const created = await c.post('/api/recurring-invoices', body);
      expect(created.status, created.text).toBe(400);
      expect(created.json).toMatchObject(issue);
      const updated = await c.put(`/api/recurring-invoices/${scheduleId}`, body);
      expect(updated.status, updated.text).toBe(400);
      expect(updated.json).toMatchObject(issue);
    }
    expect(
      (
        await c.post(
          '/api/recurring-invoices',
          scheduleBody(customerId, { items: [{ description: 'X', quantity: '1', unitPrice: '1', taxRateId: 0 }] }),
        )
      ).json,
    ).toMatchObject({
      issues: [{ path: 'items.0.taxRateId', message: 'Tax rate must be a tax rate id' }],
    });
    expect(await footprint(tenantId)).toEqual(before);
  });

  it('the SQL line tax (scheduler) equals proto percentOf (invoices) for any amount and percentage (property)', async () => {
    const amount = fc.oneof(fc.bigInt({ min: 0n, max: 1_000_000n }), fc.bigInt({ min: 0n, max: MAX_MONEY_CENTS }));
    const percent = fc.bigInt({ min: 0n, max: 10_000n });
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(amount, percent), { minLength: 1, maxLength: 200 }), async (pairs) => {
        const amounts = pairs.map(([a]) => fromCents(a));
        const rates = pairs.map(([, p]) => fromCents(p));
        const { rows } = await stack.db.query<{ tax: string }>(
          `select ${lineTaxSql('t.a', 't.r')}::text as tax from unnest($1::numeric(15,2)[], $2::numeric(5,2)[]) with ordinality t(a, r, n) order by n`,
          [amounts, rates],
        );
        expect(rows.map((r) => r.tax)).toEqual(amounts.map((a, i) => percentOf(a, rates[i]!)));
      }),
      // A tax of 10^12 or more, 4th–6th decimals 49|50+: numeric division (÷ 100) would round at 4 places first, then up.
      { numRuns: 40, examples: [[[[999_999_999_097_233n, 1751n]]]] },
    );
  });
});

describe('tax service down', () => {
  it('a schedule line naming a rate is answered 503 and nothing is written; lines without one still work', async () => {
    const { c, tenantId, customerId } = await tenant();
    const rate = await makeRate(c);
    const before = await footprint(tenantId);
    await stack.services.tax!.close();
    const body = scheduleBody(customerId, { items: [{ description: 'Taxed', quantity: '1', unitPrice: '10', taxRateId: rate.id }] });
    const res = await c.post('/api/recurring-invoices', body);
    expect(res.status, res.text).toBe(503);
    expect(await footprint(tenantId)).toEqual(before);
    expect((await c.post('/api/recurring-invoices', scheduleBody(customerId))).status).toBe(201);
  });
});
