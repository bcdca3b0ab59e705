import { Liquid, type Template } from 'liquidjs';
import { Invalid } from '@billpoint/kit';
import type { EmailTemplateInput } from '@billpoint/proto';
import { sanitizeMailHtml } from './sanitize.ts';

/**
 * The sandboxed Liquid engines of the customer e-mails. A template reads only the plain values it is given (a tree of
 * null-prototype objects holding strings, numbers and booleans), never a prototype (`ownPropertyOnly`), never a file
 * (`templates: {}` replaces the filesystem and `include`, `render` and `layout` are refused when parsed), never an
 * unknown filter (`strictFilters`); parse, render time and memory are bounded. The HTML part escapes every output; the
 * subject and the text part are plain text.
 *
 * In the HTML part `| raw` lets a value through unescaped only when it is one of the link variables (`LINK_VARIABLES`:
 * addresses we build and pass through `safeLink`); any other value under `| raw` (a customer's name, an organization's
 * name, a link with text appended) is escaped like every other output. A template using it is not refused: templates
 * saved before this rule still render, and the result is the same either way. The rendered HTML is then cleaned by an
 * allow-list (sanitize.ts), in the preview exactly as in the sent e-mail.
 */
const REFUSED_TAGS = ['include', 'render', 'layout'] as const;
const LIMITS = { parseLimit: 200_000, renderLimit: 500, memoryLimit: 2_000_000 };

/** The values that may pass `| raw` in the HTML part: the links of the e-mail, top-level in every type's values. */
export const LINK_VARIABLES = ['payLink', 'portalLink'] as const;

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&#34;').replace(/'/g, '&#39;');

function engine(html: boolean): Liquid {
  const liquid = new Liquid({
    strictVariables: false,
    strictFilters: true,
    ownPropertyOnly: true,
    templates: {},
    relativeReference: false,
    dynamicPartials: false,
    cache: false,
    ...LIMITS,
    ...(html ? { outputEscape: 'escape' as const } : {}),
  });
  for (const name of REFUSED_TAGS)
    liquid.registerTag(name, {
      parse() {
        throw new Error(`the "${name}" tag is not allowed in e-mail templates`);
      },
      render() {},
    });
  if (html)
    liquid.registerFilter('raw', {
      raw: true,
      handler(this: { context: { environments: object } }, value: unknown) {
        const text = value === null || value === undefined ? '' : String(value);
        // The values given to the render, not a name looked up in scope: `{% assign payLink = … %}` cannot borrow it.
        const given = this.context.environments as Record<string, unknown>;
        const links = LINK_VARIABLES.map((name) => given[name]);
        return text === '' || links.includes(text) ? text : escapeHtml(text);
      },
    });
  return liquid;
}
const htmlEngine = engine(true);
const textEngine = engine(false);

/** A value a template may read: text, numbers, booleans, lists and nested plain objects of those. */
export type TemplateValue = string | number | boolean | null | TemplateValue[] | { [key: string]: TemplateValue };

/** Copies a value tree into null-prototype objects and frozen arrays: nothing of ours but the data is reachable. */
export function plainTree(value: TemplateValue): TemplateValue {
  if (Array.isArray(value)) return value.map(plainTree);
  if (value && typeof value === 'object') {
    const out = Object.create(null) as { [key: string]: TemplateValue };
    for (const [k, v] of Object.entries(value)) out[k] = plainTree(v);
    return out;
  }
  return value;
}

/** A link variable's value: only an absolute http(s) URL survives, anything else becomes empty. */
export function safeLink(url: string | null | undefined): string {
  if (!url) return '';
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.toString() : '';
  } catch {
    return '';
  }
}

const FIELDS = { subject: 'subject', htmlContent: 'htmlContent', textContent: 'textContent' } as const;
type Field = keyof typeof FIELDS;

/** The three parts parsed; a part that does not parse is a 400 naming its field and Liquid's message (with its line). */
export function parseTemplate(body: EmailTemplateInput): Record<Field, Template[]> {
  const parsed = {} as Record<Field, Template[]>;
  for (const field of Object.keys(FIELDS) as Field[]) {
    try {
      parsed[field] = (field === 'htmlContent' ? htmlEngine : textEngine).parse(body[field]);
    } catch (err) {
      throw new Invalid(`The template does not parse`, [{ path: field, message: liquidMessage(err) }]);
    }
  }
  return parsed;
}

/** Liquid's message without the excerpt of the template it appends (the line number stays). */
function liquidMessage(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.split('\n')[0]!.slice(0, 300);
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** Renders a template with the values; a failure while rendering (a limit reached) is a 400 naming the part. */
export async function renderTemplate(body: EmailTemplateInput, values: TemplateValue): Promise<RenderedMail> {
  const parsed = parseTemplate(body);
  const scope = plainTree(values) as object;
  const run = async (field: Field) => {
    try {
      return String(await (field === 'htmlContent' ? htmlEngine : textEngine).render(parsed[field], scope));
    } catch (err) {
      throw new Invalid(`The template cannot be rendered`, [{ path: field, message: liquidMessage(err) }]);
    }
  };
  const [subject, html, text] = [await run('subject'), await run('htmlContent'), await run('textContent')];
  // A subject is one line.
  return { subject: subject.replace(/\s+/g, ' ').trim().slice(0, 500), html: sanitizeMailHtml(html), text };
}
