import { describe, expect, it } from 'vitest';
import { EmailTemplateTypes, type EmailTemplateInput } from '@billpoint/proto';
import { AppError } from '@billpoint/kit';
import { renderTemplate, safeLink } from '../../src/modules/email-template/render.ts';
import { defaultTemplate } from '../../src/modules/email-template/defaults.ts';
import { fromHeader, portalLink } from '../../src/modules/readmodel/organization.ts';
import { mailLanguage, sampleValues } from '../../src/modules/email-template/variables.ts';

const values = {
  invoice: { number: 'INV-0001', total: '10.00 EUR' },
  customer: { name: 'Ann <b>& Co</b>', email: 'ann@example.test' },
  organization: { name: 'Acme', email: 'billing@acme.test' },
  payLink: 'https://pay.example/pay/abc?x=1&y="2"',
  portalLink: '',
};
const body = (htmlContent: string, o: Partial<EmailTemplateInput> = {}): EmailTemplateInput => ({
  subject: 'Invoice {{ invoice.number }}',
  htmlContent,
  textContent: 'Hello {{ customer.name }}',
  ...o,
});

/** The 400 of a template that does not parse or render: its field and Liquid's message. */
async function refusal(b: EmailTemplateInput) {
  try {
    await renderTemplate(b, values);
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    const e = err as AppError & { issues: { path: string; message: string }[] };
    expect(e.statusCode).toBe(400);
    return e.issues[0]!;
  }
  throw new Error('rendered');
}

describe('the sandbox', () => {
  it('reaches no prototype, no global and no constructor', async () => {
    const hostile = [
      '{{ "x".constructor }}',
      '{{ this }}',
      '{{ invoice.__proto__ }}',
      '{{ invoice.constructor }}',
      '{{ invoice.constructor.constructor }}',
      '{{ process.env }}',
      '{{ process.env.DATABASE_URL }}',
      '{{ global }}',
      '{{ globalThis.process }}',
      '{{ invoice.hasOwnProperty }}',
      '{{ invoice.toString }}',
      '{{ "x".__proto__.constructor }}',
    ];
    for (const h of hostile) {
      const out = await renderTemplate(body(`[${h}]`, { subject: `[${h}]`, textContent: `[${h}]` }), values);
      expect(out, h).toEqual({ subject: '[]', html: '[]', text: '[]' });
    }
  });

  it('refuses include, render and layout (no file is ever read) and names the field and the line', async () => {
    expect(await refusal(body("line one\n{% include '/etc/passwd' %}"))).toEqual({
      path: 'htmlContent',
      message: expect.stringMatching(/"include" tag is not allowed.*line:2/),
    });
    expect(await refusal(body('x', { textContent: "{% render 'package.json' %}" }))).toMatchObject({
      path: 'textContent',
      message: expect.stringContaining('"render" tag is not allowed'),
    });
    expect(await refusal(body('x', { subject: "{% layout '/etc/hosts' %}" }))).toMatchObject({
      path: 'subject',
      message: expect.stringContaining('"layout" tag is not allowed'),
    });
  });

  it('refuses unknown filters and unclosed tags at parse time', async () => {
    expect(await refusal(body('{{ "" | constructor }}'))).toMatchObject({
      path: 'htmlContent',
      message: expect.stringContaining('undefined filter: constructor'),
    });
    expect(await refusal(body('{% if invoice.number %}open'))).toMatchObject({
      path: 'htmlContent',
      message: expect.stringMatching(/not closed/),
    });
  });

  it('stops a template that would run away (render and memory limits)', async () => {
    const issue = await refusal(body('{% for i in (1..100000000) %}{{ i }}{% endfor %}'));
    expect(issue.path).toBe('htmlContent');
    expect(issue.message).toMatch(/limit exceeded/);
  });

  it('escapes values in the HTML part (links too, inside href) but not in the subject or text part', async () => {
    const out = await renderTemplate(
      body('<p>{{ customer.name }}</p><a href="{{ payLink }}">Pay</a>', { subject: 'For {{ customer.name }}' }),
      values,
    );
    expect(out.html).toBe('<p>Ann &lt;b&gt;&amp; Co&lt;/b&gt;</p><a href="https://pay.example/pay/abc?x=1&amp;y=&#34;2&#34;">Pay</a>');
    expect(out.subject).toBe('For Ann <b>& Co</b>');
    expect(out.text).toBe('Hello Ann <b>& Co</b>');
  });

  it('lets only http(s) links through', () => {
    expect(safeLink('https://a.example/x')).toBe('https://a.example/x');
    expect(safeLink('http://localhost:8080/pay/t')).toBe('http://localhost:8080/pay/t');
    expect(safeLink('javascript:alert(1)')).toBe('');
    expect(safeLink('data:text/html,<script>')).toBe('');
    expect(safeLink('/relative')).toBe('');
    expect(safeLink(null)).toBe('');
  });
});

describe('the defaults', () => {
  it('render for every type and language with the sample values, and never name the product', async () => {
    const org = {
      name: 'Acme',
      email: null,
      logoUrl: null,
      whiteLabel: true,
      portalSlug: 'acme',
      customDomain: null,
      customDomainVerified: false,
      defaultLanguage: null,
    };
    for (const type of EmailTemplateTypes)
      for (const language of ['en', 'de', 'fr', 'es']) {
        const out = await renderTemplate(
          defaultTemplate(type, language),
          sampleValues(type, org, 'http://app.test', 'http://app.test/portal/acme'),
        );
        expect(`${out.subject}${out.html}${out.text}`).not.toMatch(/billpoint/i);
        expect(out.subject).toContain('Acme');
        expect(out.text).toContain('Jane Doe');
      }
  });

  it('are German and French for invoice, reminder and payment_received; English otherwise', async () => {
    expect(defaultTemplate('invoice', 'de').subject).toBe('Rechnung {{ invoice.number }} von {{ organization.name }}');
    expect(defaultTemplate('payment_received', 'fr').subject).toBe('Reçu {{ receipt.number }} de {{ organization.name }}');
    expect(defaultTemplate('reminder', 'de').subject).toContain('Zahlungserinnerung');
    expect(defaultTemplate('welcome', 'de')).toBe(defaultTemplate('welcome', 'en'));
    expect(defaultTemplate('invoice', 'it')).toBe(defaultTemplate('invoice', 'en'));
  });

  it('invoice and reminder carry the portal link beside the pay link', async () => {
    const org = {
      name: 'Acme',
      email: null,
      logoUrl: null,
      whiteLabel: false,
      portalSlug: 'acme',
      customDomain: null,
      customDomainVerified: false,
      defaultLanguage: null,
    };
    for (const type of ['invoice', 'reminder'] as const) {
      const out = await renderTemplate(
        defaultTemplate(type, 'en'),
        sampleValues(type, org, 'http://app.test', portalLink(org, 'http://app.test')),
      );
      expect(out.text).toContain('http://app.test/pay/sample');
      expect(out.text).toContain('http://app.test/portal/acme');
      expect(out.html).toContain('href="http://app.test/portal/acme"');
    }
  });
});

describe('without a portal address', () => {
  it('the defaults leave the portal lines out (no empty "Customer portal:")', async () => {
    const org = {
      name: 'Acme',
      email: null,
      logoUrl: null,
      whiteLabel: false,
      portalSlug: null,
      customDomain: null,
      customDomainVerified: false,
      defaultLanguage: null,
    };
    for (const type of ['invoice', 'reminder', 'payment_received'] as const)
      for (const language of ['en', 'de', 'fr']) {
        const values = { ...(sampleValues(type, org, 'http://app.test', null) as object), portalLink: '' };
        const out = await renderTemplate(defaultTemplate(type, language), values);
        expect(out.text, `${type} ${language}`).not.toMatch(/portal|Kundenportal|espace client/i);
        expect(out.html).not.toContain('href=""');
        expect(out.text).not.toMatch(/\n\n\n/);
      }
  });
});

describe('branding helpers', () => {
  it('portal link: the verified custom domain, else the slug under the public URL', () => {
    expect(portalLink({ portalSlug: 'acme', customDomain: 'billing.acme.test', customDomainVerified: true }, 'http://app.test/')).toBe(
      'https://billing.acme.test/portal',
    );
    expect(portalLink({ portalSlug: 'acme', customDomain: 'billing.acme.test', customDomainVerified: false }, 'http://app.test/')).toBe(
      'http://app.test/portal/acme',
    );
    expect(portalLink({ portalSlug: null, customDomain: null, customDomainVerified: false }, 'http://app.test')).toBeNull();
  });

  it('From: "{org} via Billpoint", the organization alone when white-label', () => {
    const from = 'Billpoint <no-reply@billpoint.local>';
    expect(fromHeader({ name: 'Acme', whiteLabel: false }, from)).toBe('"Acme via Billpoint" <no-reply@billpoint.local>');
    expect(fromHeader({ name: 'Acme "A"', whiteLabel: true }, from)).toBe('"Acme \\"A\\"" <no-reply@billpoint.local>');
    expect(fromHeader({ name: null, whiteLabel: true }, 'no-reply@mail.test')).toBe('<no-reply@mail.test>');
  });

  it('language: the invoice’s when chosen, else the organization’s default, else English', () => {
    expect(mailLanguage('de', { defaultLanguage: 'fr' })).toBe('de');
    expect(mailLanguage('en', { defaultLanguage: 'fr' })).toBe('fr');
    expect(mailLanguage(null, { defaultLanguage: null })).toBe('en');
    expect(mailLanguage('xx', { defaultLanguage: 'zz' })).toBe('en');
  });
});
