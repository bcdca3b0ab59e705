import type { HttpClient } from '@billpoint/kit/testing';
import type { Invoice } from '@billpoint/proto';
import { makeCustomer, makeInvoice } from '../../../billing/test/support/factories.ts';

/** A signed-in tenant with a sent invoice of `rate` (one line), and its public token. */
export async function sentInvoice(c: HttpClient, o: { rate?: string; currency?: string; exchangeRate?: string } = {}) {
  const { organization } = await c.register();
  const customer = await makeCustomer(c, { email: 'payer@example.test' });
  const inv = await makeInvoice(c, customer.id, {
    invoice: { currency: o.currency ?? 'USD', ...(o.exchangeRate ? { exchangeRate: o.exchangeRate } : {}) },
    items: [{ description: 'Work', quantity: '1', rate: o.rate ?? '100.00' }],
    status: 'sent',
  });
  const full = (await c.get(`/api/invoices/${inv.id}`)).json as Invoice;
  return { tenantId: organization.id, invoice: full, token: full.publicToken! };
}
