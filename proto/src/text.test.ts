import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { z } from 'zod';
import { CustomerCreateBody } from './customer.ts';
import { InvoiceCreateBody } from './invoice/input.ts';
import { PortalProfileBody } from './portal/identity.ts';
import { OrganizationSettingsBody } from './settings.ts';
import { TemplateCreateBody } from './template.ts';
import { documentText, unprintableCharacter } from './text.ts';

const hex = (cp: number) => `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
const refusedPaths = (schema: z.ZodType, body: unknown) => {
  const r = schema.safeParse(body);
  return r.success ? [] : r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
};

describe('document text', () => {
  it('refuses every C0 control but tab, LF and CR, DEL, every C1 control, U+FFFE, U+FFFF and lone surrogates', () => {
    const refused = [
      ...Array.from({ length: 0x20 }, (_, i) => i).filter((i) => ![0x9, 0xa, 0xd].includes(i)),
      0x7f,
      ...Array.from({ length: 0x20 }, (_, i) => 0x80 + i),
      0xfffe,
      0xffff,
    ];
    for (const cp of refused) expect(unprintableCharacter(`a${String.fromCharCode(cp)}b`), hex(cp)).toBe(hex(cp));
    expect(unprintableCharacter('a\uD800b')).toBe('U+D800');
    expect(unprintableCharacter('a\uDFFF')).toBe('U+DFFF');
    expect(unprintableCharacter('\uDE00\uD83D')).toBe('U+DE00'); // a pair in the wrong order is two lone halves
  });

  it('keeps tab, line breaks, the neighbours of the surrogates, U+FFFD, astral characters and markup-like text', () => {
    for (const ok of [
      'Tab\there',
      'Line\r\nbreak\nand\rreturn',
      '\uD7FF\uE000',
      '\uFFFD',
      '😀 \u{10000} \u{10FFFF}',
      '&#0; & < ]]>',
      '\u00A0ä€',
    ])
      expect(unprintableCharacter(ok), JSON.stringify(ok)).toBeUndefined();
  });

  it('agrees with a code point check on any text', () => {
    const bad = (cp: number) =>
      (cp < 0x20 && ![0x9, 0xa, 0xd].includes(cp)) ||
      (cp >= 0x7f && cp <= 0x9f) ||
      cp === 0xfffe ||
      cp === 0xffff ||
      (cp >= 0xd800 && cp <= 0xdfff);
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 20 }), (s) => {
        // codePointAt walks pairs as one code point and a lone half as itself.
        const first = [...s].map((ch) => ch.codePointAt(0)!).find(bad);
        expect(unprintableCharacter(s)).toBe(first === undefined ? undefined : hex(first));
      }),
      { numRuns: 300 },
    );
  });

  it('names the label and the character in a check on the field itself', () => {
    const schema = z.object({ company: documentText(z.string().trim(), 'Company') });
    expect(refusedPaths(schema, { company: 'Acme\u001b[31m' })).toEqual([
      { path: 'company', message: 'Company cannot contain the control character U+001B' },
    ]);
    expect(refusedPaths(schema, { company: 'Acme\uFFFE' })).toEqual([
      { path: 'company', message: 'Company cannot contain the character U+FFFE' },
    ]);
    expect(schema.parse({ company: '  Acme &#0; GmbH  ' })).toEqual({ company: 'Acme &#0; GmbH' });
  });
});

describe('the bodies of what documents print refuse it, naming the field', () => {
  it('customers', () => {
    expect(refusedPaths(CustomerCreateBody, { name: 'A\u0001', email: 'a@b.test', company: 'B\u0085', street: 'S\u0007' })).toEqual([
      { path: 'name', message: 'Name cannot contain the control character U+0001' },
      { path: 'company', message: 'Company cannot contain the control character U+0085' },
      { path: 'street', message: 'Street cannot contain the control character U+0007' },
    ]);
    expect(refusedPaths(CustomerCreateBody, { name: 'A', email: 'a@b.test', taxId: 'DE1\uFFFF' }).map((i) => i.path)).toEqual(['taxId']);
  });

  it('organization settings: company name, organization name, address parts, account holder', () => {
    const paths = refusedPaths(OrganizationSettingsBody, {
      companyName: 'Nordlicht\u0001 GmbH',
      organizationName: 'N\u009b',
      billingAddress: { city: 'Berlin\u001b', taxId: 'DE\uFFFE' },
      bankDetails: { accountHolder: 'Holder\u0002' },
    }).map((i) => i.path);
    expect(paths.sort()).toEqual([
      'bankDetails.accountHolder',
      'billingAddress.city',
      'billingAddress.taxId',
      'companyName',
      'organizationName',
    ]);
  });

  it('invoice lines, notes, terms and payment instructions', () => {
    const body = {
      invoice: { customerId: 1, dueDate: '2026-12-31', notes: 'n\u0003', terms: 't\u001f', paymentInstructions: 'p\u0080' },
      items: [
        { description: 'ok', quantity: '1', rate: '1' },
        { description: 'd\u000bx', quantity: '1', rate: '1' },
      ],
    };
    expect(refusedPaths(InvoiceCreateBody, body).map((i) => i.path)).toEqual([
      'invoice.notes',
      'invoice.terms',
      'invoice.paymentInstructions',
      'items.1.description',
    ]);
  });

  it('the portal profile', () => {
    expect(refusedPaths(PortalProfileBody, { name: 'Marie\u001b', company: 'Atelier\u0001', city: 'Paris' })).toEqual([
      { path: 'name', message: 'Name cannot contain the control character U+001B' },
      { path: 'company', message: 'Company cannot contain the control character U+0001' },
    ]);
  });

  it('templates: footers and custom fields', () => {
    const paths = refusedPaths(TemplateCreateBody, {
      name: 'T',
      footerHtml: 'f\u0001',
      customFields: { 'Ref\u0002': 'v', Other: 'x\uFFFF' },
    }).map((i) => i.path);
    expect(paths).toEqual(expect.arrayContaining(['footerHtml', 'customFields.Other']));
    expect(paths.some((p) => p.startsWith('customFields'))).toBe(true);
  });
});
