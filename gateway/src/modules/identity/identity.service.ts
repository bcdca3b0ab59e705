import { randomUUID } from 'node:crypto';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import {
  AccountSecurityMessages,
  knownTimeZone,
  OrganizationEvents,
  ROLE_PERMISSIONS,
  Role,
  type LoginBody,
  type OrganizationCreatedData,
  type RegisterBody,
  type User,
  type UserOrganization,
} from '@billpoint/proto';
import { addEvent, Conflict, Unauthorized } from '@billpoint/kit';
import { ensurePortalSlug } from '../settings/portal-slug.ts';
import { addOrganizationUpdated } from '../settings/settings.service.ts';
import { MembershipEntity, OrganizationEntity, UserEntity, type OrganizationRow, type UserRow } from './identity.entities.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords.ts';
import type { SecondFactor } from './account-security.service.ts';
import type { GuessLimits } from './guess-limits.ts';

/** 401 `{ twoFactorRequired: true }`: the password was right; the sign-in page asks for the code. */
function twoFactorRequired(message: string) {
  const err = new Unauthorized(message);
  err.flags = { twoFactorRequired: true };
  return err;
}

export interface SignedIn {
  user: User;
  tenantId: string;
  role: Role;
}

export function toUser(u: UserRow, org: OrganizationRow, role: Role): User {
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName ?? null,
    lastName: u.lastName ?? null,
    profileImageUrl: u.profileImageUrl ?? null,
    organization: { id: org.id, name: org.name, createdAt: new Date(org.createdAt).toISOString() },
    role,
    permissions: [...ROLE_PERMISSIONS[role]],
  };
}

/**
 * In the transaction that creates the organization, once its row is written: its customer portal's address (made from
 * the name, a suffix when taken) and `organization.created` carrying it (the outbox), so that the services
 * have the portal's address from the start.
 */
async function organizationCreated(em: EntityManager, org: OrganizationRow, actorId: string, timezone?: string) {
  const portalSlug = await ensurePortalSlug(em, org.id, org.name);
  addEvent<OrganizationCreatedData>(em, {
    subject: OrganizationEvents.Created,
    tenantId: org.id,
    actorId,
    data: { id: org.id, name: org.name, portalSlug },
  });
  if (!timezone) return;
  // The browser's zone seeds the settings (every other one at its default); the services hear them as after a save.
  await em.execute(`insert into gateway.organization_settings (organization_id, company_name, timezone) values (?, ?, ?)`, [
    org.id,
    org.name,
    timezone,
  ]);
  await addOrganizationUpdated(em, org.id, actorId, null);
}

export class IdentityService {
  readonly #orm: MikroORM;
  readonly #published: () => void;
  readonly #secondFactor?: (userId: string, b: Pick<LoginBody, 'code' | 'recoveryCode'>) => Promise<SecondFactor>;
  readonly #limits?: GuessLimits;
  /**
   * `published` is called after a commit that wrote events (nudges the outbox relay); `secondFactor` checks the code
   * (or recovery code) of a sign-in whose password was right (asked without one: whether two-factor is on);
   * `limits` are the per-address and per-account guess limits of sign-up and sign-in.
   */
  constructor(
    orm: MikroORM,
    published: () => void = () => {},
    secondFactor?: (userId: string, b: Pick<LoginBody, 'code' | 'recoveryCode'>) => Promise<SecondFactor>,
    limits?: GuessLimits,
  ) {
    this.#orm = orm;
    this.#published = published;
    this.#secondFactor = secondFactor;
    this.#limits = limits;
  }

  /** A new user with a new organization, as its admin; each sign-up counts toward `ip`'s allowance (429 above it). */
  async register(b: RegisterBody, ip = 'unknown'): Promise<SignedIn> {
    await this.#limits?.signUp(ip);
    const passwordHash = await hashPassword(b.password);
    const em = this.#orm.em.fork();
    const signedIn = await em.transactional(async (tem) => {
      const exists = await tem.count(UserEntity, { email: b.email.toLowerCase() });
      if (exists) throw new Conflict('An account with this email already exists');
      const userId = randomUUID();
      const org = tem.create(OrganizationEntity, { id: randomUUID(), name: b.organizationName, ownerUserId: userId });
      const user = tem.create(UserEntity, {
        id: userId,
        email: b.email.toLowerCase(),
        passwordHash,
        firstName: b.firstName,
        lastName: b.lastName,
        profileImageUrl: null,
        oidcSubject: null,
      });
      tem.create(MembershipEntity, { id: randomUUID(), user, organization: org, role: 'admin' });
      try {
        await tem.flush();
      } catch (err) {
        // Two registrations of one e-mail at once: the unique index decides.
        if ((err as { code?: string }).code === '23505') throw new Conflict('An account with this email already exists');
        throw err;
      }
      await organizationCreated(tem, org, user.id, b.timezone);
      return { user: toUser(user, org, 'admin'), tenantId: org.id, role: 'admin' as const };
    });
    this.#published();
    return signedIn;
  }

  /**
   * E-mail and password; any mismatch is the same generic 401. With two-factor on, a right password without
   * `code`/`recoveryCode` is 401 `{ twoFactorRequired: true }` (said only after the password is right), and a wrong or
   * replayed code is a failed sign-in like a wrong password. The guess limits (GuessLimits) answer 429 with Retry-After:
   * a slot is taken from `ip`'s allowances before the password is checked. While the account itself is locked, an
   * account with two-factor signs in only with the right password and a valid code together — without a code the
   * password is not checked and the code is asked for; any mistake is 429 — so the owner is never kept out by a
   * stranger's failures; an account without two-factor is held back per address only.
   */
  async login(b: LoginBody, ip = 'unknown'): Promise<SignedIn> {
    const em = this.#orm.em.fork();
    const email = b.email.toLowerCase();
    const guess = this.#limits ? await this.#limits.signIn(email, ip) : undefined;
    const user = await em.findOne(UserEntity, { email });
    if (guess?.accountLocked && user && this.#secondFactor && (await this.#secondFactor(user.id, {})) === 'missing') {
      if (!b.code && !b.recoveryCode) {
        await guess.notAGuess();
        throw twoFactorRequired(AccountSecurityMessages.twoFactorRequired);
      }
      const passwordOk = !!user.passwordHash && (await verifyPassword(b.password, user.passwordHash));
      if (!passwordOk || (await this.#secondFactor(user.id, b)) !== 'passed') throw guess.lockedOut();
      await guess.succeeded();
      return this.#signedIn(user);
    }
    const ok = user?.passwordHash ? await verifyPassword(b.password, user.passwordHash) : (await burnPasswordCheck(b.password), false);
    if (!user || !ok) {
      guess?.failed();
      throw new Unauthorized('Invalid email or password');
    }
    const second = this.#secondFactor ? await this.#secondFactor(user.id, b) : 'not-enabled';
    if (second === 'missing') {
      await guess?.notAGuess();
      throw twoFactorRequired(AccountSecurityMessages.twoFactorRequired);
    }
    if (second === 'wrong') {
      guess?.failed();
      throw twoFactorRequired(AccountSecurityMessages.codeWrong);
    }
    await guess?.succeeded();
    return this.#signedIn(user);
  }

  /**
   * Signs in (or signs up) a user vouched for by the OpenID Connect provider; a new organization starts in the
   * provider's `zoneinfo` when it is a zone this server knows (else UTC).
   */
  async oidcLogin(c: {
    sub: string;
    email: string;
    firstName?: string;
    lastName?: string;
    picture?: string;
    zoneinfo?: string;
  }): Promise<SignedIn> {
    const em = this.#orm.em.fork();
    let created = false;
    const signedIn = await em.transactional(async (tem) => {
      let user =
        (await tem.findOne(UserEntity, { oidcSubject: c.sub })) ?? (await tem.findOne(UserEntity, { email: c.email.toLowerCase() }));
      if (!user) {
        const userId = randomUUID();
        const org = tem.create(OrganizationEntity, {
          id: randomUUID(),
          name: c.firstName ? `${c.firstName}'s organization` : c.email,
          ownerUserId: userId,
        });
        user = tem.create(UserEntity, {
          id: userId,
          email: c.email.toLowerCase(),
          passwordHash: null,
          firstName: c.firstName ?? null,
          lastName: c.lastName ?? null,
          profileImageUrl: c.picture ?? null,
          oidcSubject: c.sub,
        });
        tem.create(MembershipEntity, { id: randomUUID(), user, organization: org, role: 'admin' });
        await tem.flush();
        await organizationCreated(tem, org, user.id, knownTimeZone(c.zoneinfo) ?? undefined);
        created = true;
        return { user: toUser(user, org, 'admin'), tenantId: org.id, role: 'admin' as const };
      }
      user.oidcSubject ??= c.sub;
      if (c.picture) user.profileImageUrl = c.picture;
      await tem.flush();
      return this.#signedIn(user, tem);
    });
    if (created) this.#published();
    return signedIn;
  }

  async currentUser(userId: string, tenantId: string): Promise<User | null> {
    const em = this.#orm.em.fork();
    const m = await em.findOne(MembershipEntity, { user: userId, organization: tenantId }, { populate: ['user', 'organization'] });
    return m ? toUser(m.user, m.organization, m.role) : null;
  }

  /** The organizations a person belongs to, by name; `current` marks the session's. */
  async organizationsOf(userId: string, currentId: string): Promise<UserOrganization[]> {
    const rows = await this.#orm.em.fork().execute<{ id: string; name: string; role: string }[]>(
      `select o.id, o.name, m.role from gateway.memberships m join gateway.organizations o on o.id = m.organization_id where m.user_id = ?
          order by lower(o.name), o.id`,
      [userId],
    );
    return rows.map((r) => ({ id: r.id, name: r.name, role: Role.parse(r.role), current: r.id === currentId }));
  }

  async #signedIn(user: UserRow, em = this.#orm.em.fork()): Promise<SignedIn> {
    const m = await em.findOne(MembershipEntity, { user }, { populate: ['organization'], orderBy: { createdAt: 'asc' } });
    if (!m) throw new Unauthorized('Invalid email or password');
    return { user: toUser(user, m.organization, m.role), tenantId: m.organization.id, role: m.role };
  }
}
