import type { ErrorBody } from '@billpoint/proto';

/**
 * Field problems of a 400 answer mapped onto a form's fields: `invoice.customerId` (or `quote.validUntil`) → the field,
 * `items.0.rate` → `items.0.rate`. Problems of fields the form does not have are left out.
 */
export function formIssues(body: ErrorBody | undefined, isField: (name: string) => boolean): { name: string; message: string }[] {
  return (body?.issues ?? []).flatMap((issue) => {
    const name = issue.path.replace(/^(invoice|quote)\./, '');
    return isField(name) ? [{ name, message: issue.message }] : [];
  });
}

/** Whether a field name is one of the form's: a top-level name, `items`, or `items.N.<item field>`. */
export const isFormField = (topLevel: readonly string[], itemFields: readonly string[] = ['description', 'quantity', 'rate']) => {
  const item = new RegExp(`^items\\.\\d+\\.(${itemFields.join('|')})$`);
  return (name: string): boolean => topLevel.includes(name) || name === 'items' || item.test(name);
};
