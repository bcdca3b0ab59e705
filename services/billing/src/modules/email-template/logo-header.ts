import { logoKeyOf } from '@billpoint/proto';
import type { ServiceContext } from '@billpoint/kit';

const escapeAttribute = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&#34;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** PUBLIC_URL of the service's config (billing's config has it: the links of every customer e-mail start with it). */
export const publicUrlOf = (ctx: Pick<ServiceContext, 'config'>) => (ctx.config as unknown as { PUBLIC_URL: string }).PUBLIC_URL;

/**
 * The organization's logo at the top of its customer e-mails: an <img> with the absolute address the gateway serves
 * it at (`{PUBLIC_URL}/api/logos/{key}`; a mail client has no base address), the organization's name as its text;
 * empty when it has no logo. Only an uploaded logo's key gets through (the URL is rebuilt from it), never another
 * address stored by mistake.
 */
export function mailLogoHtml(logoUrl: string | null | undefined, name: string | null | undefined, publicUrl: string): string {
  const key = logoKeyOf(logoUrl);
  if (!key || !publicUrl) return '';
  const src = `${publicUrl.replace(/\/$/, '')}/api/logos/${key}`;
  return (
    `<p style="margin:0 0 16px"><img src="${escapeAttribute(src)}" alt="${escapeAttribute(name ?? '')}" height="48" ` +
    `style="display:block;height:48px;max-width:200px;width:auto;border:0"></p>`
  );
}
