import type { ServiceContext } from '@billpoint/kit';

/**
 * What billing knows of an organization for its customer-facing output: its name and contacts, whether
 * white-label is in effect (Enterprise plan and switched on), its portal address and verified custom domain, its
 * default language. Null name until the organization has arrived.
 */
export interface OrganizationBrand {
  name: string | null;
  email: string | null;
  logoUrl: string | null;
  whiteLabel: boolean;
  portalSlug: string | null;
  customDomain: string | null;
  customDomainVerified: boolean;
  defaultLanguage: string | null;
}

export async function loadOrganization(ctx: ServiceContext, tenantId: string): Promise<OrganizationBrand> {
  const [row] = await ctx.reader.query<OrganizationBrand>(
    tenantId,
    `select name, coalesce(billing_email, company_email) as email, logo_url as "logoUrl", is_white_label as "whiteLabel",
            portal_slug as "portalSlug", custom_domain as "customDomain", custom_domain_verified as "customDomainVerified",
            default_language as "defaultLanguage"
       from billing.organizations where tenant_id = $1`,
    [tenantId],
  );
  return (
    row ?? {
      name: null,
      email: null,
      logoUrl: null,
      whiteLabel: false,
      portalSlug: null,
      customDomain: null,
      customDomainVerified: false,
      defaultLanguage: null,
    }
  );
}

/** White-label is in effect: no product name in its e-mails, PDFs and public pages. */
export const whiteLabel = (org: Pick<OrganizationBrand, 'whiteLabel'>) => org.whiteLabel;

/**
 * The customer portal's address: `https://{domain}/portal` on a verified custom domain, else `{publicUrl}/portal/{slug}`
 * (publicUrl as payLink uses it); null while the organization has no portal address yet.
 */
export function portalLink(org: Pick<OrganizationBrand, 'portalSlug' | 'customDomain' | 'customDomainVerified'>, publicUrl: string) {
  if (org.customDomain && org.customDomainVerified) return `https://${org.customDomain}/portal`;
  return org.portalSlug ? `${publicUrl.replace(/\/$/, '')}/portal/${encodeURIComponent(org.portalSlug)}` : null;
}

/**
 * The From header of the organization's e-mails: its name alone when white-label, else "{org} via Billpoint"; the
 * address is MAIL_FROM's. Quotes and backslashes in the name are escaped (it is a quoted display name).
 */
export function fromHeader(org: Pick<OrganizationBrand, 'name' | 'whiteLabel'>, mailFrom: string): string {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  const name = org.name?.trim()
    ? org.whiteLabel
      ? org.name.trim()
      : `${org.name.trim()} via Billpoint`
    : org.whiteLabel
      ? ''
      : 'Billpoint';
  const quoted = name.replace(/[\r\n]+/g, ' ').replace(/(["\\])/g, '\\$1');
  return quoted ? `"${quoted}" <${address}>` : `<${address}>`;
}

/** MAIL_FROM of the service's config (billing's config spreads the kit's mail settings). */
export const mailFromOf = (ctx: Pick<ServiceContext, 'config'>) => (ctx.config as unknown as { MAIL_FROM: string }).MAIL_FROM;
