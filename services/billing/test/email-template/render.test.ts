import { describe, expect, it } from 'vitest';
import { EmailTemplateTypes, type EmailTemplateInput } from '@billpoint/proto';
import { AppError } from '@billpoint/kit';
import { renderTemplate, safeLink, type TemplateValue } from '../../src/modules/email-template/render.ts';
import { defaultTemplate } from '../../src/modules/email-template/defaults.ts';
import { fromHeader, portalLink, type OrganizationBrand } from '../../src/modules/readmodel/organization.ts';
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

/** An organization as billing's read model holds it (Acme, with a portal address, not white-label). */
const acme = (o: Partial<OrganizationBrand> = {}): OrganizationBrand => ({
  name: 'Acme',
  email: null,
  logoUrl: null,
  whiteLabel: false,
  portalSlug: 'acme',
  customDomain: null,
  customDomainVerified: false,
  defaultLanguage: null,
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
    expect(out.html).toBe('<p>Ann &lt;b&gt;&amp; Co&lt;/b&gt;</p><a href="https://pay.example/pay/abc?x=1&amp;y=&quot;2&quot;">Pay</a>');
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

describe('the HTML part is cleaned after rendering', () => {
  const html = async (htmlContent: string, v: TemplateValue = values) => (await renderTemplate(body(htmlContent), v)).html;

  it('drops scripts, event handlers, script links, forms and frames, keeping the text around them', async () => {
    expect(await html('<p onclick="steal()">Hi<script>alert(1)</script></p><img src="https://cdn.example/a.png" onerror="x()">')).toBe(
      '<p>Hi</p><img src="https://cdn.example/a.png">',
    );
    expect(await html('<a href="javascript:alert(1)">a</a><a href=" JaVa&#9;script:alert(1)">b</a><a href="data:text/html,x">c</a>')).toBe(
      '<a>a</a><a>b</a><a>c</a>',
    );
    expect(
      await html(
        '<form action="https://evil.example/login"><input name="password"><button>Sign in</button>Log in</form><iframe src="https://x.example"></iframe>',
      ),
    ).toBe('Log in');
    expect(
      await html('<svg><script>1</script></svg><object data="x"></object><style>p{color:red}</style><p id="a" class="b" data-x="1">t</p>'),
    ).toBe('<p>t</p>');
  });

  it('keeps what an e-mail needs: formatting, lists, tables, http(s) and mailto links, https and cid images', async () => {
    const kept =
      '<h2>Title</h2><p><strong>a</strong> <em>b</em> <u>c</u><br></p><ul><li>one</li></ul>' +
      '<table width="600" cellpadding="4" border="0"><tbody><tr><th align="left">x</th><td bgcolor="#ffffff" colspan="2">y</td></tr></tbody></table>' +
      '<a href="https://a.example/x">w</a> <a href="mailto:billing@acme.test">m</a> <a href="#top">t</a>' +
      '<img src="https://cdn.example/logo.png" alt="Acme" width="120" height="40"><img src="cid:logo">';
    expect(await html(kept)).toBe(kept);
    expect(await html('<img src="data:image/png;base64,AAAA"><img src="http://plain.example/a.png"><a href="/relative">r</a>')).toBe(
      '<img><img><a>r</a>',
    );
  });

  it('keeps only the listed style properties, and none that loads anything', async () => {
    expect(
      await html(
        '<div style="font-family: Arial, sans-serif; color: #1f2937; position: fixed; top: 0; background: url(https://t.example/p.gif); padding: 10px">x</div>',
      ),
    ).toBe('<div style="font-family: Arial, sans-serif; color: #1f2937; padding: 10px">x</div>');
    expect(await html('<span style="background-image: u\\72l(https://t.example/p.gif); behavior: url(x.htc)">y</span>')).toBe(
      '<span>y</span>',
    );
  });

  it('lets `| raw` through unescaped only for the link variables', async () => {
    const v = { ...values, payLink: 'https://pay.example/pay/abc?x=1&y=2', customer: { name: '<b>x</b>' } };
    expect(await html('<p>{{ customer.name | raw }}</p>', v)).toBe('<p>&lt;b&gt;x&lt;/b&gt;</p>');
    expect(await html('<a href="{{ payLink | raw }}">Pay</a>', v)).toBe('<a href="https://pay.example/pay/abc?x=1&amp;y=2">Pay</a>');
    // A link with something appended, or another value under a link's name, is no link of ours.
    expect(await html('{{ payLink | append: "<i>" | raw }}', v)).toBe('https://pay.example/pay/abc?x=1&amp;y=2&lt;i&gt;');
    expect(await html('{% assign payLink = customer.name %}{{ payLink | raw }}', v)).toBe('&lt;b&gt;x&lt;/b&gt;');
    // The text part is plain text: the name as it is.
    expect((await renderTemplate(body('x', { textContent: '{{ customer.name | raw }}' }), v)).text).toBe('<b>x</b>');
  });

  it('leaves every default template as it was written (nothing of theirs is off the allow-list)', async () => {
    const org = acme();
    for (const type of EmailTemplateTypes) {
      const out = await renderTemplate(
        defaultTemplate(type, 'en'),
        sampleValues(type, org, 'https://app.test', 'https://app.test/portal/acme'),
      );
      expect(out.html).toContain('style="font-family: Arial, Helvetica, sans-serif; font-size: 14px; line-height: 1.5; color: #1f2937"');
      if (type === 'invoice')
        expect(out.html).toMatch(
          /<a href="https:\/\/app\.test\/pay\/sample" style="display: inline-block; padding: 10px 16px; background: #2563eb;/,
        );
    }
  });
});

describe('the defaults', () => {
  it('render for every type and language with the sample values, and never name the product', async () => {
    const org = acme({ whiteLabel: true });
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
    const org = acme();
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
    const org = acme({ portalSlug: null });
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
