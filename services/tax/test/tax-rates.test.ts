import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TaxMessages, TaxRateEvents, TaxRatesGetRpc, type TaxRate } from '@billpoint/proto';
import { countTenantRows, waitFor } from '@billpoint/kit/testing';
import { rpcCall, type Subscription } from '@billpoint/kit';
import { startStack, type Stack } from '../../../gateway/test/support/stack.ts';
import { makeTaxRate, observeEvents, type SeenEvent } from './support.ts';

let stack: Stack;
let events: SeenEvent[];
let sub: Subscription;
beforeAll(async () => {
  stack = await startStack({ bus: 'nats' });
  ({ seen: events, sub } = await observeEvents(stack.bus, 'test-tax-rate-events', 'evt.tax.tax-rate.*'));
});
afterAll(async () => {
  await sub?.stop();
  await stack?.close();
});

const today = () => new Date().toISOString().slice(0, 10);
const shift = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('tax rates', () => {
  it('creates (201, exact rate, defaults), lists newest first, ?active=true keeps the active ones valid today, edits, soft-deletes', async () => {
    const c = stack.client();
    await c.register();
    const res = await c.post('/api/tax-rates', {
      name: ' Sales tax ',
      jurisdiction: 'California',
      rate: 7.25,
      startDate: '2024-01-01',
      description: '',
      taxNumber: 'CA-123',
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      name: 'Sales tax',
      jurisdiction: 'California',
      rate: '7.25',
      type: 'sales_tax',
      isActive: true,
      startDate: '2024-01-01',
      endDate: null,
      description: null,
      taxNumber: 'CA-123',
    });
    const expired = await makeTaxRate(c, { name: 'Old VAT', startDate: '2020-01-01', endDate: '2020-12-31' });
    const future = await makeTaxRate(c, { name: 'Future GST', type: 'gst', rate: '5', startDate: shift(30) });
    const off = await makeTaxRate(c, { name: 'Off', rate: '0', isActive: false, startDate: '2024-01-01' });
    const endsToday = await makeTaxRate(c, { name: 'Ends today', rate: '100', startDate: today(), endDate: today() });

    const names = async (q = '') => ((await c.get(`/api/tax-rates${q}`)).json.taxRates as TaxRate[]).map((r) => r.name);
    expect(await names()).toEqual(['Ends today', 'Off', 'Future GST', 'Old VAT', 'Sales tax']);
    expect(await names('?active=true')).toEqual(['Ends today', 'Sales tax']);
    expect(await names('?active=false')).toHaveLength(5);
    expect((await c.get('/api/tax-rates?active=yes')).json.issues[0].path).toBe('active');

    const put = await c.put(`/api/tax-rates/${expired.id}`, {
      name: 'Old VAT',
      jurisdiction: 'UK',
      rate: '17.5',
      type: 'vat',
      startDate: '2020-01-01',
    });
    expect([put.status, put.json.rate, put.json.endDate]).toEqual([200, '17.50', null]);
    expect(await names('?active=true')).toEqual(['Ends today', 'Old VAT', 'Sales tax']);

    expect((await c.delete(`/api/tax-rates/${off.id}`)).status).toBe(204);
    expect(await names()).not.toContain('Off');
    expect((await c.delete(`/api/tax-rates/${off.id}`)).status).toBe(404);
    expect((await c.put(`/api/tax-rates/${off.id}`, { name: 'x', jurisdiction: 'y', rate: '1', startDate: '2024-01-01' })).status).toBe(
      404,
    );
    expect([future.type, endsToday.rate]).toEqual(['gst', '100.00']);
  });

  it('refuses bad input with the messages naming the field, and writes nothing', async () => {
    const c = stack.client();
    const me = await c.register();
    const valid = { name: 'VAT', jurisdiction: 'UK', rate: '20', type: 'vat', startDate: '2024-01-01' };
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ ...valid, name: '  ' }, 'name', TaxMessages.nameRequired],
      [{ ...valid, name: undefined }, 'name', TaxMessages.nameRequired],
      [{ ...valid, jurisdiction: '' }, 'jurisdiction', TaxMessages.jurisdictionRequired],
      [{ ...valid, rate: '' }, 'rate', TaxMessages.rateRequired],
      [{ ...valid, rate: undefined }, 'rate', TaxMessages.rateRequired],
      [{ ...valid, rate: '100.01' }, 'rate'],
      [{ ...valid, rate: 150 }, 'rate'],
      [{ ...valid, rate: '-1' }, 'rate'],
      [{ ...valid, rate: '7.255' }, 'rate'],
      [{ ...valid, type: 'luxury' }, 'type'],
      [{ ...valid, startDate: '' }, 'startDate', TaxMessages.startDateRequired],
      [{ ...valid, startDate: '2026-02-30' }, 'startDate'],
      [{ ...valid, endDate: '2023-12-31' }, 'endDate', 'End date must be on or after the start date'],
      [{ ...valid, isActive: 'yes' }, 'isActive'],
      [{ ...valid, extra: 1 }, 'extra'],
    ];
    for (const [body, field, message] of cases) {
      const res = await c.post('/api/tax-rates', JSON.parse(JSON.stringify(body)));
      expect([res.status, res.json.issues?.[0]?.path], JSON.stringify(body)).toEqual([400, field]);
      if (message) expect(res.json.issues[0].message).toBe(message);
    }
    const rate = await makeTaxRate(c);
    const bad = await c.put(`/api/tax-rates/${rate.id}`, { ...valid, rate: '101' });
    expect([bad.status, bad.json.issues[0].path]).toEqual([400, 'rate']);
    expect((await c.get('/api/tax-rates')).json.taxRates).toEqual([rate]);
    expect((await countTenantRows(stack.db, 'tax', me.organization.id)).tax_rates).toBe(1);
  });

  it('PATCH changes only the fields given, judges the result whole, and writes nothing when refused', async () => {
    const c = stack.client();
    const me = await c.register();
    const rate = await makeTaxRate(c, {
      name: 'VAT standard',
      description: 'Most goods',
      taxNumber: 'GB123456789',
      startDate: '2024-01-01',
      endDate: '2030-12-31',
      type: 'vat',
      isActive: false,
    });
    const res = await c.patch(`/api/tax-rates/${rate.id}`, { rate: '17.5' });
    expect(res.status).toBe(200);
    // Defaults of the create body (type, active) never fill what the patch left out.
    expect(res.json).toMatchObject({
      name: 'VAT standard',
      rate: '17.50',
      type: 'vat',
      isActive: false,
      description: 'Most goods',
      taxNumber: 'GB123456789',
      endDate: '2030-12-31',
      category: rate.category,
    });
    expect((await c.patch(`/api/tax-rates/${rate.id}`, { description: null })).json).toMatchObject({ description: null, rate: '17.50' });
    // The result is judged whole: an end before the kept start date names endDate; an unknown field is refused.
    const before = (await c.get(`/api/tax-rates/${rate.id}`)).json;
    for (const [body, field] of [
      [{ endDate: '2023-12-31' }, 'endDate'],
      [{ startDate: '2031-01-01' }, 'endDate'],
      [{ rate: '101' }, 'rate'],
      [{ name: '' }, 'name'],
      [{ colour: 'red' }, 'colour'],
    ] as const) {
      const bad = await c.patch(`/api/tax-rates/${rate.id}`, body);
      expect([bad.status, bad.json.issues?.[0]?.path], JSON.stringify(body)).toEqual([400, field]);
    }
    expect((await c.get(`/api/tax-rates/${rate.id}`)).json).toEqual(before);
    // Another organization's id is not found.
    const other = stack.client();
    await other.register();
    expect((await other.patch(`/api/tax-rates/${rate.id}`, { name: 'Hijack' })).status).toBe(404);
    // Nothing given: nothing changes, nothing is announced (the deletion after it is the next event).
    expect((await c.patch(`/api/tax-rates/${rate.id}`, {})).json).toEqual(before);
    await c.delete(`/api/tax-rates/${rate.id}`);
    const mine = await waitFor(() => {
      const e = events.filter((x) => x.tenantId === me.organization.id);
      return e.length >= 4 && e;
    });
    expect(mine.map((e) => [e.subject, e.data.rate, e.data.description])).toEqual([
      [TaxRateEvents.Created, '20.00', 'Most goods'],
      [TaxRateEvents.Updated, '17.50', 'Most goods'],
      [TaxRateEvents.Updated, '17.50', null],
      [TaxRateEvents.Deleted, '17.50', null],
    ]);
  });

  it('publishes created, updated and deleted through the outbox', async () => {
    const c = stack.client();
    const me = await c.register();
    const rate = await makeTaxRate(c, { name: 'Evented' });
    await c.put(`/api/tax-rates/${rate.id}`, { name: 'Evented 2', jurisdiction: 'UK', rate: '5', startDate: '2024-01-01' });
    await c.delete(`/api/tax-rates/${rate.id}`);
    const mine = await waitFor(() => {
      const e = events.filter((x) => x.tenantId === me.organization.id);
      return e.length >= 3 && e;
    });
    expect(mine.map((e) => [e.subject, e.data.name, e.data.rate, e.data.isActive])).toEqual([
      [TaxRateEvents.Created, 'Evented', '20.00', true],
      [TaxRateEvents.Updated, 'Evented 2', '5.00', true],
      [TaxRateEvents.Deleted, 'Evented 2', '5.00', false],
    ]);
  });

  it('answers rpc.tax.tax-rate.get with the tenant’s rates only, deleted ones inactive', async () => {
    const a = stack.client();
    const meA = await a.register();
    const b = stack.client();
    const meB = await b.register();
    const kept = await makeTaxRate(a, { name: 'Kept' });
    const gone = await makeTaxRate(a, { name: 'Gone' });
    await a.delete(`/api/tax-rates/${gone.id}`);
    const other = await makeTaxRate(b, { name: 'Other tenant' });

    const answer = await rpcCall(stack.bus, TaxRatesGetRpc, { tenantId: meA.organization.id, ids: [kept.id, gone.id, other.id, 999999] });
    expect(answer.map((r) => [r.id, r.name, r.isActive])).toEqual([
      [kept.id, 'Kept', true],
      [gone.id, 'Gone', false],
    ]);
    expect(await rpcCall(stack.bus, TaxRatesGetRpc, { tenantId: meB.organization.id, ids: [kept.id] })).toEqual([]);
    expect(await rpcCall(stack.bus, TaxRatesGetRpc, { tenantId: meB.organization.id, ids: [] })).toEqual([]);
  });
});
