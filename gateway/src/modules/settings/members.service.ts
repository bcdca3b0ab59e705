import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { MembershipEvents, Role, type MembershipEventData, type MembershipRemovedData, type OrganizationMember } from '@billpoint/proto';
import { addEvent, Conflict, Forbidden, NotFound } from '@billpoint/kit';

interface Row {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  role: string;
  owner: boolean;
}

/**
 * Identity tables carry no RLS policy (migration 0001: they are the root of tenancy, reached only by the gateway's
 * own role), so the tenant scope is this query's: the memberships of the caller's organization, taken from the
 * session, never from the request.
 */
const MEMBERS_SQL = `select u.id, u.email, u.first_name, u.last_name, m.role, (o.owner_user_id = u.id) is true as owner
  from gateway.memberships m join gateway.users u on u.id = m.user_id join gateway.organizations o on o.id = m.organization_id
  where m.organization_id = ?`;

const toMember = (r: Row): OrganizationMember => ({
  id: r.id,
  name: [r.first_name?.trim(), r.last_name?.trim()].filter(Boolean).join(' ') || r.email,
  email: r.email,
  role: Role.parse(r.role),
  owner: r.owner,
});

const byName = (a: OrganizationMember, b: OrganizationMember) =>
  a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.email.localeCompare(b.email) || a.id.localeCompare(b.id);

export const LAST_ADMIN = 'An organization needs at least one admin: make another member an admin first';
export const OWNER_FIXED = 'The owner’s role cannot be changed and the owner cannot be removed: transfer ownership first';

/**
 * The members of one organization: who is who (the audit log), and the admins' changes — a role, a removal, the
 * ownership. Every change locks the organization's row first, so two admins demoting each other at once cannot leave
 * it without an admin, and commits its event (the audit log) with it.
 */
export class MembersService {
  readonly #orm: MikroORM;
  readonly #published: () => void;
  constructor(orm: MikroORM, published: () => void = () => {}) {
    this.#orm = orm;
    this.#published = published;
  }

  async list(organizationId: string): Promise<OrganizationMember[]> {
    return (await this.#orm.em.fork().execute<Row[]>(MEMBERS_SQL, [organizationId])).map(toMember).sort(byName);
  }

  /** The organization's row locked, and the member (404 when not one of it). */
  async #locked(em: EntityManager, organizationId: string, userId: string) {
    const [org] = await em.execute<{ owner_user_id: string | null }[]>(
      `select owner_user_id from gateway.organizations where id = ? for update`,
      [organizationId],
    );
    if (!org) throw new NotFound('Organization not found');
    const [member] = await em.execute<Row[]>(`${MEMBERS_SQL} and m.user_id = ?`, [organizationId, userId]);
    if (!member) throw new NotFound('Member not found');
    const admins = await em.execute<{ n: number }[]>(
      `select count(*)::int as n from gateway.memberships where organization_id = ? and role = 'admin'`,
      [organizationId],
    );
    return { member, ownerId: org.owner_user_id, admins: admins[0]!.n };
  }

  #event(em: EntityManager, subject: string, organizationId: string, actorId: string, m: OrganizationMember) {
    addEvent<MembershipEventData>(em, {
      subject,
      tenantId: organizationId,
      actorId,
      data: { id: m.id, email: m.email, role: m.role, owner: m.owner },
    });
  }

  /** A member's new role; takes effect on their live sessions at their next request (roles are read per request). */
  async updateRole(organizationId: string, actorId: string, userId: string, role: Role): Promise<OrganizationMember> {
    const updated = await this.#orm.em.fork().transactional(async (em) => {
      const { member, ownerId, admins } = await this.#locked(em, organizationId, userId);
      if (member.role === role) return toMember(member);
      if (ownerId === userId) throw new Conflict(OWNER_FIXED);
      if (member.role === 'admin' && admins <= 1) throw new Conflict(LAST_ADMIN);
      await em.execute(`update gateway.memberships set role = ? where organization_id = ? and user_id = ?`, [role, organizationId, userId]);
      const m = toMember({ ...member, role });
      this.#event(em, MembershipEvents.Updated, organizationId, actorId, m);
      return m;
    });
    this.#published();
    return updated;
  }

  /** Removes a member: the membership and every session of theirs in this organization (their next request: 401). */
  async remove(organizationId: string, actorId: string, userId: string): Promise<void> {
    await this.#orm.em.fork().transactional(async (em) => {
      const { member, ownerId, admins } = await this.#locked(em, organizationId, userId);
      if (ownerId === userId) throw new Conflict(OWNER_FIXED);
      if (member.role === 'admin' && admins <= 1) throw new Conflict(LAST_ADMIN);
      await em.execute(`delete from gateway.memberships where organization_id = ? and user_id = ?`, [organizationId, userId]);
      await em.execute(`delete from gateway.sessions where organization_id = ? and user_id = ?`, [organizationId, userId]);
      addEvent<MembershipRemovedData>(em, {
        subject: MembershipEvents.Removed,
        tenantId: organizationId,
        actorId,
        data: { id: member.id, email: member.email },
      });
    });
    this.#published();
  }

  /** Hands the ownership to another admin; only the owner may (an organization without one: any admin). */
  async transferOwnership(organizationId: string, actorId: string, userId: string): Promise<OrganizationMember[]> {
    await this.#orm.em.fork().transactional(async (em) => {
      const { member, ownerId } = await this.#locked(em, organizationId, userId);
      if (ownerId !== null && ownerId !== actorId) throw new Forbidden('Only the owner can transfer the ownership');
      if (member.role !== 'admin') throw new Conflict('Ownership can only go to an admin: make this member an admin first');
      if (ownerId === userId) return;
      await em.execute(`update gateway.organizations set owner_user_id = ? where id = ?`, [userId, organizationId]);
      this.#event(em, MembershipEvents.OwnerChanged, organizationId, actorId, toMember({ ...member, owner: true }));
    });
    this.#published();
    return this.list(organizationId);
  }
}
