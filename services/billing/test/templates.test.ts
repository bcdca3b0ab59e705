import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TemplateDefaults, type Invoice, type InvoiceTemplate } from '@billpoint/proto';
import { startStack, type Stack } from '../../../gateway/test/support/stack.ts';
import { makeCustomer, makeInvoice } from './support/factories.ts';
import { makeTemplate } from './support/templates.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

const defaults = async (tenantId: string) =>
  (await stack.db.query<{ id: string }>(`select id from billing.invoice_templates where tenant_id = $1 and is_default`, [tenantId])).rows;

describe('invoice templates', () => {
  it('creates with every template default, the first one as the default; lists, gets, updates in part, duplicates and deletes', async () => {
    const c = stack.client();
    await c.register();
    const res = await c.post('/api/invoice-templates', { name: '  Standard  ' });
    expect(res.status).toBe(201);
    const t = res.json as InvoiceTemplate;
    const { isDefault: _d, ...rest } = TemplateDefaults;
    expect(t).toMatchObject({ ...rest, name: 'Standard', isDefault: true, customFields: {} });
    expect(t.watermarkOpacity).toBe(0.1);

    const second = await makeTemplate(c, { name: 'Modern blue', layout: 'modern', primaryColor: '#abc', fontFamily: 'Times New Roman' });
    expect(second).toMatchObject({ isDefault: false, layout: 'modern', primaryColor: '#AABBCC', fontFamily: 'Times New Roman' });

    const list = await c.get('/api/invoice-templates');
    expect(list.status).toBe(200);
    expect(list.headers.get('x-total-count')).toBe('2');
    expect((list.json as InvoiceTemplate[]).map((x) => x.name)).toEqual(['Standard', 'Modern blue']); // the default first
    expect((await c.get(`/api/invoice-templates/${second.id}`)).json).toEqual(second);

    // Fields left out keep their values.
    const put = await c.put(`/api/invoice-templates/${second.id}`, {
      watermarkText: 'DRAFT',
      watermarkOpacity: 0.25,
      customFields: { 'PO Number': 'PO-1' },
    });
    expect(put.status).toBe(200);
    expect(put.json).toMatchObject({
      name: 'Modern blue',
      layout: 'modern',
      watermarkText: 'DRAFT',
      watermarkOpacity: 0.25,
      customFields: { 'PO Number': 'PO-1' },
    });

    const dup = await c.post(`/api/invoice-templates/${second.id}/duplicate`);
    expect(dup.status).toBe(201);
    expect(dup.json).toMatchObject({
      name: 'Modern blue (Copy)',
      isDefault: false,
      layout: 'modern',
      watermarkText: 'DRAFT',
      customFields: { 'PO Number': 'PO-1' },
    });
    expect((dup.json as InvoiceTemplate).id).not.toBe(second.id);

    // A new default unsets the old; the default cannot be unset by itself.
    expect((await c.put(`/api/invoice-templates/${second.id}`, { isDefault: true })).json).toMatchObject({ isDefault: true });
    expect((await c.get(`/api/invoice-templates/${t.id}`)).json).toMatchObject({ isDefault: false });
    const keep = await c.put(`/api/invoice-templates/${second.id}`, { isDefault: false });
    expect(keep.status).toBe(400);
    expect(keep.json.issues).toEqual([
      { path: 'isDefault', message: 'This is the default template: make another template the default instead' },
    ]);

    // Deleting the default hands it to the oldest remaining template.
    expect((await c.delete(`/api/invoice-templates/${second.id}`)).status).toBe(204);
    expect((await c.get(`/api/invoice-templates/${second.id}`)).status).toBe(404);
    expect((await c.get(`/api/invoice-templates/${t.id}`)).json).toMatchObject({ isDefault: true });
    expect((await c.get('/api/invoice-templates')).json).toHaveLength(2);
  });

  it('refuses bad input with the template form messages and writes nothing', async () => {
    const c = stack.client();
    await c.register();
    await makeTemplate(c, { name: 'Kept' });
    const bad: [unknown, string, string][] = [
      [{}, 'name', 'Template name is required'],
      [{ name: '   ' }, 'name', 'Template name is required'],
      [{ name: 'x', layout: 'fancy' }, 'layout', 'Layout must be one of classic, modern, minimal, professional'],
      [{ name: 'x', logoPosition: 'top' }, 'logoPosition', 'Logo position must be one of left, center, right'],
      [{ name: 'x', logoSize: 'huge' }, 'logoSize', 'Logo size must be one of small, medium, large'],
      [{ name: 'x', fontSize: 12 }, 'fontSize', 'Font size must be one of small, medium, large'],
      [{ name: 'x', fontFamily: 'Comic Sans' }, 'fontFamily', 'Font must be one of Inter, Arial, Helvetica, Times New Roman'],
      [{ name: 'x', primaryColor: 'blue' }, 'primaryColor', 'Primary color must be a colour like #3B82F6'],
      [{ name: 'x', watermarkOpacity: 2 }, 'watermarkOpacity', 'Watermark opacity must be from 0 to 1'],
      [{ name: 'x', paymentTerms: 'thirty' }, 'paymentTerms', 'Payment terms must be a number of days'],
      [{ name: 'x', showCompanyLogo: 'yes' }, 'showCompanyLogo', 'showCompanyLogo must be true or false'],
      [{ name: 'x'.repeat(101) }, 'name', 'Template name must be at most 100 characters'],
      [{ name: 'x', notes: 'n'.repeat(5001) }, 'notes', 'Notes must be at most 5000 characters'],
      [{ name: 'x', logoUrl: 'https://evil.example/logo.png' }, 'logoUrl', 'Logo URL must be a logo uploaded with Upload Logo'],
      [{ name: 'x', logoUrl: `/api/logos/${'a'.repeat(43)}` }, 'logoUrl', 'Logo not found: upload the logo again'],
    ];
    for (const [body, path, message] of bad) {
      const res = await c.post('/api/invoice-templates', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.issues, JSON.stringify(body)).toContainEqual({ path, message });
    }
    const unknown = await c.post('/api/invoice-templates', { name: 'x', colour: '#fff' });
    expect(unknown.status).toBe(400);
    expect(unknown.json.issues[0].path).toBe('colour');
    expect((await c.post('/api/invoice-templates', '[1,2]')).status).toBe(400);
    expect((await c.put('/api/invoice-templates/abc', { name: 'x' })).status).toBe(400);
    expect((await c.get('/api/invoice-templates')).json).toHaveLength(1);
  });

  it("answers 404 for another tenant's template and never changes it", async () => {
    const a = stack.client();
    await a.register();
    const secret = await makeTemplate(a, { name: 'Secret look' });
    const b = stack.client();
    await b.register();
    expect((await b.get(`/api/invoice-templates/${secret.id}`)).status).toBe(404);
    expect((await b.put(`/api/invoice-templates/${secret.id}`, { name: 'Hijack', isDefault: true })).status).toBe(404);
    expect((await b.post(`/api/invoice-templates/${secret.id}/duplicate`)).status).toBe(404);
    expect((await b.delete(`/api/invoice-templates/${secret.id}`)).status).toBe(404);
    expect((await b.get('/api/invoice-templates')).json).toEqual([]);
    expect((await a.get(`/api/invoice-templates/${secret.id}`)).json).toEqual(secret);
  });

  it('keeps exactly one default while many "make default" calls and first creates race', async () => {
    const c = stack.client();
    const me = await c.register();
    // Two first templates at once: one of them is the default.
    await Promise.all([makeTemplate(c, { name: 'First A' }), makeTemplate(c, { name: 'First B' })]);
    expect(await defaults(me.organization.id)).toHaveLength(1);
    const more = await Promise.all(Array.from({ length: 6 }, (_, i) => makeTemplate(c, { name: `T${i}` })));
    const calls = Array.from({ length: 24 }, (_, i) => c.put(`/api/invoice-templates/${more[i % more.length]!.id}`, { isDefault: true }));
    const answers = await Promise.all(calls);
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => 200)); // no deadlock, no conflict
    const rows = await defaults(me.organization.id);
    expect(rows).toHaveLength(1);
    const list = (await c.get('/api/invoice-templates')).json as InvoiceTemplate[];
    expect(list.filter((t) => t.isDefault).map((t) => t.id)).toEqual([Number(rows[0]!.id)]);
    // Deleting every template while making others default: never two, never none while any is left.
    await Promise.all(
      list.map((t, i) =>
        i % 2 ? c.delete(`/api/invoice-templates/${t.id}`) : c.put(`/api/invoice-templates/${t.id}`, { isDefault: true }),
      ),
    );
    const left = (await c.get('/api/invoice-templates')).json as InvoiceTemplate[];
    expect(left.filter((t) => t.isDefault)).toHaveLength(1);
  });

  it('gives invoices a template of their tenant: stored, changed, cleared, refused from another tenant, unset when deleted', async () => {
    const c = stack.client();
    await c.register();
    const cust = await makeCustomer(c);
    const t1 = await makeTemplate(c, { name: 'One' });
    const t2 = await makeTemplate(c, { name: 'Two', layout: 'minimal' });
    const inv = await makeInvoice(c, cust.id, { invoice: { templateId: t1.id } });
    expect(inv.templateId).toBe(t1.id);
    expect(((await c.get(`/api/invoices/${inv.id}`)).json as Invoice).templateId).toBe(t1.id);
    const items = [{ description: 'Work', quantity: '1', rate: '10' }];
    const put = await c.put(`/api/invoices/${inv.id}`, { customerId: cust.id, templateId: t2.id, items });
    expect((put.json as Invoice).templateId).toBe(t2.id);
    // Left out: kept.
    expect(((await c.put(`/api/invoices/${inv.id}`, { customerId: cust.id, items })).json as Invoice).templateId).toBe(t2.id);

    const other = stack.client();
    await other.register();
    const foreign = await makeTemplate(other, { name: 'Foreign' });
    const refused = await c.post('/api/invoices', {
      invoice: { customerId: cust.id, dueDate: inv.dueDate, templateId: foreign.id },
      items,
    });
    expect(refused.status).toBe(400);
    expect(refused.json.issues).toEqual([{ path: 'invoice.templateId', message: 'Template not found' }]);
    const refusedPut = await c.put(`/api/invoices/${inv.id}`, { customerId: cust.id, templateId: foreign.id, items });
    expect(refusedPut.status).toBe(400);
    expect(refusedPut.json.issues).toEqual([{ path: 'templateId', message: 'Template not found' }]);

    expect((await c.delete(`/api/invoice-templates/${t2.id}`)).status).toBe(204);
    expect(((await c.get(`/api/invoices/${inv.id}`)).json as Invoice).templateId).toBeNull();
    const none = await makeInvoice(c, cust.id);
    expect(none.templateId).toBeNull();
  });
});
