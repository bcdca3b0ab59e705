import { ident, string as cssString, tokenize, tokenTypes as T, url as cssUrl } from 'css-tree';

/**
 * The CSS of an SVG logo (its `<style>` elements, `style` attributes and presentation attributes), read the way a
 * browser reads it: css-tree's tokenizer follows CSS Syntax Level 3, and every name is decoded (`u\72l(`,
 * `u\000072l(`, `u\rl(` and `URL(` are all `url(`; `@\69mport` is `@import`; comments split tokens, they never join
 * them) before it is judged. A regular expression over the raw text cannot do that, which is how escaped loads got
 * through before.
 *
 * What a logo may hold is an allow-list, so a new way to load something is refused until someone adds it on purpose:
 * - `url(…)` only as a reference inside the document (`url(#g)`, in any spelling); every other URL is external;
 * - functions: colours, maths, transforms, filters, gradients, basic shapes, selectors' pseudo-classes (none loads);
 *   anything else (`image-set()`, `-webkit-image-set()`, `image()`, `cross-fade()`, `element()`, `expression()`,
 *   `src()`, `paint()`, …) is refused;
 * - at-rules: `@media`, `@supports`, `@keyframes`, `@layer`, `@container`, `@charset`; anything else (`@import`,
 *   `@font-face`, `@namespace`, `@document`, …) is refused;
 * - `behavior` and `-moz-binding` (script bindings) are refused wherever they appear.
 *
 * Presentation attributes (`fill="…"`, `filter="…"`, …) are CSS values too, but other attributes hold free text
 * (`aria-label`): there only what loads is looked for (`loadsOnly`), not the allow-list of functions.
 */

const ALLOWED_FUNCTIONS = new Set([
  // colours
  'rgb', 'rgba', 'hsl', 'hsla', 'hwb', 'lab', 'lch', 'oklab', 'oklch', 'color', 'color-mix', 'light-dark', 'device-cmyk',
  // maths and variables
  'calc', 'min', 'max', 'clamp', 'round', 'mod', 'rem', 'abs', 'sign', 'sin', 'cos', 'tan', 'asin', 'acos', 'atan',
  'atan2', 'pow', 'sqrt', 'hypot', 'log', 'exp', 'var', 'env', 'counter', 'counters',
  // transforms
  'translate', 'translatex', 'translatey', 'translatez', 'translate3d', 'scale', 'scalex', 'scaley', 'scalez',
  'scale3d', 'rotate', 'rotatex', 'rotatey', 'rotatez', 'rotate3d', 'skew', 'skewx', 'skewy', 'matrix', 'matrix3d',
  'perspective',
  // filters
  'blur', 'brightness', 'contrast', 'drop-shadow', 'grayscale', 'hue-rotate', 'invert', 'opacity', 'saturate', 'sepia',
  // gradients (a URL inside one is still a URL token and still judged)
  'linear-gradient', 'radial-gradient', 'conic-gradient', 'repeating-linear-gradient', 'repeating-radial-gradient',
  'repeating-conic-gradient', '-webkit-linear-gradient', '-webkit-radial-gradient',
  // timing, shapes, layout
  'cubic-bezier', 'steps', 'linear', 'inset', 'circle', 'ellipse', 'polygon', 'path', 'rect', 'xywh', 'minmax',
  'repeat', 'fit-content',
  // selectors
  'not', 'is', 'where', 'has', 'nth-child', 'nth-last-child', 'nth-of-type', 'nth-last-of-type', 'lang', 'dir',
]); // prettier-ignore
/** Functions that load what their arguments name, even without `url(`: looked for in every attribute. */
const LOADING_FUNCTIONS = new Set([
  'url', 'src', 'image', 'image-set', '-webkit-image-set', '-moz-image-set', '-o-image-set', 'cross-fade',
  '-webkit-cross-fade', 'element', '-moz-element', 'paint', 'expression',
]); // prettier-ignore
const ALLOWED_AT_RULES = new Set(['media', 'supports', 'keyframes', '-webkit-keyframes', 'layer', 'container', 'charset']);
const SCRIPT_PROPERTIES = new Set(['behavior', '-ms-behavior', '-moz-binding']);

/** A reference inside the document: `#id`, nothing else. */
const isFragment = (target: string) => /^#[^\s"'()\\]*$/.test(target.trim());
const short = (s: string) => (s.length > 60 ? `${s.slice(0, 57)}…` : s);

/**
 * What in `css` loads something or runs script, as the refusal names it (empty: nothing). `where` says where the CSS
 * was found, for the message. With `loadsOnly`, functions off the allow-list are refused only when they load.
 */
export function cssHazards(css: string, where: string, o: { loadsOnly?: boolean } = {}): string[] {
  const found: string[] = [];
  const tokens: { type: number; text: string; start: number; end: number }[] = [];
  tokenize(css, (type, start, end) => {
    if (type !== T.Comment && type !== T.WhiteSpace) tokens.push({ type, text: css.slice(start, end), start, end });
  });
  for (let i = 0; i < tokens.length; i++) {
    const { type, text } = tokens[i]!;
    if (type === T.Url) {
      const target = cssUrl.decode(text);
      if (!isFragment(target)) found.push(`an external reference in ${where} (url(${short(target)}))`);
    } else if (type === T.BadUrl) {
      found.push(`a malformed url() in ${where}`);
    } else if (type === T.Function) {
      const name = ident.decode(text.slice(0, -1)).toLowerCase();
      if (name === 'url') {
        // `url("…")`, or `url(` spelled with an escape (a browser still reads a URL): the argument is all up to `)`.
        const close = tokens.findIndex((t, j) => j > i && t.type === T.RightParenthesis);
        const raw = css.slice(tokens[i]!.end, close < 0 ? css.length : tokens[close]!.start).trim();
        const target = /^["']/.test(raw) ? cssString.decode(raw) : cssUrl.decode(`url(${raw})`);
        if (close < 0 || !isFragment(target)) found.push(`an external reference in ${where} (url(${short(target)}))`);
      } else if (o.loadsOnly ? LOADING_FUNCTIONS.has(name) : !ALLOWED_FUNCTIONS.has(name)) {
        found.push(`${LOADING_FUNCTIONS.has(name) ? 'a loading' : 'an unsupported'} CSS function ${name}() in ${where}`);
      }
    } else if (type === T.AtKeyword) {
      const name = ident.decode(text.slice(1)).toLowerCase();
      if (!ALLOWED_AT_RULES.has(name)) found.push(`a CSS @${name} rule in ${where}`);
    } else if (type === T.Ident) {
      const name = ident.decode(text).toLowerCase();
      if (SCRIPT_PROPERTIES.has(name)) found.push(`a CSS ${name} binding in ${where}`);
    }
  }
  return [...new Set(found)];
}
