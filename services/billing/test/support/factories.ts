import type { HttpClient } from '@billpoint/kit/testing';
import type { Customer, Invoice, InvoiceCreateBody } from '@billpoint/proto';

/** A customer of the signed-in tenant (through the gateway). */
export async function makeCustomer(c: HttpClient, overrides: Record<string, unknown> = {}): Promise<Customer> {
  const n = Math.random().toString(36).slice(2, 8);
  const res = await c.post('/api/customers', { name: `Customer ${n}`, email: `c-${n}@example.test`, ...overrides });
  if (res.status !== 201) throw new Error(`customer create failed: ${res.status} ${res.text}`);
  return res.json as Customer;
}

export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export function invoiceBody(
  customerId: number,
  o: { invoice?: Partial<InvoiceCreateBody['invoice']>; items?: InvoiceCreateBody['items'] } = {},
): InvoiceCreateBody {
  return {
    invoice: { customerId, dueDate: inDays(30), ...o.invoice },
    items: o.items ?? [{ description: 'Consulting', quantity: '2', rate: '100.50' }],
  };
}

/** An invoice of the signed-in tenant; `status` other than draft is set through PUT as the edit form does. */
export async function makeInvoice(
  c: HttpClient,
  customerId: number,
  o: { invoice?: Partial<InvoiceCreateBody['invoice']>; items?: InvoiceCreateBody['items']; status?: Invoice['status'] } = {},
): Promise<Invoice> {
  const body = invoiceBody(customerId, o);
  const res = await c.post('/api/invoices', body);
  if (res.status !== 201) throw new Error(`invoice create failed: ${res.status} ${res.text}`);
  let inv = res.json as Invoice;
  if (o.status && o.status !== 'draft') {
    const put = await c.put(`/api/invoices/${inv.id}`, { customerId, status: o.status, items: body.items });
    if (put.status !== 200) throw new Error(`invoice update failed: ${put.status} ${put.text}`);
    inv = put.json as Invoice;
  }
  return inv;
}
