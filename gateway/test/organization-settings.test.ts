import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice, OrganizationSettings, UploadLogoAnswer } from '@billpoint/proto';
import { waitFor } from '@billpoint/kit/testing';
import { startStack, type Stack } from './support/stack.ts';
import { makeCustomer, makeInvoice } from '../../services/billing/test/support/factories.ts';
import { fetchBytes, pdfText } from '../../services/billing/test/support/pdf.ts';
import { makePng } from '../../services/billing/test/support/images.ts';
import { uploadLogo } from '../../services/billing/test/support/templates.ts';

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
    // Numbers are given at issue: each invoice here is issued (sent) to take one.
    const first = await makeInvoice(c, customer.id, { status: 'sent' });
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
    const acme = await makeInvoice(c, customer.id, { status: 'sent' });
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
    expect(((await makeInvoice(c, customer.id, { status: 'sent' })) as Invoice).invoiceNumber).toBe('INV-0002');
  });

  it("takes as logo only one of the organization's own uploads: an external URL, another tenant's logo, javascript: or data: is a 400 naming logoUrl", async () => {
    const a = stack.client();
    await a.register({ organizationName: 'Logo A' });
    const b = stack.client();
    await b.register({ organizationName: 'Logo B' });
    const upload = async (c: typeof a) => {
      const res = await uploadLogo(c, makePng(), { type: 'image/png' });
      expect(res.status, res.text).toBe(201);
      return (res.json as UploadLogoAnswer).url;
    };
    const [own, theirs] = [await upload(a), await upload(b)];
    const saved = await a.post('/api/organization-settings', { companyName: 'Logo A', logoUrl: own });
    expect(saved.status, saved.text).toBe(200);
    expect((saved.json as OrganizationSettings).logoUrl).toBe(own);

    for (const logoUrl of [
      theirs, // was a 200: another tenant's key
      'https://evil.test/logo.png', // was a 400 only by luck of the old pattern; still refused
      '/api/logos/../../api/customers',
      `/api/logos/${'A'.repeat(43)}`, // the right form, nobody's key
      '/api/customers', // was a 200: any /api/ path
      `${own}?x=1`,
      'javascript:alert(1)',
      'data:image/png;base64,iVBORw0KGgo=',
      `//evil.test${own}`,
    ]) {
      const res = await a.post('/api/organization-settings', { companyName: 'Logo A', logoUrl });
      expect(res.status, `${logoUrl}: ${res.text}`).toBe(400);
      expect(
        res.json.issues.map((i: { path: string }) => i.path),
        logoUrl,
      ).toEqual(['logoUrl']);
    }
    expect(((await a.get('/api/organization-settings')).json as OrganizationSettings).logoUrl).toBe(own); // nothing written
    const cleared = await a.post('/api/organization-settings', { companyName: 'Logo A', logoUrl: null });
    expect((cleared.json as OrganizationSettings).logoUrl).toBeNull();
  });

  it('needs a session', async () => {
    const anon = stack.client();
    expect((await anon.get('/api/organization-settings')).status).toBe(401);
    expect((await anon.post('/api/organization-settings', { companyName: 'x' })).status).toBe(401);
  });
});
