import { z } from 'zod';
import { optionalText } from '../common.ts';
import { documentText } from '../text.ts';
import { optionalCountry } from '../country.ts';
import { defineRpc } from '../rpc.ts';
import { Customer } from '../customer.ts';

/**
 * The customer portal's identity, owned by the gateway: the organization's portal address, sign-in by an
 * e-mailed link, portal sessions, the branding a portal (or a pay page on a custom domain) shows.
 */

/** A portal address `/portal/{slug}`: 3–63 lowercase letters, digits and inner hyphens, not a reserved word. */
export const PORTAL_SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{1,61}[a-z0-9])$/;
/** Words the portal's own paths use (`/api/portal/invoices`, …): never an organization's slug. */
export const RESERVED_PORTAL_SLUGS = [
  'api',
  'me',
  'branding',
  'sessions',
  'session',
  'sign-in',
  'sign-out',
  'invoices',
  'payments',
  'receipts',
  'statement',
  'statement-pdf',
  'profile',
  'admin',
  'portal',
  'billpoint',
  'www',
  'app',
  'static',
  'assets',
] as const;
export const PortalSlug = z
  .string({ error: 'Portal address must be text' })
  .trim()
  .toLowerCase()
  .regex(PORTAL_SLUG_PATTERN, { error: 'Portal address must be 3–63 lowercase letters, digits or hyphens' })
  .refine((s) => !(RESERVED_PORTAL_SLUGS as readonly string[]).includes(s), { error: 'This portal address is reserved' });

/** A slug made from an organization's name: `Acme GmbH & Co.` → `acme-gmbh-co` (callers add a suffix when taken). */
export function slugFromName(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50)
    .replace(/-+$/g, '');
  const slug = base.length >= 3 ? base : `org-${base || 'portal'}`;
  return (RESERVED_PORTAL_SLUGS as readonly string[]).includes(slug) ? `${slug}-portal` : slug;
}

/** POST /api/portal/{slug}/sign-in: always 202, whether or not the address is a customer's. */
export const PortalSignInBody = z.strictObject({
  email: z.email({ error: 'Email must be a valid e-mail address' }).max(254, 'Email must be at most 254 characters'),
});
/** The sign-in link's token: 43 base64url characters (32 random bytes). */
export const PortalToken = z.string({ error: 'Token is required' }).regex(/^[A-Za-z0-9_-]{43}$/, { error: 'Token is not valid' });
/** POST /api/portal/sessions: exchanges a sign-in link's token for a portal session (its own cookie). */
export const PortalSessionBody = z.strictObject({ token: PortalToken });
/** A sign-in link lives 15 minutes and works once. */
export const PORTAL_LINK_TTL_MS = 15 * 60_000;
export const PortalSignInMessages = {
  sent: 'If this address belongs to a customer, a sign-in link is on its way. It works once, for 15 minutes.',
  linkInvalid: 'This sign-in link has expired or was already used. Ask for a new one.',
} as const;

/** What a portal (or a pay page on the organization's custom domain) shows of the organization. */
export const PortalBranding = z.object({
  slug: z.string(),
  organizationName: z.string(),
  logoUrl: z.string().nullable(),
  primaryColor: z.string(),
  secondaryColor: z.string(),
  /** True on the Enterprise plan with white-label on: the pages never say "Billpoint". */
  whiteLabel: z.boolean(),
});
export type PortalBranding = z.infer<typeof PortalBranding>;

/** GET /api/portal/me: the signed-in customer and the organization's branding. */
export const PortalCustomer = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  address: z.string().nullable(),
  street: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  taxId: z.string().nullable(),
});
export type PortalCustomer = z.infer<typeof PortalCustomer>;
export const PortalMe = z.object({ customer: PortalCustomer, branding: PortalBranding });
export type PortalMe = z.infer<typeof PortalMe>;

/**
 * PUT /api/portal/me: the contact and billing details a customer keeps up to date. Not the e-mail address: it is the
 * sign-in identity (the organization changes it).
 */
export const PortalProfileBody = z.strictObject({
  name: documentText(
    z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(200, 'Name must be at most 200 characters'),
    'Name',
  ),
  phone: optionalText(50, 'Phone'),
  company: optionalText(200, 'Company'),
  address: optionalText(500, 'Address'),
  street: optionalText(200, 'Street'),
  postalCode: optionalText(20, 'Postal code'),
  city: optionalText(100, 'City'),
  country: optionalCountry('Country'),
  taxId: optionalText(50, 'Tax ID'),
});
export type PortalProfileInput = z.output<typeof PortalProfileBody>;

/** The custom domain's state in organization settings (white-label). */
export const CustomDomainStatus = z.object({
  domain: z.string().nullable(),
  /** The TXT record to publish: name `_billpoint.{domain}`, value `token`. */
  txtName: z.string().nullable(),
  txtValue: z.string().nullable(),
  verified: z.boolean(),
  verifiedAt: z.string().nullable(),
  lastCheckedAt: z.string().nullable(),
});
export type CustomDomainStatus = z.infer<typeof CustomDomainStatus>;

/**
 * Set by the gateway (last, over anything a client sent) on a public route requested on an organization's verified
 * custom domain: that organization's tenant id. A service answering such a route refuses (404) anything of another
 * tenant. Not an x-billpoint-* header: those are identity, never forwarded on a public route.
 */
export const HOST_TENANT_HEADER = 'bp-host-tenant';

/** Staff-facing texts of the portal address, white-label and custom domain settings. */
export const PortalSettingsMessages = {
  slugTaken: 'This portal address is taken',
  domainTaken: 'This domain is already verified for another organization',
  noDomain: 'Save a custom domain first',
  whiteLabelPlan: (planName: string) => `White-label is part of the Enterprise plan; this organization is on ${planName}`,
  portalNotFound: 'Portal not found',
} as const;

/** The TXT record name that proves a custom domain: `_billpoint.{domain}`. */
export const customDomainTxtName = (domain: string) => `_billpoint.${domain}`;

/** GET /api/portal/branding?slug=: on the organization's custom domain the slug may be left out. */
export const PortalBrandingQuery = z.object({ slug: PortalSlug.optional() });
/** The `:slug` of `/api/portal/:slug/sign-in`. */
export const PortalSlugParams = z.strictObject({ slug: z.string().min(1).max(63) });

/** rpc.customers.customer.find-by-email: a tenant's customer by e-mail (case-insensitive, not deleted), or null. */
export const CustomersFindByEmailRequest = z.object({ tenantId: z.uuid(), email: z.string().min(3).max(254) });
export const CustomersFindByEmailReply = z.object({ id: z.number().int().positive(), name: z.string(), email: z.string() }).nullable();
export const CustomersFindByEmailRpc = defineRpc({
  subject: 'rpc.customers.customer.find-by-email',
  service: 'customers',
  request: CustomersFindByEmailRequest,
  response: CustomersFindByEmailReply,
});

/**
 * rpc.customers.customer.portal-update: the signed-in customer's own profile (PUT /api/portal/me). The customers
 * service saves it in one transaction with `customer.updated`, whose actor is `portal:<customerId>`, so the audit log
 * records that the customer made the change.
 */
export const CustomersPortalUpdateRequest = z.object({
  tenantId: z.uuid(),
  customerId: z.number().int().positive(),
  profile: PortalProfileBody,
});
export const CustomersPortalUpdateRpc = defineRpc({
  subject: 'rpc.customers.customer.portal-update',
  service: 'customers',
  request: CustomersPortalUpdateRequest,
  response: Customer.nullable(),
});
