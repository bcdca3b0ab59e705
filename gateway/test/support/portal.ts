import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { waitFor, type HttpClient } from '@billpoint/kit/testing';

/** The raw .eml messages sent to `to`, oldest first, with quoted-printable soft line breaks undone. */
export function mailsTo(outbox: string, to: string): string[] {
  return readdirSync(outbox)
    .sort()
    .map((f) => readFileSync(join(outbox, f), 'utf8'))
    .filter((raw) => raw.toLowerCase().includes(`to: ${to.toLowerCase()}`))
    .map((raw) => raw.replace(/=\r?\n/g, ''));
}

/** The portal sign-in links in the e-mails sent to `to` (oldest first). */
export const portalLinksTo = (outbox: string, to: string) =>
  mailsTo(outbox, to)
    .map((raw) => raw.match(/(https?:\/\/[^\s/]+)\/portal\/([a-z0-9-]+)\/sign-in\/([A-Za-z0-9_-]{43})/))
    .filter((m): m is RegExpMatchArray => !!m)
    .map((m) => ({ origin: m[1]!, slug: m[2]!, token: m[3]! }));

/**
 * Signs `email` in to the portal `slug` as a customer does: asks for the link, takes it from the e-mail, exchanges it
 * for a session (the client keeps the `bp_portal` cookie).
 */
export async function portalSignIn(outbox: string, client: HttpClient, slug: string, email: string) {
  const before = portalLinksTo(outbox, email).length;
  const asked = await client.post(`/api/portal/${slug}/sign-in`, { email });
  if (asked.status !== 202) throw new Error(`portal sign-in failed: ${asked.status} ${asked.text}`);
  const link = await waitFor(() => portalLinksTo(outbox, email)[before]);
  const session = await client.post('/api/portal/sessions', { token: link.token });
  if (session.status !== 200) throw new Error(`portal session failed: ${session.status} ${session.text}`);
  return session.json;
}
