import { describe, expect, it } from 'vitest';
import { sanitizeSvg } from '../../src/modules/template/logo.sanitize.ts';
import { HOSTILE_SVGS } from '../support/hostile-svgs.ts';
import { SVG_LOGO } from '../support/images.ts';

const ACTIVE =
  /<script|<foreignObject|<iframe|\son[a-z]+\s*=|javascript:|https?:\/\/evil|evil\.test|external\.svg|<animate|<set\b|@import|\/etc\/passwd|data:text|data:image\/svg/i;

describe('SVG sanitizer', () => {
  it.each(Object.entries(HOSTILE_SVGS))('finds and removes: %s', (_name, svg) => {
    const out = sanitizeSvg(svg);
    expect(out.hostile.length).toBeGreaterThan(0);
    expect(out.svg ?? '').not.toMatch(ACTIVE);
  });

  it('keeps a clean logo whole (shapes, gradients, internal references, embedded PNG) as a standalone SVG document', () => {
    const png = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
    const out = sanitizeSvg(
      SVG_LOGO.replace(
        '</svg>',
        `<image href="${png}" width="4" height="4"/><text x="1" y="9" style="fill:#fff">Ünïcødé &amp; Co</text></svg>`,
      ),
    );
    expect(out.hostile).toEqual([]);
    expect(out.svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    for (const part of ['viewBox="0 0 200 80"', '<linearGradient id="g"', 'fill="url(#g)"', '<use href="#g"', png, 'Ünïcødé &amp; Co'])
      expect(out.svg).toContain(part);
  });

  it('reads CSS escapes, comments and case as a browser does: the reported payloads are refused and named', () => {
    const styleElement = sanitizeSvg(
      '<svg xmlns="http://www.w3.org/2000/svg"><style>rect{fill:u\\72l(http://evil.test/p)} @\\69mport "http://evil.test/x.css"</style><rect width="5" height="5"/></svg>',
    );
    expect(styleElement.hostile).toEqual(['an external reference in <style> (url(http://evil.test/p))', 'a CSS @import rule in <style>']);
    expect(styleElement.svg).not.toMatch(/evil|import|72l/);
    const styleAttribute = sanitizeSvg(
      '<svg xmlns="http://www.w3.org/2000/svg"><rect width="5" height="5" style="fill:u\\rl(http://evil.test/p)"/></svg>',
    );
    expect(styleAttribute.hostile).toEqual(['an external reference in a style attribute (url(http://evil.test/p))']);
    expect(styleAttribute.svg).not.toMatch(/evil|style=/);
    for (const [css, found] of [
      ['fill:u\\000072l(http://evil.test/p)', 'url(http://evil.test/p)'],
      ['fill:\\55 RL(http://evil.test/p)', 'url(http://evil.test/p)'],
      ["fill:url( 'http://evil.test/p' )", 'url(http://evil.test/p)'],
      ['fill:url(\\68ttp://evil.test/p)', 'url(http://evil.test/p)'],
      ['fill:u/**/rl(http://evil.test/p)', 'an unsupported CSS function rl()'],
      ['fill:image-set("http://evil.test/p.png" 1x)', 'a loading CSS function image-set()'],
      ['fill:-webkit-image-set(url(#a) 1x)', 'a loading CSS function -webkit-image-set()'],
      ['width:expression(alert(1))', 'a loading CSS function expression()'],
      ['-moz-binding:url(#x)', 'a CSS -moz-binding binding'],
      ['behavior:url(#x)', 'a CSS behavior binding'],
    ])
      expect(sanitizeSvg(`<svg xmlns="http://www.w3.org/2000/svg"><rect style="${css}"/></svg>`).hostile.join('; '), css).toContain(found);
    for (const [rule, found] of [
      ['@import url(#x);', '@import'],
      ['@font-face{font-family:x;src:local(Arial)}', '@font-face'],
      ['@namespace svg "http://www.w3.org/2000/svg";', '@namespace'],
      ['@-moz-document url-prefix(){rect{fill:red}}', '@-moz-document'],
    ])
      expect(sanitizeSvg(`<svg xmlns="http://www.w3.org/2000/svg"><style>${rule}</style></svg>`).hostile.join('; '), rule).toContain(found);
  });

  it('keeps CSS that loads nothing: references inside the document in any spelling, colours, transforms, media queries', () => {
    const css =
      '@media (prefers-color-scheme: dark) { .a { fill: rgb(255 255 255 / 50%) } } rect:nth-child(2n) { fill: URL( "#g" ); filter: u\\72l(#f) drop-shadow(0 1px 2px hsl(0 0% 0%)); transform: rotate(10deg) translate(calc(1px + 2px), 0) }';
    const out = sanitizeSvg(
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><defs><linearGradient id="g"><stop offset="0" stop-color="#000"/></linearGradient><filter id="f"><feGaussianBlur stdDeviation="1"/></filter></defs><style>${css}</style><rect class="a" width="5" height="5" fill="url(#g)" filter="url('#f')" style="fill: url(#g); stroke: var(--x, #fff)" transform="rotate(5)" aria-label="Acme (since 1999)"/></svg>`,
    );
    expect(out.hostile).toEqual([]);
    for (const part of [
      css.replace(/&/g, '&amp;'),
      'fill="url(#g)"',
      `filter="url('#f')"`,
      'style="fill: url(#g); stroke: var(--x, #fff)"',
      'transform="rotate(5)"',
    ])
      expect(out.svg).toContain(part);
  });

  it("drops an editor's metadata quietly and refuses nothing for it", () => {
    const inkscape = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<!-- Created with Inkscape -->
<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd" width="20" height="20" viewBox="0 0 20 20">
  <sodipodi:namedview pagecolor="#ffffff"/>
  <metadata><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></metadata>
  <g inkscape:label="Layer 1"><path d="M0 0h20v20z" fill="#ff0000"/></g>
</svg>`;
    const out = sanitizeSvg(inkscape);
    expect(out.hostile).toEqual([]);
    expect(out.svg).toContain('<path d="M0 0h20v20z" fill="#ff0000"');
    expect(out.svg).not.toContain('sodipodi');
  });

  it('answers no document for something that is not an SVG', () => {
    expect(sanitizeSvg('<div>hello</div>').svg).toBeNull();
  });
});
