import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadLogoAnswer } from '@billpoint/proto';
import { startStack, type Stack } from '../../../gateway/test/support/stack.ts';
import { makeJpeg, makePng, SVG_LOGO } from './support/images.ts';
import { HOSTILE_SVGS } from './support/hostile-svgs.ts';
import { makeTemplate, uploadLogo } from './support/templates.ts';

let stack: Stack;
let jpeg: Buffer;
beforeAll(async () => {
  [stack, jpeg] = await Promise.all([startStack(), makeJpeg()]);
});
afterAll(() => stack?.close());

const stored = async () => {
  const files = await stack.db.query<{ n: string }>(`select count(*)::text as n from billing.files`);
  const logos = await stack.db.query<{ n: string }>(`select count(*)::text as n from billing.logos`);
  return `${files.rows[0]!.n}/${logos.rows[0]!.n}`;
};
/** The logo as anyone gets it: through the gateway, without a session. */
const fetchLogo = (url: string) => fetch(new URL(url, stack.url)).then(async (r) => ({ r, body: Buffer.from(await r.arrayBuffer()) }));

describe('logo upload', () => {
  it('stores PNG, JPEG and SVG by their bytes and serves them to anyone with their type, nosniff and a locked-down CSP', async () => {
    const c = stack.client();
    await c.register();
    const png = makePng();
    for (const [bytes, type, name] of [
      [png, 'image/png', 'logo.png'],
      [jpeg, 'image/jpeg', 'logo.jpg'],
      [Buffer.from(SVG_LOGO), 'image/svg+xml', 'logo.svg'],
      [png, 'application/octet-stream', 'no-extension'], // no declared type: the bytes decide
    ] as const) {
      const res = await uploadLogo(c, bytes, { type, filename: name });
      expect(res.status, res.text).toBe(201);
      const { url } = res.json as UploadLogoAnswer;
      expect(url).toMatch(/^\/api\/logos\/[A-Za-z0-9_-]{43}$/);
      const { r, body } = await fetchLogo(url);
      expect(r.status).toBe(200);
      const expected = type === 'application/octet-stream' ? 'image/png' : type;
      expect(r.headers.get('content-type')).toBe(expected);
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      expect(r.headers.get('content-security-policy')).toMatch(/^default-src 'none'/);
      if (expected === 'image/svg+xml') expect(r.headers.get('content-security-policy')).toContain('sandbox');
      expect(r.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      if (expected !== 'image/svg+xml') expect(body.equals(bytes)).toBe(true);
      else {
        expect(body.toString()).toContain('<svg xmlns="http://www.w3.org/2000/svg"');
        expect(body.toString()).toContain('linearGradient');
        expect(body.toString()).toContain('viewBox="0 0 200 80"');
      }
      // The logo can be put on a template of the same tenant.
      expect((await c.post('/api/invoice-templates', { name: name, logoUrl: url })).status).toBe(201);
    }
    expect((await fetchLogo(`/api/logos/${'x'.repeat(43)}`)).r.status).toBe(404);
    expect([400, 404]).toContain((await fetchLogo('/api/logos/..%2F..%2Fetc')).r.status);
  });

  it("refuses another tenant's logo on a template", async () => {
    const a = stack.client();
    await a.register();
    const { url } = (await uploadLogo(a, makePng(), { type: 'image/png' })).json as UploadLogoAnswer;
    const b = stack.client();
    await b.register();
    const res = await b.post('/api/invoice-templates', { name: 'Borrowed', logoUrl: url });
    expect(res.status).toBe(400);
    expect(res.json.issues).toEqual([{ path: 'logoUrl', message: 'Logo not found: upload the logo again' }]);
    await makeTemplate(a, { logoUrl: url });
  });

  it('refuses too large, mislabelled, unknown, empty, misplaced and hostile uploads with a clear 4xx, writing nothing', async () => {
    const c = stack.client();
    await c.register();
    const before = await stored();
    const png = makePng();
    const big = Buffer.concat([png, Buffer.alloc(6 * 1024 * 1024 - png.length, 7)]); // a 6 MB "PNG"
    const tooBig = await uploadLogo(c, big, { type: 'image/png', filename: 'big.png' });
    expect(tooBig.status).toBe(413);
    expect(tooBig.json.message).toBe('The logo is larger than 5 MB. Upload a PNG, JPG or SVG of at most 5 MB.');
    const huge = await uploadLogo(c, Buffer.alloc(9 * 1024 * 1024, 1), { type: 'image/png' });
    expect(huge.status).toBe(413); // the gateway's bound
    expect(huge.json.message).toMatch(/larger than 8 MiB/);

    const refusals: [Uint8Array, { type?: string; filename?: string; field?: string }, RegExp][] = [
      [png, { type: 'image/jpeg', filename: 'logo.jpg' }, /sent as image\/jpeg but is a PNG image/],
      [jpeg, { type: 'image/svg+xml', filename: 'logo.svg' }, /sent as image\/svg\+xml but is a JPEG image/],
      [Buffer.from('just text, honestly'), { type: 'image/png', filename: 'logo.png' }, /must be one of: PNG image, JPEG image, SVG image/],
      [
        Buffer.from('GIF89a\x01\x00\x01\x00'),
        { type: 'image/gif', filename: 'logo.gif' },
        /must be one of: PNG image, JPEG image, SVG image/,
      ],
      [Buffer.from('%PDF-1.7 x'), { type: 'application/pdf', filename: 'logo.pdf' }, /must be one of/],
      [new Uint8Array(0), { type: 'image/png', filename: 'empty.png' }, /The file is empty/],
      [png, { type: 'image/png', field: 'file' }, /form field "logo"/],
    ];
    for (const [bytes, o, message] of refusals) {
      const res = await uploadLogo(c, bytes, o);
      expect(res.status, `${JSON.stringify(o)} ${res.text}`).toBe(400);
      expect(res.json.message).toMatch(message);
      expect(res.json.issues[0].path).toBe('logo');
    }
    const json = await c.post('/api/upload-logo', { logo: 'data:image/png;base64,AAAA' });
    expect([400, 415]).toContain(json.status);
    expect(typeof json.json.message).toBe('string');

    for (const [name, svg] of Object.entries(HOSTILE_SVGS)) {
      const res = await uploadLogo(c, Buffer.from(svg), { type: 'image/svg+xml', filename: 'logo.svg' });
      expect(res.status, `${name}: ${res.text}`).toBe(400);
      // An internal DTD subset is not an SVG the upload recognises at all; everything else is named and refused.
      expect(res.json.message, name).toMatch(name === 'entity expansion' ? /must be one of/ : /^This SVG was refused because it contains /);
    }
    expect(await stored()).toBe(before);
  });
});
