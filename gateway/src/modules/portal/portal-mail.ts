import type { OutgoingMail } from '@billpoint/kit';
import { PORTAL_LINK_TTL_MS, type OrganizationSettings } from '@billpoint/proto';

/** `"Billpoint" <no-reply@x>` / `no-reply@x` → `no-reply@x`. */
export const addressOf = (from: string) => from.match(/<([^>]+)>/)?.[1] ?? from.trim();
/** A display name in an address header, quoted (a name may hold commas or quotes). */
const quoted = (name: string) => `"${name.replace(/["\\\r\n]/g, '')}"`;

/** An e-mail with its sender: the kit's mailer takes `from` from the message over its configured MAIL_FROM. */
export type MailWithSender = OutgoingMail & { from: string };

/**
 * The portal sign-in e-mail. It names the organization; with white-label on (Enterprise) it never says "Billpoint" and
 * comes from the organization's own name, else from "{organization} via Billpoint" (MAIL_FROM's address either way).
 */
export function portalSignInMail(o: {
  to: string;
  name: string;
  settings: OrganizationSettings;
  link: string;
  from: string;
}): MailWithSender {
  const org = o.settings.companyName || o.settings.organizationName;
  const white = o.settings.whiteLabelActive;
  const minutes = Math.round(PORTAL_LINK_TTL_MS / 60_000);
  const lines = [
    `Hello ${o.name},`,
    '',
    `Use this link to sign in to the customer portal of ${org}, where you can see your invoices, download statements and pay:`,
    '',
    o.link,
    '',
    `The link works once, for ${minutes} minutes. If you did not ask for it, you can ignore this e-mail.`,
    '',
    white ? org : `${org} (sent by Billpoint on their behalf)`,
  ];
  return {
    from: `${quoted(white ? org : `${org} via Billpoint`)} <${addressOf(o.from)}>`,
    to: o.to,
    subject: `Your sign-in link for ${org}`,
    text: lines.join('\n'),
  };
}
