import type { z } from 'zod';

/**
 * What text a document (an invoice, quote or credit note, its PDF and e-invoice XML) may carry, and so what every field
 * a document prints refuses: the C0 control characters other than tab, line feed and carriage return, DEL, the C1
 * controls U+0080–U+009F, U+FFFE, U+FFFF and lone surrogates. XML 1.0 cannot hold the C0 controls, U+FFFE, U+FFFF or a
 * lone surrogate at all (one of them in a company name would make every e-invoice of the organization unreadable); DEL
 * and the C1 controls are legal XML but no person types them: they arrive as text decoded in the wrong code page, and
 * print as nothing or as a box. Tab and line breaks stay (addresses and notes have lines).
 */
const NOT_DOCUMENT_TEXT =
  // eslint-disable-next-line no-control-regex -- the controls are exactly what this looks for
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The first character `text` cannot carry into a document, as `U+XXXX`; undefined when there is none. */
export function unprintableCharacter(text: string): string | undefined {
  const found = NOT_DOCUMENT_TEXT.exec(text);
  return found ? `U+${found[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}` : undefined;
}

/**
 * `schema` (a string schema) refusing what a document cannot carry, with a message naming the field's label and the
 * character: "Company cannot contain the control character U+001B". The issue sits on the field, so a 400 names its path.
 */
export function documentText<T extends z.ZodString>(schema: T, label: string): T {
  return schema.check((ctx) => {
    const found = unprintableCharacter(ctx.value);
    if (found)
      ctx.issues.push({
        code: 'custom',
        input: ctx.value,
        message: `${label} cannot contain the ${/^U\+(D[89A-F]|FFF[EF])/.test(found) ? 'character' : 'control character'} ${found}`,
      });
  });
}
