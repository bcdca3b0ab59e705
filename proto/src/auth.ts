import { z } from 'zod';
import { Role } from './common.ts';
import { Permission } from './permissions.ts';
import { knownTimeZone } from './time-zones.ts';

const email = z
  .string({ error: 'Valid email is required' })
  .trim()
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email({ error: 'Valid email is required' }))
  .transform((v) => v.toLowerCase());

export const RegisterBody = z.strictObject({
  email,
  password: z
    .string({ error: 'Password is required' })
    .min(8, 'Password must be at least 8 characters')
    .max(200, 'Password must be at most 200 characters'),
  firstName: z
    .string({ error: 'First name is required' })
    .trim()
    .min(1, 'First name is required')
    .max(100, 'First name must be at most 100 characters'),
  lastName: z
    .string({ error: 'Last name is required' })
    .trim()
    .min(1, 'Last name is required')
    .max(100, 'Last name must be at most 100 characters'),
  organizationName: z
    .string({ error: 'Organization name is required' })
    .trim()
    .min(1, 'Organization name is required')
    .max(200, 'Organization name must be at most 200 characters'),
  /**
   * The browser's time zone (the sign-up page sends it): the new organization's time zone. It is the browser's
   * guess, not a choice the person made, so a zone this server does not know is left out (the organization starts in
   * UTC) rather than refused; only a value that is not a short text is a 400.
   */
  timezone: z
    .string({ error: 'Time zone must be text' })
    .max(64, 'Time zone must be at most 64 characters')
    .optional()
    .transform((v) => knownTimeZone(v) ?? undefined),
});
export type RegisterBody = z.infer<typeof RegisterBody>;

export const LoginBody = z.strictObject({
  email,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200, 'Password must be at most 200 characters'),
  /** The 6-digit code of the authenticator app, for an account with two-factor sign-in on. */
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'The code is 6 digits')
    .optional(),
  /** Instead of `code`: one of the account's single-use recovery codes. */
  recoveryCode: z.string().trim().min(1, 'Recovery code is required').max(40, 'Recovery code must be at most 40 characters').optional(),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const Organization = z.object({ id: z.uuid(), name: z.string() });
export type Organization = z.infer<typeof Organization>;

/** The signed-in user's organization, with when it was created (tax compliance starts at that quarter). */
export const CurrentOrganization = Organization.extend({ createdAt: z.iso.datetime({ offset: true }) });
export type CurrentOrganization = z.infer<typeof CurrentOrganization>;

/** Answer of GET /api/auth/user (the user, plus organization and role). */
export const User = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  organization: CurrentOrganization,
  role: Role,
  /** What this role may do in the organization (ROLE_PERMISSIONS): the web hides or disables the rest. */
  permissions: z.array(Permission),
});
export type User = z.infer<typeof User>;

/** One member of the signed-in user's organization: `name` is first and last name, or the e-mail when both are empty. */
export const OrganizationMember = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: Role,
  /** The organization's owner: an admin whom no one else can demote or remove (ownership can be handed on). */
  owner: z.boolean(),
});
export type OrganizationMember = z.infer<typeof OrganizationMember>;
/** Answer of GET /api/organization/members: the members of the caller's own organization, by name. */
export const OrganizationMembers = z.object({ members: z.array(OrganizationMember) });
export type OrganizationMembers = z.infer<typeof OrganizationMembers>;

/**
 * Claims of the short-lived internal token the gateway signs for every request it forwards.
 * Services verify it and build their tenant context from it; they never trust a bare header.
 */
export const InternalClaims = z.object({
  tid: z.uuid(),
  sub: z.string().min(1),
  role: Role,
  scopes: z.array(z.string()).default([]),
  /** The caller's IP address and user agent as the gateway saw them (the audit log records them with each change). */
  ip: z.string().max(100).optional(),
  ua: z.string().max(512).optional(),
});
export type InternalClaims = z.infer<typeof InternalClaims>;
export const INTERNAL_TOKEN_HEADER = 'x-billpoint-internal-token';
/**
 * On a public route (no internal token): the caller's IP address as the gateway saw it (its trustProxy applied). The
 * gateway sets it last on every forwarded public request, over any value a client sent, so a service may record it (a
 * quote accepted on its public page records where from). Not an x-billpoint-* header: those are identity, never
 * forwarded on a public route.
 */
export const CLIENT_IP_HEADER = 'bp-client-ip';

/**
 * GET /api/config (public): what the operator set for every visitor of this deployment. `maintenanceNotice` is the
 * gateway's MAINTENANCE_NOTICE (the dashboard's "System Update" alert shows it); null when none is set.
 */
export const AppConfig = z.object({ maintenanceNotice: z.string().nullable() });
export type AppConfig = z.infer<typeof AppConfig>;
