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
