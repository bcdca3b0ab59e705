import { z } from 'zod';
import { Role } from './common.ts';

/**
 * Members and invitations: the gateway owns them (identity is its), every change is an event of its outbox
 * (the audit log records each).
 */

const email = z
  .string({ error: 'Valid email is required' })
  .trim()
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email({ error: 'Valid email is required' }))
  .transform((v) => v.toLowerCase());

// What each role may do, in the words the Members screen shows: RoleDescriptions in permissions.ts (beside the table).

/** An invitation lives this long; a resend gives it a new token and this long again. */
export const INVITATION_TTL_DAYS = 7;

/** Body of POST /api/organization/invitations. */
export const CreateInvitationBody = z.strictObject({ email, role: Role });
export type CreateInvitationBody = z.infer<typeof CreateInvitationBody>;

/** A pending invitation, as admins see it (never its token: only the e-mail carries it). */
export const Invitation = z.object({
  id: z.uuid(),
  email: z.string(),
  role: Role,
  invitedBy: z.string().nullable(),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
});
export type Invitation = z.infer<typeof Invitation>;
/** Answer of GET /api/organization/invitations: the pending ones, newest first. */
export const Invitations = z.object({ invitations: z.array(Invitation) });
export type Invitations = z.infer<typeof Invitations>;

/**
 * Answer of GET /api/invitations/{token} (public): what the acceptance page shows. It says nothing about accounts
 * (whether one exists with the invited e-mail): the page offers both ways in and the acceptance decides.
 */
export const InvitationPreview = z.strictObject({
  organizationName: z.string(),
  email: z.string(),
  role: Role,
});
export type InvitationPreview = z.infer<typeof InvitationPreview>;

/**
 * Body of POST /api/invitations/{token}/accept: a new person sends all three (they become the account); a person who
 * already has an account accepts signed in and sends nothing. Signed out with an account of the invited e-mail, the
 * acceptance answers 409 (sign in first): only the holder of the token learns it.
 */
export const AcceptInvitationBody = z.strictObject({
  firstName: z.string().trim().min(1, 'First name is required').max(100, 'First name must be at most 100 characters').optional(),
  lastName: z.string().trim().min(1, 'Last name is required').max(100, 'Last name must be at most 100 characters').optional(),
  password: z.string().min(8, 'Password must be at least 8 characters').max(200, 'Password must be at most 200 characters').optional(),
});
export type AcceptInvitationBody = z.infer<typeof AcceptInvitationBody>;

/** Body of PATCH /api/organization/members/{userId}. */
export const UpdateMemberBody = z.strictObject({ role: Role });
export type UpdateMemberBody = z.infer<typeof UpdateMemberBody>;

/** Body of POST /api/organization/transfer-ownership: the new owner, an admin of the organization. */
export const TransferOwnershipBody = z.strictObject({ userId: z.uuid({ error: 'userId must be a member id' }) });
export type TransferOwnershipBody = z.infer<typeof TransferOwnershipBody>;

/** One organization the signed-in person belongs to. */
export const UserOrganization = z.object({ id: z.uuid(), name: z.string(), role: Role, current: z.boolean() });
export type UserOrganization = z.infer<typeof UserOrganization>;
/** Answer of GET /api/auth/organizations, by name. */
export const UserOrganizations = z.object({ organizations: z.array(UserOrganization) });
export type UserOrganizations = z.infer<typeof UserOrganizations>;

/** Body of POST /api/auth/switch-organization. */
export const SwitchOrganizationBody = z.strictObject({ organizationId: z.uuid({ error: 'organizationId must be an organization id' }) });
export type SwitchOrganizationBody = z.infer<typeof SwitchOrganizationBody>;

export const InvitationEvents = {
  Created: 'evt.gateway.invitation.created',
  Resent: 'evt.gateway.invitation.resent',
  Revoked: 'evt.gateway.invitation.revoked',
  Accepted: 'evt.gateway.invitation.accepted',
} as const;
export const InvitationEventData = z.object({ id: z.uuid(), email: z.string(), role: Role, expiresAt: z.iso.datetime() });
export type InvitationEventData = z.infer<typeof InvitationEventData>;

export const MembershipEvents = {
  /** Someone joined (an invitation accepted). */
  Created: 'evt.gateway.membership.created',
  /** A role changed. */
  Updated: 'evt.gateway.membership.updated',
  Removed: 'evt.gateway.membership.removed',
  /** The organization's owner is now this member. */
  OwnerChanged: 'evt.gateway.membership.owner-changed',
} as const;
/** `id` is the member's user id (the audit log's entity id). */
export const MembershipEventData = z.object({ id: z.uuid(), email: z.string(), role: Role, owner: z.boolean() });
export type MembershipEventData = z.infer<typeof MembershipEventData>;
export const MembershipRemovedData = MembershipEventData.pick({ id: true, email: true });
export type MembershipRemovedData = z.infer<typeof MembershipRemovedData>;
