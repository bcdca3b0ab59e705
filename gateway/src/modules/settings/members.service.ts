import type { MikroORM } from '@mikro-orm/postgresql';
import { Role, type OrganizationMember } from '@billpoint/proto';

interface Row {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  role: string;
}

/**
 * Identity tables carry no RLS policy (migration 0001: they are the root of tenancy, reached only by the gateway's
 * own role), so the tenant scope is this query's: the memberships of the caller's organization, taken from the
 * session, never from the request.
 */
const MEMBERS_SQL = `select u.id, u.email, u.first_name, u.last_name, m.role
  from gateway.memberships m join gateway.users u on u.id = m.user_id
  where m.organization_id = ?`;

const toMember = (r: Row): OrganizationMember => ({
  id: r.id,
  name: [r.first_name?.trim(), r.last_name?.trim()].filter(Boolean).join(' ') || r.email,
  email: r.email,
  role: Role.parse(r.role),
});

const byName = (a: OrganizationMember, b: OrganizationMember) =>
  a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.email.localeCompare(b.email) || a.id.localeCompare(b.id);

/** The members of one organization by name (who is who in its audit log). */
export class MembersService {
  readonly #orm: MikroORM;
  constructor(orm: MikroORM) {
    this.#orm = orm;
  }

  async list(organizationId: string): Promise<OrganizationMember[]> {
    return (await this.#orm.em.fork().execute<Row[]>(MEMBERS_SQL, [organizationId])).map(toMember).sort(byName);
  }
}
