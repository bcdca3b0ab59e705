import { z } from 'zod';
import { ApiKeyBody, ApiKeyScope, DEFAULT_API_KEY_RATE_LIMIT, type ApiKeyScope as Scope } from '@billpoint/proto';

/**
 * The Create API Key form: name required, permissions as checkboxes ('*' = full access), rate limit
 * numeric and required (default 1000), expiry optional (a local date and time; empty means never). The server's
 * own rules (proto ApiKeyBody) check each field; the expiry is sent as an instant with the browser's offset.
 */
export const apiKeyFormSchema = z.object({
  name: ApiKeyBody.shape.name,
  permissions: z.array(ApiKeyScope),
  rateLimit: z
    .string()
    .trim()
    .min(1, 'Rate limit is required')
    .superRefine((v, ctx) => {
      const checked = ApiKeyBody.shape.rateLimit.safeParse(v);
      if (!checked.success) ctx.addIssue({ code: 'custom', message: checked.error.issues[0]?.message ?? 'Rate limit must be a number' });
    })
    .transform(Number),
  expiresAt: z
    .string()
    .refine((v) => v === '' || !Number.isNaN(new Date(v).getTime()), { error: 'Expiry must be a date and time' })
    .refine((v) => v === '' || new Date(v).getTime() > Date.now(), { error: 'Expiry must be in the future' })
    .transform((v) => (v === '' ? null : new Date(v).toISOString())),
});
export type ApiKeyFormInput = z.input<typeof apiKeyFormSchema>;
export type ApiKeyFormOutput = z.output<typeof apiKeyFormSchema>;

export const emptyApiKeyForm = (): ApiKeyFormInput => ({
  name: '',
  permissions: [],
  rateLimit: String(DEFAULT_API_KEY_RATE_LIMIT),
  expiresAt: '',
});

/** What the labels of the permission checkboxes say ('*' is full API access). */
export const scopeLabel = (scope: Scope) => (scope === '*' ? 'Full access (*)' : scope);

/** Ticking a box: '*' stands for every scope, so it replaces the others; another box is added or removed. */
export function toggleScope(current: readonly Scope[], scope: Scope, on: boolean): Scope[] {
  if (scope === '*') return on ? ['*'] : [];
  const rest = current.filter((s) => s !== scope && s !== '*');
  return on ? [...rest, scope] : rest;
}
