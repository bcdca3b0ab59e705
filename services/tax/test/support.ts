import type { HttpClient } from '@billpoint/kit/testing';
import type { Bus, Subscription } from '@billpoint/kit';
import type { Expense, ExpenseBody, ExpenseCategory, TaxRate, TaxRateBody } from '@billpoint/proto';

/** A tax rate of the signed-in tenant (through the gateway). */
export async function makeTaxRate(c: HttpClient, o: Partial<TaxRateBody> = {}): Promise<TaxRate> {
  const res = await c.post('/api/tax-rates', { name: 'VAT', jurisdiction: 'UK', rate: '20', type: 'vat', startDate: '2024-01-01', ...o });
  if (res.status !== 201) throw new Error(`tax rate create failed: ${res.status} ${res.text}`);
  return res.json as TaxRate;
}

/** An expense of the signed-in tenant. */
export async function makeExpense(c: HttpClient, o: Partial<ExpenseBody> = {}): Promise<Expense> {
  const res = await c.post('/api/expenses', { description: 'Office chair', amount: '120.00', date: '2026-03-10', ...o });
  if (res.status !== 201) throw new Error(`expense create failed: ${res.status} ${res.text}`);
  return res.json as Expense;
}

/** The tenant's active categories by name. */
export async function categoriesByName(c: HttpClient): Promise<Record<string, ExpenseCategory>> {
  const res = await c.get('/api/expense-categories');
  if (res.status !== 200) throw new Error(`categories failed: ${res.status} ${res.text}`);
  return Object.fromEntries((res.json as ExpenseCategory[]).map((x) => [x.name, x]));
}

export interface SeenEvent {
  subject: string;
  id: string;
  tenantId: string;
  data: Record<string, unknown>;
}

/** Records every event on `subject` (NATS wildcards) as the bus delivers it. */
export async function observeEvents(bus: Bus, durable: string, subject: string): Promise<{ seen: SeenEvent[]; sub: Subscription }> {
  const seen: SeenEvent[] = [];
  const sub = await bus.subscribe({ durable, subject }, async (m) => {
    const env = m.data as { id: string; tenantId: string; data: Record<string, unknown> };
    seen.push({ subject: m.subject, id: env.id, tenantId: env.tenantId, data: env.data });
  });
  return { seen, sub };
}

/** POST /api/expenses/receipts as the browser sends it: multipart/form-data with the file in `field`. */
export async function uploadReceipt(
  c: HttpClient,
  bytes: Uint8Array,
  o: { type?: string; filename?: string; field?: string } = {},
): Promise<{ status: number; json: any; text: string }> {
  const form = new FormData();
  form.append(
    o.field ?? 'receipt',
    new Blob([new Uint8Array(bytes)], { type: o.type ?? 'application/octet-stream' }),
    o.filename ?? 'receipt',
  );
  const res = await fetch(new URL('/api/expenses/receipts', c.base), {
    method: 'POST',
    headers: { 'x-requested-with': 'XMLHttpRequest', cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    body: form,
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, json, text };
}

/** A small valid one-page PDF. */
export const TINY_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 100]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);
