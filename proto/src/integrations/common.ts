import { z } from 'zod';

/** What the integrations contracts share: their messages, the name field, and the optional-instant field. */

export const IntegrationMessages = {
  nameRequired: 'Name is required',
  urlRequired: 'URL is required',
  eventsRequired: 'At least one event must be selected',
  keyCreated: 'API key created',
  keyCreateFailed: 'Failed to create API key',
  keyShownOnce: 'Make sure to copy your API key now. You won’t be able to see it again!',
  keyValidTitle: 'API Key Valid',
  keyInvalidTitle: 'API Key Invalid',
  keyValid: 'API key is valid',
  keyMalformed: 'This is not a Billpoint API key (they start with bp_ and are 50 characters long)',
  keyChecksum: 'The API key’s checksum does not match: it was mistyped or truncated',
  keyUnknown: 'API key not found or revoked',
  keyExpired: 'API key has expired',
  keyInactive: 'API key is inactive',
  adminsOnly: 'Only admins can manage API keys, webhooks and the audit log',
} as const;

/** The name of a key or an endpoint. */
export const nameField = z
  .string({ error: IntegrationMessages.nameRequired })
  .trim()
  .min(1, IntegrationMessages.nameRequired)
  .max(100, 'Name must be at most 100 characters');

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;
/**
 * An optional point in time, answered as ISO-8601 UTC: a date-time (with or without an offset; none means UTC) or a
 * date alone (its start, UTC); empty, null or absent → null. `future`: refused unless after now, with that message.
 */
export const instant = (message: string, o: { future?: string } = {}) =>
  z
    .string({ error: message })
    .trim()
    .max(40, message)
    .nullish()
    .transform((v, ctx) => {
      if (!v) return null;
      const text = /T/i.test(v) && !/(Z|[+-]\d{2}:?\d{2})$/i.test(v) ? `${v}Z` : v.length === 10 ? `${v}T00:00:00Z` : v;
      const at = Date.parse(text);
      if (!ISO_INSTANT.test(v) || Number.isNaN(at)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      if (o.future && at <= Date.now()) {
        ctx.addIssue({ code: 'custom', message: o.future });
        return z.NEVER;
      }
      return new Date(at).toISOString();
    });
