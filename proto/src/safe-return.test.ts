import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { safeReturnPath } from './safe-return.ts';

const OWN = 'http://billpoint.test:8080';
/** Where a browser goes when told `location.assign(path)` on the site: what the answer must keep at home. */
const landsOn = (path: string) => new URL(path, OWN);

describe('safeReturnPath', () => {
  it.each([
    ['/invoices', '/invoices'],
    ['/invite/abc_DEF-123', '/invite/abc_DEF-123'],
    ['/invoices?status=paid#top', '/invoices?status=paid#top'],
    ['/', '/'],
    // Dots are resolved as a browser resolves them, and stay on the site.
    ['/a/../invoices', '/invoices'],
    // Percent signs are kept as they are: a browser does not decode `%09` or `%2f` back into a tab or a slash.
    ['/%09/evil.example/x', '/%09/evil.example/x'],
    ['/%2f%2fevil.example', '/%2f%2fevil.example'],
    // Inside a path, what browsers keep is percent-encoded (still this site).
    ['/\u3000/evil.example', '/%E3%80%80/evil.example'],
    ['/a\u0000b', '/a%00b'],
    // Surrounding blanks are what a browser trims itself.
    ['  /invoices\n', '/invoices'],
  ])('keeps the path %j as %j', (input, expected) => {
    expect(safeReturnPath(input, OWN)).toBe(expected);
  });

  it.each([
    // What browsers remove turns these into `//evil.example/x`: another host.
    '/\t/evil.example/x',
    '/\n/evil.example/x',
    '/\r/evil.example/x',
    '/\r\n/evil.example/x',
    '\t//evil.example',
    // Leading controls and spaces are trimmed by browsers.
    '\u0000//evil.example',
    '\u0000/\t/evil.example',
    ' //evil.example',
    '\u001f/\\evil.example',
    // Protocol-relative and backslash forms.
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '/\\/evil.example',
    '\\\\evil.example',
    '\\/evil.example',
    // Paths that resolve to `//host`.
    '/.//evil.example',
    '/..//evil.example',
    '/%2e//evil.example',
    '/./\\evil.example',
    // Not a path at all.
    '%2f%2fevil.example',
    'evil.example',
    'invoices',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    '\tjavascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'https://evil.example/x',
    'http://billpoint.test:9090/invoices',
    'http://billpoint.test:8080/invoices',
    'https:evil.example',
    // Unicode spaces are not trimmed by browsers, so what follows them is not a path.
    '\u3000//evil.example',
    '\u00a0/invoices',
    '\u2028//evil.example',
    '／／evil.example',
    '',
    '   ',
  ])('refuses %j', (input) => {
    expect(safeReturnPath(input, OWN)).toBe('/');
  });

  it('refuses what is not a string, and answers the fallback given', () => {
    for (const v of [undefined, null, 42, ['/invoices'], { path: '/x' }]) expect(safeReturnPath(v, OWN)).toBe('/');
    expect(safeReturnPath('//evil.example', OWN, '/dashboard')).toBe('/dashboard');
    expect(safeReturnPath(`/${'a'.repeat(2047)}`, OWN)).toBe(`/${'a'.repeat(2047)}`);
    expect(safeReturnPath(`/${'a'.repeat(2048)}`, OWN)).toBe('/');
  });

  it('reads the query value as a browser hands it over (the escapes decoded)', () => {
    for (const raw of ['/%09/evil.example/x', '/%0a/evil.example/x', '/%0d/evil.example/x', '/%0d%0a/evil.example/x']) {
      const value = new URLSearchParams(`return=${raw}`).get('return');
      expect(safeReturnPath(value, OWN)).toBe('/');
    }
    expect(safeReturnPath(new URLSearchParams('return=%2Finvoices').get('return'), OWN)).toBe('/invoices');
  });

  it('an origin that cannot be parsed refuses everything', () => {
    expect(safeReturnPath('/invoices', 'not an origin')).toBe('/');
  });

  it('whatever it answers keeps the browser on the own origin, even once a browser strips it again', () => {
    const pieces = fc.constantFrom('/', '\\', '\t', '\n', '\r', ' ', '\u0000', '\u001f', '.', '..', '%2f', '%09', ':', '@', '?', '#');
    const words = fc.constantFrom('evil.example', 'billpoint.test', 'javascript', 'http', 'https', 'data', 'x', '8080');
    const hostile = fc.array(fc.oneof(pieces, words, fc.string({ maxLength: 4 })), { maxLength: 12 }).map((p) => p.join(''));
    fc.assert(
      fc.property(fc.oneof(hostile, fc.string(), fc.webUrl(), fc.webPath()), (input) => {
        const out = safeReturnPath(input, OWN);
        expect(out.startsWith('/')).toBe(true);
        expect(out.startsWith('//') || out.startsWith('/\\')).toBe(false);
        expect(landsOn(out).origin).toBe(OWN);
        expect(landsOn(out.replace(/[\t\n\r]/g, '')).origin).toBe(OWN);
      }),
      { numRuns: 1000 },
    );
  });
});
