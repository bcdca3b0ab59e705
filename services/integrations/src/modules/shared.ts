import { IntegrationMessages } from '@billpoint/proto';
import { Forbidden, type Identity } from '@billpoint/kit';

/** Keys, webhooks and the audit log are the organization's admins' business (they hold secrets and URLs). */
export function requireAdmin(id: Identity): Identity {
  if (id.role !== 'admin') throw new Forbidden(IntegrationMessages.adminsOnly);
  return id;
}

/** A timestamptz column as ISO-8601 UTC with milliseconds (the answer's format). */
export const ts = (col: string) => `to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
