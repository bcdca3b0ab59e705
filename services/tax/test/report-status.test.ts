import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FinancialReportEvents, type FinancialReport } from '@billpoint/proto';
import { startLedgerStack, type LedgerStack } from './ledger-support.ts';

let s: LedgerStack;
beforeAll(async () => {
  s = await startLedgerStack();
});
afterAll(() => s?.close());

const Q3 = { period: 'current-quarter', startDate: '2026-07-01', endDate: '2026-09-30' };
const generate = async (tenant: string, type = 'vat_return') => {
  const res = await s.call(tenant, 'POST', '/api/financial-reports/generate', { type, ...Q3 });
  expect(res.status, res.body).toBe(201);
  return res.json as FinancialReport;
};
const patch = (tenant: string, id: number | string, body: unknown) => s.call(tenant, 'PATCH', `/api/financial-reports/${id}`, body);
const events = async (tenant: string) =>
  (
    await s.db.query<{ subject: string; status: string; filed: string | null }>(
      `select subject, payload->'data'->>'status' as status, payload->'data'->>'filedAt' as filed
         from tax.outbox where tenant_id = $1 and subject like 'evt.tax.financial-report.%' order by seq`,
      [tenant],
    )
  ).rows;

describe('a report marked filed, unfiled and archived', () => {
  it('stamps filedAt once, undoes it, archives, and emits one event per change with the report (without its figures)', async () => {
    const t = randomUUID();
    const r = await generate(t);
    expect([r.status, r.filedAt]).toEqual(['generated', null]);

    const filed = await patch(t, r.id, { status: 'filed' });
    expect(filed.status, filed.body).toBe(200);
    expect(filed.json.status).toBe('filed');
    expect(Date.parse(filed.json.filedAt)).toBeGreaterThanOrEqual(Date.parse(r.createdAt));
    expect(filed.json.reportData).toEqual(r.reportData); // the figures never change

    const again = await patch(t, r.id, { status: 'filed' });
    expect([again.status, again.json.filedAt]).toEqual([200, filed.json.filedAt]);

    const undone = await patch(t, r.id, { status: 'generated' });
    expect([undone.json.status, undone.json.filedAt]).toEqual(['generated', null]);
    await patch(t, r.id, { status: 'filed' });
    const archived = await patch(t, r.id, { status: 'archived' });
    expect(archived.json.status).toBe('archived');
    expect(archived.json.filedAt).not.toBeNull();
    expect((await s.call(t, 'GET', `/api/financial-reports/${r.id}`)).json).toEqual(archived.json);

    const ev = await events(t);
    expect(ev.map((e) => [e.subject, e.status])).toEqual([
      [FinancialReportEvents.Generated, 'generated'],
      [FinancialReportEvents.Updated, 'filed'],
      [FinancialReportEvents.Updated, 'generated'],
      [FinancialReportEvents.Updated, 'filed'],
      [FinancialReportEvents.Updated, 'archived'],
    ]);
    const { rows } = await s.db.query<{ p: Record<string, unknown> }>(
      `select payload->'data' as p from tax.outbox where tenant_id = $1 limit 1`,
      [t],
    );
    expect(rows[0]!.p).not.toHaveProperty('reportData');
    expect(rows[0]!.p).toMatchObject({ id: r.id, summary: r.reportData.summary, currency: r.reportData.currency });
  });

  it('refuses bad input naming the field, changes nothing; another tenant gets 404', async () => {
    const t = randomUUID();
    const r = await generate(t, 'sales_tax');
    for (const body of [{}, { status: 'draft' }, { status: 'FILED' }, { status: 'filed', filedAt: '2026-01-01' }, []]) {
      const res = await patch(t, r.id, body);
      expect([res.status, res.json.message], JSON.stringify(body)).toEqual([400, expect.stringMatching(/status|filedAt|object/i)]);
    }
    expect((await patch(t, 'abc', { status: 'filed' })).status).toBe(400);
    expect((await patch(t, 999_999_999, { status: 'filed' })).status).toBe(404);
    expect((await patch(randomUUID(), r.id, { status: 'filed' })).status).toBe(404);
    expect((await s.call(t, 'GET', `/api/financial-reports/${r.id}`)).json).toEqual(r);
    expect((await events(t)).length).toBe(1);
  });
});
