import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { cssHazards } from './logo.css.ts';

/**
 * SVG logos: DOMPurify (with its SVG allow-list) over a jsdom window, plus the rules a logo needs on top of it:
 * references only inside the document (`#id`), raster images only as embedded PNG/JPEG data, CSS (of `<style>`,
 * `style` and presentation attributes, read by a real CSS tokenizer with its escapes decoded: logo.css.ts) without
 * external `url(…)`, `image-set()`, `@import`, `@font-face` or script bindings. Active content is REFUSED, not
 * quietly dropped, so an upload never turns into something other than what its author sent: `hostile` lists what
 * was found. Harmless things the allow-list does not keep (an editor's metadata) are dropped silently.
 *
 * DOMPurify parses as HTML (foreign SVG content keeps its camelCase names: viewBox, linearGradient) and the result
 * is serialized as XML, so the stored file is a standalone SVG document.
 */

let purifier: { purify: ReturnType<typeof createDOMPurify>; serialize(node: unknown): string } | undefined;
/** One window for the process, made on the first SVG (jsdom takes ~100 ms to start). */
function purifierOf() {
  if (!purifier) {
    const { window } = new JSDOM('');
    const serializer = new window.XMLSerializer();
    purifier = { purify: createDOMPurify(window as never), serialize: (n) => serializer.serializeToString(n as never) };
  }
  return purifier;
}

const DANGEROUS_ELEMENTS = new Set([
  'script',
  'foreignobject',
  'iframe',
  'object',
  'embed',
  'animate',
  'set',
  'animatemotion',
  'animatetransform',
  'handler',
  'listener',
  'audio',
  'video',
  'meta',
  'link',
  'base',
]);
const INTERNAL_REF = /^#[^\s]*$/;
const DATA_RASTER = /^data:image\/(png|jpe?g);base64,[a-z0-9+/=\s]*$/i;

export interface SanitizedSvg {
  /** The cleaned document, or null when nothing usable was left. */
  svg: string | null;
  /** What was refused as active or external content (empty: a clean logo). */
  hostile: string[];
}

export function sanitizeSvg(source: string): SanitizedSvg {
  const hostile: string[] = [];
  if (/<!ENTITY/i.test(source)) return { svg: null, hostile: ['an entity declaration'] };
  // XML prolog and doctype are not HTML; the serializer writes a clean root.
  const body = source.replace(/^\uFEFF?\s*<\?xml[^>]*\?>/, '').replace(/<!DOCTYPE[^>[]*>/gi, '');
  const { purify, serialize } = purifierOf();

  purify.removeAllHooks();
  purify.addHook('uponSanitizeElement', (node, data) => {
    const tag = data.tagName?.toLowerCase() ?? '';
    if (DANGEROUS_ELEMENTS.has(tag)) hostile.push(`<${tag}>`);
    if (tag === 'style') {
      const found = cssHazards(node.textContent ?? '', '<style>');
      if (found.length) {
        hostile.push(...found);
        node.textContent = '';
      }
    }
  });
  purify.addHook('uponSanitizeAttribute', (node, data) => {
    const name = data.attrName.toLowerCase();
    const value = data.attrValue ?? '';
    const refuse = (what: string) => {
      hostile.push(what);
      data.keepAttr = false;
    };
    if (name.startsWith('on')) return refuse(`an event handler (${name})`);
    // eslint-disable-next-line no-control-regex -- browsers ignore control characters inside a URL scheme; so must we
    if (/javascript:|vbscript:/i.test(value.replace(/[\s\u0000-\u001f]/g, ''))) return refuse(`a script URL in ${name}`);
    if (name === 'href' || name === 'xlink:href' || name === 'src') {
      const v = value.trim();
      const tag = (node as { nodeName?: string }).nodeName?.toLowerCase();
      if (INTERNAL_REF.test(v)) return;
      if (tag === 'image' && DATA_RASTER.test(v)) return;
      return refuse(`an external reference (${name}="${v.slice(0, 60)}")`);
    }
    // A style attribute is CSS through and through; any other attribute may be a presentation attribute (a CSS value)
    // or free text, so there only what loads is refused.
    const found = cssHazards(value, name === 'style' ? 'a style attribute' : `${name}="…"`, { loadsOnly: name !== 'style' });
    if (found.length) {
      hostile.push(...found.slice(1));
      return refuse(found[0]!);
    }
  });

  const fragment = purify.sanitize(body, {
    USE_PROFILES: { svg: true, svgFilters: true },
    ADD_TAGS: ['use'], // with internal references only (the hook above)
    RETURN_DOM: true,
  }) as unknown as { querySelector(s: string): unknown };
  for (const r of purify.removed as { element?: { nodeName?: string }; attribute?: { name?: string } | null }[]) {
    const tag = r.element?.nodeName?.toLowerCase();
    const attr = r.attribute?.name?.toLowerCase();
    if (attr?.startsWith('on')) hostile.push(`an event handler (${attr})`);
    else if (!attr && tag && DANGEROUS_ELEMENTS.has(tag)) hostile.push(`<${tag}>`);
  }
  purify.removeAllHooks();
  const root = fragment.querySelector('svg');
  return { svg: root ? serialize(root) : null, hostile: [...new Set(hostile)] };
}
