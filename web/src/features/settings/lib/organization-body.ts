import type { OrganizationSettings } from '@billpoint/proto';

/**
 * The whole POST /api/organization-settings body of the settings as saved: a card that changes one part (the portal
 * address, white-label) sends the rest as it is, since the form's fields left out would take their defaults.
 */
export const settingsBody = (s: OrganizationSettings) => ({
  companyName: s.companyName,
  organizationName: s.organizationName,
  companyEmail: s.companyEmail ?? '',
  companyWebsite: s.companyWebsite ?? '',
  defaultCurrency: s.defaultCurrency,
  defaultLanguage: s.defaultLanguage,
  timezone: s.timezone,
  invoicePrefix: s.invoicePrefix,
  quotePrefix: s.quotePrefix,
  customDomain: s.customDomain ?? '',
  billingAddress: Object.fromEntries(Object.entries(s.billingAddress).map(([k, v]) => [k, v ?? ''])),
  bankDetails: Object.fromEntries(Object.entries(s.bankDetails).map(([k, v]) => [k, v ?? ''])),
  attachFacturX: s.attachFacturX,
  logoUrl: s.logoUrl,
});

/** Where customers open the portal: the verified custom domain's `/portal`, else this app's `/portal/{slug}`. */
export function portalUrl(s: Pick<OrganizationSettings, 'customDomainStatus'>, slug: string, origin = window.location.origin) {
  const d = s.customDomainStatus;
  return d.verified && d.domain ? `https://${d.domain}/portal` : `${origin}/portal/${slug}`;
}
