import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';

/**
 * SVG logos: DOMPurify (with its SVG allow-list) over a jsdom window, plus the rules a logo needs on top of it:
 * references only inside the document (`#id`), raster images only as embedded PNG/JPEG data, CSS without external
 * `url(…)`, `@import` or script. Active content is REFUSED, not quietly dropped, so an upload never turns into
 * something other than what its author sent: `hostile` lists what was found. Harmless things the allow-list does
 * not keep (an editor's metadata) are dropped silently.
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
const EXTERNAL_URL = /url\s*\(\s*(['"]?)\s*(?!#)/i; // url(...) that is not url(#id)
const HOSTILE_CSS = /@import|expression\s*\(|javascript:|vbscript:|-moz-binding|behavior\s*:/i;

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
    if (tag === 'style' && (EXTERNAL_URL.test(node.textContent ?? '') || HOSTILE_CSS.test(node.textContent ?? ''))) {
      hostile.push('a <style> with external references or script');
      node.textContent = '';
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
    if (name === 'style' && (EXTERNAL_URL.test(value) || HOSTILE_CSS.test(value))) return refuse('a style with external references');
    if (EXTERNAL_URL.test(value)) return refuse(`an external reference in ${name}`);
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
