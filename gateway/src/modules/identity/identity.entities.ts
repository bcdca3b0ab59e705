import { defineEntity, p } from '@mikro-orm/core';
import { Roles } from '@billpoint/proto';

export const OrganizationEntity = defineEntity({
  name: 'Organization',
  tableName: 'organizations',
  properties: {
    id: p.uuid().primary(),
    name: p.text(),
    /** The owner: an admin no one else can demote or remove; set at creation, handed on by a transfer. */
    ownerUserId: p.uuid().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export const UserEntity = defineEntity({
  name: 'User',
  tableName: 'users',
  properties: {
    id: p.uuid().primary(),
    email: p.text(),
    passwordHash: p.text().nullable(),
    firstName: p.text().nullable(),
    lastName: p.text().nullable(),
    profileImageUrl: p.text().nullable(),
    oidcSubject: p.text().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export const MembershipEntity = defineEntity({
  name: 'Membership',
  tableName: 'memberships',
  properties: {
    id: p.uuid().primary(),
    user: () => p.manyToOne(UserEntity),
    organization: () => p.manyToOne(OrganizationEntity),
    role: p.enum(Roles),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export const SessionEntity = defineEntity({
  name: 'Session',
  tableName: 'sessions',
  properties: {
    idHash: p.text().primary(),
    userId: p.uuid(),
    organizationId: p.uuid(),
    createdAt: p.datetime().onCreate(() => new Date()),
    lastSeenAt: p.datetime(),
    /** Where the session was last used from (the Sessions list under Settings → Security). */
    ip: p.text().nullable(),
    userAgent: p.text().nullable(),
  },
});

export const identityEntities = [OrganizationEntity, UserEntity, MembershipEntity, SessionEntity];
export type UserRow = InstanceType<typeof UserEntity.class>;
export type OrganizationRow = InstanceType<typeof OrganizationEntity.class>;
