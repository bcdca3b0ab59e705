import type { FieldError, FieldErrors, FieldValues, ResolverOptions } from 'react-hook-form';
import { toNestErrors } from '@hookform/resolvers';

/** Field problems (`items.0.quantity`, `endDate`…) as react-hook-form errors: the first message of each field. */
export function issuesToErrors<T extends FieldValues>(
  issues: readonly { name: string; message: string }[],
  options: ResolverOptions<T>,
): FieldErrors<T> {
  const flat: Record<string, FieldError> = {};
  for (const { name, message } of issues) flat[name] ??= { type: 'validate', message };
  return toNestErrors(flat, options);
}
