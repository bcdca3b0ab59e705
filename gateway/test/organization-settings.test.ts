import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice, OrganizationSettings } from '@billpoint/proto';
import { waitFor } from '@billpoint/kit/testing';
import { startStack, type Stack } from './support/stack.ts';
import { makeCustomer, makeInvoice } from '../../services/billing/test/support/factories.ts';
import { fetchBytes, pdfText } from '../../services/billing/test/support/pdf.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

describe('organization settings', () => {
  it('answers defaults, validates with the form messages, saves (admins), and billing takes the seller block and the prefix', async () => {
    const c = stack.client();
    const { organization } = await c.register({ organizationName: 'Acme Ltd' });
    expect((await c.get('/api/organization-settings')).json as OrganizationSettings).toMatchObject({
      organizationName: 'Acme Ltd',
      companyName: 'Acme Ltd',
      defaultCurrency: 'USD',
      defaultLanguage: 'en',
      timezone: 'UTC',
      invoicePrefix: 'INV',
      billingAddress: { address: null, phone: null, email: null, taxId: null },
    });
    const bad = await c.post('/api/organization-settings', {
      companyName: ' ',
      companyWebsite: 'not a site',
      companyEmail: 'x@',
      timezone: 'Mars/Base',
    });
    expect(bad.status).toBe(400);
    expect(Object.fromEntries((bad.json.issues as { path: string; message: string }[]).map((i) => [i.path, i.message]))).toMatchObject({
      companyName: 'Company name is required',
      companyWebsite: 'Please enter a valid website URL',
    });
    expect((await c.get('/api/organization-settings')).json.companyName).toBe('Acme Ltd'); // nothing written

    const customer = await makeCustomer(c);
    const first = await makeInvoice(c, customer.id);
    expect(first.invoiceNumber).toBe('INV-0001');
    const saved = await c.post('/api/organization-settings', {
      companyName: 'Acme Trading GmbH',
      companyEmail: 'billing@acme.example',
      companyWebsite: 'www.acme.example/about',
      timezone: 'Europe/Paris',
      invoicePrefix: 'ACME',
      billingAddress: { address: 'Hauptstraße 1, Zürich', phone: '+41 44 000 00 00', taxId: 'CHE-123.456.789' },
    });
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ organizationName: 'Acme Trading GmbH', invoicePrefix: 'ACME', timezone: 'Europe/Paris' });
    await waitFor(async () => ((await c.get('/api/invoices/next-number')).json as { invoiceNumber: string }).invoiceNumber === 'ACME-0001');
    const acme = await makeInvoice(c, customer.id);
    expect(acme.invoiceNumber).toBe('ACME-0001');
    const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const text = await pdfText((await fetchBytes(`${stack.url}/api/invoices/${acme.id}/pdf`, { cookie })).body);
    for (const s of ['Acme Trading GmbH', 'Hauptstraße 1, Zürich', '+41 44 000 00 00', 'billing@acme.example', 'Tax ID: CHE-123.456.789'])
      expect(text).toContain(s);
    const tz = await stack.db.query(`select timezone from billing.organizations where tenant_id = $1`, [organization.id]);
    expect(tz.rows[0]?.timezone).toBe('Europe/Paris');

    // Back to INV: its own sequence goes on, gap-free per prefix.
    await c.post('/api/organization-settings', { companyName: 'Acme Trading GmbH', invoicePrefix: 'INV' });
    await waitFor(async () => ((await c.get('/api/invoices/next-number')).json as { invoiceNumber: string }).invoiceNumber === 'INV-0002');
    expect(((await makeInvoice(c, customer.id)) as Invoice).invoiceNumber).toBe('INV-0002');
  });

  it('needs a session', async () => {
    const anon = stack.client();
    expect((await anon.get('/api/organization-settings')).status).toBe(401);
    expect((await anon.post('/api/organization-settings', { companyName: 'x' })).status).toBe(401);
  });
});
