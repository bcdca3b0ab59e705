import type { ErrorBody } from '@billpoint/proto';

/**
 * Field problems of a 400 answer mapped onto the form's fields: `invoice.customerId` → `customerId`,
 * `items.0.rate` → `items.0.rate`. Problems of fields the form does not have are left out.
 */
export function formIssues(body: ErrorBody | undefined, isField: (name: string) => boolean): { name: string; message: string }[] {
  return (body?.issues ?? []).flatMap((issue) => {
    const name = issue.path.replace(/^invoice\./, '');
    return isField(name) ? [{ name, message: issue.message }] : [];
  });
}

const ITEM_FIELD = /^items\.\d+\.(description|quantity|rate)$/;

export const isFormField =
  (topLevel: readonly string[]) =>
  (name: string): boolean =>
    topLevel.includes(name) || name === 'items' || ITEM_FIELD.test(name);
