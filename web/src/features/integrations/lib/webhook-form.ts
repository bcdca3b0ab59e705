import { z } from 'zod';
import {
  DEFAULT_WEBHOOK_RETRY_ATTEMPTS,
  DEFAULT_WEBHOOK_TIMEOUT_SECONDS,
  WEBHOOK_DISABLE_AFTER_MS,
  WebhookBody,
  type Webhook,
} from '@billpoint/proto';

/** The server's own rules for the headers (proto WebhookBody.headers: the record, its count, its key and value schemas). */
const headerRecord = WebhookBody.shape.headers.in.unwrap();
const firstMessage = (r: z.ZodSafeParseResult<unknown>) => (r.success ? undefined : (r.error.issues[0]?.message ?? 'Invalid header'));
/** What the server takes at most (proto: 'At most 20 headers'); the dialog offers no more rows. */
export const MAX_WEBHOOK_HEADERS = 20;

export type HeaderRow = { name: string; value: string };
const isBlank = (r: HeaderRow) => r.name.trim() === '' && r.value === '';

/**
 * Custom headers as rows of name and value: a row left blank is left out; a name is checked by the server's rule
 * (an HTTP token, not one Billpoint sets), a value too (printable ASCII, 1000 characters at most); a name may
 * appear once (HTTP names are case-insensitive). Sent as the contract's record, whose own check counts them.
 */
const headerRows = z
  .array(z.object({ name: z.string(), value: z.string() }))
  .superRefine((rows, ctx) => {
    const seen = new Set<string>();
    rows.forEach((row, i) => {
      if (isBlank(row)) return;
      const name = row.name.trim();
      const nameProblem = name === '' ? 'Header name is required' : firstMessage(headerRecord.keyType.safeParse(name));
      if (nameProblem) ctx.addIssue({ code: 'custom', path: [i, 'name'], message: nameProblem });
      else if (seen.has(name.toLowerCase()))
        ctx.addIssue({ code: 'custom', path: [i, 'name'], message: 'This header is already set above' });
      seen.add(name.toLowerCase());
      const valueProblem = firstMessage(headerRecord.valueType.safeParse(row.value));
      if (valueProblem) ctx.addIssue({ code: 'custom', path: [i, 'value'], message: valueProblem });
    });
  })
  .transform((rows) => Object.fromEntries(rows.filter((r) => !isBlank(r)).map((r) => [r.name.trim(), r.value])))
  .pipe(headerRecord);

/**
 * The Create/Edit Webhook form is the endpoint's own contract (proto WebhookBody: 'URL is required', https:// put in
 * front of a url without a scheme, 'At least one event must be selected', retries 3 and timeout 30 by default), with
 * its headers as editable rows.
 */
export const webhookFormSchema = WebhookBody.extend({ headers: headerRows });
export type WebhookFormInput = z.input<typeof webhookFormSchema>;
export type WebhookFormOutput = z.output<typeof webhookFormSchema>;

export const emptyWebhookForm = (): WebhookFormInput => ({
  name: '',
  url: '',
  events: [],
  isActive: true,
  retryAttempts: String(DEFAULT_WEBHOOK_RETRY_ATTEMPTS),
  timeoutSeconds: String(DEFAULT_WEBHOOK_TIMEOUT_SECONDS),
  headers: [],
});

export const webhookToForm = (w: Webhook): WebhookFormInput => ({
  name: w.name,
  url: w.url,
  events: [...w.events],
  isActive: w.isActive,
  retryAttempts: String(w.retryAttempts),
  timeoutSeconds: String(w.timeoutSeconds),
  headers: Object.entries(w.headers).map(([name, value]) => ({ name, value })),
});

/**
 * The row a server issue about a header belongs to: its path is `headers.<name>` (the server cannot say which half
 * of the row it refused, so a message about values goes under the value), or `headers` for the whole list.
 */
export function headerIssueTarget(
  path: string,
  message: string,
  rows: readonly HeaderRow[],
): `headers.${number}.name` | `headers.${number}.value` | 'headers' | undefined {
  if (path === 'headers') return 'headers';
  if (!path.startsWith('headers.')) return undefined;
  const name = path.slice('headers.'.length);
  const i = rows.findIndex((r) => r.name.trim() === name);
  if (i < 0) return 'headers';
  return /value/i.test(message) ? `headers.${i}.value` : `headers.${i}.name`;
}

/** After this long of failed deliveries the screen warns the endpoint's owner (it is switched off after 3 days). */
export const FAILING_NOTICE_AFTER_MS = 60 * 60_000;

export type WebhookHealth =
  { state: 'ok' } | { state: 'disabled'; since: string; reason: string | null } | { state: 'failing'; since: string; disablesAt: string };

/** Whether the owner must be told: switched off after 3 days of failures, or failing for over an hour. */
export function webhookHealth(w: Pick<Webhook, 'disabledAt' | 'disabledReason' | 'failingSince'>, now = Date.now()): WebhookHealth {
  if (w.disabledAt) return { state: 'disabled', since: w.disabledAt, reason: w.disabledReason };
  if (w.failingSince) {
    const since = new Date(w.failingSince).getTime();
    if (now - since >= FAILING_NOTICE_AFTER_MS)
      return { state: 'failing', since: w.failingSince, disablesAt: new Date(since + WEBHOOK_DISABLE_AFTER_MS).toISOString() };
  }
  return { state: 'ok' };
}
