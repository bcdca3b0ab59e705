import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { generate, parse, type Declaration } from 'css-tree';
import { cssHazards } from '../template/logo.css.ts';

/**
 * The HTML part of a customer e-mail, cleaned after Liquid rendered it and before it is sent or previewed. A manager
 * writes the template, but it goes out under the platform's sender, so only what an e-mail needs survives, by an
 * allow-list (DOMPurify over a jsdom window, the sanitizer billing already uses for SVG logos):
 * - text formatting, headings, lists, tables with their layout attributes, images, and `span`/`div` blocks; no
 *   script, no form or input, no frame, object, embed, `<style>` or `<link>` (their content goes with them);
 * - no event handler and no other attribute off the list (no `data-*`, no `id` or `class` a client could script);
 * - links only to http(s), `mailto:` and `#fragments`; images only from https or `cid:` (a part of the mail itself);
 *   every `javascript:`, `data:`, relative or other URL is dropped with its attribute;
 * - `style` keeps only the declarations of layout and typography listed below, and none of them may load anything
 *   (no `url()`, `image-set()`, `expression()`, bindings: the CSS tokenizer of the logos judges each value).
 * Dropping (not refusing) is deliberate: a saved template from before these rules still goes out, cleaned.
 */

const TAGS = [
  'p', 'br', 'hr', 'strong', 'em', 'b', 'i', 'u', 's', 'small', 'sub', 'sup', 'blockquote', 'pre', 'code',
  'a', 'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'h4',
  'table', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th', 'caption',
  'img', 'span', 'div', 'center',
]; // prettier-ignore
const ATTRIBUTES = [
  'href', 'src', 'alt', 'title', 'width', 'height', 'style',
  'align', 'valign', 'colspan', 'rowspan', 'cellpadding', 'cellspacing', 'border', 'bgcolor',
]; // prettier-ignore
const STYLE_PROPERTIES = new Set([
  'color', 'background-color', 'background',
  'font', 'font-family', 'font-size', 'font-style', 'font-weight', 'line-height', 'letter-spacing',
  'text-align', 'text-decoration', 'text-transform', 'vertical-align', 'white-space',
  'margin', 'margin-top', 'margin-right', 'margin-bottom', 'margin-left',
  'padding', 'padding-top', 'padding-right', 'padding-bottom', 'padding-left',
  'border', 'border-top', 'border-right', 'border-bottom', 'border-left', 'border-color', 'border-style',
  'border-width', 'border-radius', 'border-collapse', 'border-spacing',
  'width', 'height', 'max-width', 'min-width', 'max-height', 'display',
]); // prettier-ignore

const LINK = /^(?:https?:|mailto:|#)/i;
const IMAGE = /^(?:https:|cid:)/i;
// Browsers ignore whitespace and control characters inside a scheme (`java\tscript:`): so does the judgement.
// eslint-disable-next-line no-control-regex -- the control characters are the point
const squeeze = (v: string) => v.replace(/[\s\u0000-\u001f]/g, '');

/** The declarations of a `style` value that are on the list and load nothing, written back (empty: none left). */
export function cleanStyle(style: string): string {
  let list;
  try {
    list = parse(style, { context: 'declarationList', parseValue: false });
  } catch {
    return '';
  }
  const kept: string[] = [];
  if (list.type !== 'DeclarationList') return '';
  list.children.forEach((node) => {
    if (node.type !== 'Declaration') return;
    const decl = node as Declaration;
    const property = decl.property.toLowerCase();
    const value = generate(decl.value).trim();
    if (!STYLE_PROPERTIES.has(property) || !value || cssHazards(value, 'style').length) return;
    kept.push(`${property}: ${value}${decl.important ? ' !important' : ''}`);
  });
  return kept.join('; ');
}

type Purifier = ReturnType<typeof createDOMPurify>;
let purifier: Purifier | undefined;
/** One window for the process, made on the first e-mail (jsdom takes ~100 ms to start). */
function purifierOf(): Purifier {
  if (purifier) return purifier;
  const { window } = new JSDOM('');
  const purify = createDOMPurify(window as never);
  purify.addHook('uponSanitizeAttribute', (node, data) => {
    const name = data.attrName.toLowerCase();
    const tag = (node as { nodeName?: string }).nodeName?.toLowerCase();
    if (name === 'href') data.keepAttr = tag === 'a' && LINK.test(squeeze(data.attrValue));
    else if (name === 'src') data.keepAttr = tag === 'img' && IMAGE.test(squeeze(data.attrValue));
    else if (name === 'style') {
      data.attrValue = cleanStyle(data.attrValue);
      data.keepAttr = data.attrValue !== '';
    }
  });
  purifier = purify;
  return purify;
}

/** The HTML of an e-mail with only the allowed elements, attributes, URLs and styles left. */
export function sanitizeMailHtml(html: string): string {
  if (!/[<&]/.test(html)) return html; // nothing to clean (and nothing the serializer would rewrite)
  return purifierOf().sanitize(html, {
    ALLOWED_TAGS: TAGS,
    ALLOWED_ATTR: ATTRIBUTES,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    ALLOW_UNKNOWN_PROTOCOLS: false,
    // DOMPurify's own pattern with our schemes: it also judges plain attribute values (`width="600"`) by it.
    ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto|cid):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
    // Dropped with what they hold (besides DOMPurify's own list: script, style, template, …): a form's fields.
    ADD_FORBID_CONTENTS: ['textarea', 'select', 'button'],
  });
}
