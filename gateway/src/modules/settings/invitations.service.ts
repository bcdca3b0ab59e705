import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import {
  InvitationEvents,
  INVITATION_TTL_DAYS,
  MembershipEvents,
  Role,
  RoleDescriptions,
  type AcceptInvitationBody,
  type CreateInvitationBody,
  type Invitation,
  type InvitationEventData,
  type InvitationPreview,
  type MembershipEventData,
} from '@billpoint/proto';
import { addEvent, BadGateway, Conflict, Forbidden, Gone, Invalid, NotFound, type Logger, type Mailer } from '@billpoint/kit';
import { hashPassword } from '../identity/passwords.ts';

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');
/** 256 random bits, URL-safe (43 characters). */
const newToken = () => randomBytes(32).toString('base64url');
const TTL_MS = INVITATION_TTL_DAYS * 24 * 3_600_000;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

interface InvitationRow {
  id: string;
  organization_id: string;
  email: string;
  role: string;
  invited_by: string | null;
  inviter: string | null;
  organization_name: string;
  created_at: Date;
  expires_at: Date;
  accepted_at: Date | null;
}

const SELECT = `select i.id, i.organization_id, i.email, i.role, i.invited_by, i.created_at, i.expires_at, i.accepted_at,
    o.name as organization_name,
    coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email) as inviter
  from gateway.invitations i join gateway.organizations o on o.id = i.organization_id
  left join gateway.users u on u.id = i.invited_by`;

const toInvitation = (r: InvitationRow): Invitation => ({
  id: r.id,
  email: r.email,
  role: Role.parse(r.role),
  invitedBy: r.inviter,
  createdAt: new Date(r.created_at).toISOString(),
  expiresAt: new Date(r.expires_at).toISOString(),
});

const eventData = (r: InvitationRow): InvitationEventData => ({
  id: r.id,
  email: r.email,
  role: Role.parse(r.role),
  expiresAt: new Date(r.expires_at).toISOString(),
});

/** Who accepts: the signed-in person, if any. */
export interface Accepter {
  userId: string;
  email: string;
}

/**
 * Invitations into an organization. The token exists only in the e-mail: the table keeps its SHA-256. It is used once
 * (accepted_at), ends after INVITATION_TTL_DAYS, and a resend replaces it (the old link stops working). Every change
 * commits its event (the audit log) with it; the e-mail goes out inside the transaction, so an invitation whose
 * e-mail could not be sent does not exist.
 */
export class InvitationsService {
  readonly #orm: MikroORM;
  readonly #mailer: Mailer;
  readonly #published: () => void;
  readonly #log: Logger;
  readonly #now: () => Date;
  constructor(o: { orm: MikroORM; mailer: Mailer; published: () => void; logger: Logger; now?: () => Date }) {
    this.#orm = o.orm;
    this.#mailer = o.mailer;
    this.#published = o.published;
    this.#log = o.logger;
    this.#now = o.now ?? (() => new Date());
  }

  async list(organizationId: string): Promise<Invitation[]> {
    const rows = await this.#orm.em
      .fork()
      .execute<InvitationRow[]>(
        `${SELECT} where i.organization_id = ? and i.accepted_at is null and i.expires_at > ? order by i.created_at desc`,
        [organizationId, this.#now()],
      );
    return rows.map(toInvitation);
  }

  async #mail(row: InvitationRow, token: string, origin: string) {
    const link = `${origin}/invite/${token}`;
    const who = row.inviter ? `${row.inviter} invited you` : 'You are invited';
    try {
      await this.#mailer.send({
        to: row.email,
        subject: `You are invited to join ${row.organization_name} on Billpoint`,
        text: [
          `${who} to join ${row.organization_name} on Billpoint as ${row.role === 'admin' ? 'an' : 'a'} ${row.role}.`,
          `${RoleDescriptions[Role.parse(row.role)]}`,
          '',
          `Accept the invitation: ${link}`,
          '',
          `The link works once and for ${INVITATION_TTL_DAYS} days. If you did not expect it, ignore this e-mail.`,
        ].join('\n'),
      });
    } catch (err) {
      this.#log.warn({ err, invitationId: row.id }, 'invitation e-mail not sent');
      throw new BadGateway('The invitation e-mail could not be sent. Please try again.');
    }
  }

  async #row(em: EntityManager, where: string, params: unknown[], lock = false) {
    const [row] = await em.execute<InvitationRow[]>(`${SELECT} where ${where}${lock ? ' for update of i' : ''}`, params);
    return row;
  }

  /** A new invitation, e-mailed; 409 when that person is a member already or has a pending invitation. */
  async create(organizationId: string, actorId: string, b: CreateInvitationBody, origin: string): Promise<Invitation> {
    const created = await this.#orm.em.fork().transactional(async (em) => {
      const [member] = await em.execute<{ n: number }[]>(
        `select count(*)::int as n from gateway.memberships m join gateway.users u on u.id = m.user_id
          where m.organization_id = ? and lower(u.email) = ?`,
        [organizationId, b.email],
      );
      if (member!.n) throw new Conflict(`${b.email} is already a member of this organization`);
      // An expired invitation no longer counts: it makes way for the new one.
      await em.execute(
        `delete from gateway.invitations where organization_id = ? and lower(email) = ? and accepted_at is null and expires_at <= ?`,
        [organizationId, b.email, this.#now()],
      );
      const token = newToken();
      const id = randomUUID();
      const now = this.#now();
      const inserted = await em.execute<{ id: string }[]>(
        `insert into gateway.invitations (id, organization_id, email, role, token_hash, invited_by, created_at, expires_at)
         values (?, ?, ?, ?, ?, ?, ?, ?) on conflict do nothing returning id`,
        [id, organizationId, b.email, b.role, hashToken(token), actorId, now, new Date(now.getTime() + TTL_MS)],
      );
      if (!inserted.length) throw new Conflict(`${b.email} already has a pending invitation: resend it instead`);
      const row = (await this.#row(em, 'i.id = ?', [id]))!;
      addEvent<InvitationEventData>(em, { subject: InvitationEvents.Created, tenantId: organizationId, actorId, data: eventData(row) });
      await this.#mail(row, token, origin);
      return toInvitation(row);
    });
    this.#published();
    return created;
  }

  /** A new token and another INVITATION_TTL_DAYS; the previous link stops working. */
  async resend(organizationId: string, actorId: string, id: string, origin: string): Promise<Invitation> {
    const resent = await this.#orm.em.fork().transactional(async (em) => {
      const found = await this.#row(em, 'i.id = ? and i.organization_id = ? and i.accepted_at is null', [id, organizationId], true);
      if (!found) throw new NotFound('Invitation not found');
      const token = newToken();
      const now = this.#now();
      await em.execute(`update gateway.invitations set token_hash = ?, expires_at = ?, invited_by = ? where id = ?`, [
        hashToken(token),
        new Date(now.getTime() + TTL_MS),
        actorId,
        id,
      ]);
      const row = (await this.#row(em, 'i.id = ?', [id]))!;
      addEvent<InvitationEventData>(em, { subject: InvitationEvents.Resent, tenantId: organizationId, actorId, data: eventData(row) });
      await this.#mail(row, token, origin);
      return toInvitation(row);
    });
    this.#published();
    return resent;
  }

  async revoke(organizationId: string, actorId: string, id: string): Promise<void> {
    await this.#orm.em.fork().transactional(async (em) => {
      const row = await this.#row(em, 'i.id = ? and i.organization_id = ? and i.accepted_at is null', [id, organizationId], true);
      if (!row) throw new NotFound('Invitation not found');
      await em.execute(`delete from gateway.invitations where id = ?`, [id]);
      addEvent<InvitationEventData>(em, { subject: InvitationEvents.Revoked, tenantId: organizationId, actorId, data: eventData(row) });
    });
    this.#published();
  }

  /**
   * What the acceptance page shows; 404 alike for a token unknown, used or expired. Nothing about accounts: whether
   * the invited e-mail has one is not the page's to tell (the acceptance decides).
   */
  async preview(token: string): Promise<InvitationPreview> {
    if (!TOKEN_SHAPE.test(token)) throw new NotFound('Invitation not found');
    const row = await this.#row(this.#orm.em.fork(), 'i.token_hash = ? and i.accepted_at is null and i.expires_at > ?', [
      hashToken(token),
      this.#now(),
    ]);
    if (!row) throw new NotFound('This invitation is not valid: it may have expired or been used already');
    return { organizationName: row.organization_name, email: row.email, role: Role.parse(row.role) };
  }

  /**
   * Accepts: a new person (no account with the invitation's e-mail) becomes an account with `b`; a person with an
   * account must be signed in as it (no second account): signed out, 409 "sign in to accept" — an answer only the
   * holder of a valid token gets, and a 409 rather than a 401 (which would read as "your session ended"). Answers who
   * is now a member of which organization (the route starts that session).
   */
  async accept(token: string, b: AcceptInvitationBody, by: Accepter | null): Promise<{ userId: string; organizationId: string }> {
    if (!TOKEN_SHAPE.test(token)) throw new NotFound('Invitation not found');
    const passwordHash = b.password ? await hashPassword(b.password) : null;
    const joined = await this.#orm.em.fork().transactional(async (em) => {
      const row = await this.#row(em, 'i.token_hash = ?', [hashToken(token)], true);
      if (!row) throw new NotFound('Invitation not found');
      if (row.accepted_at) throw new Gone('This invitation has already been used');
      if (new Date(row.expires_at) <= this.#now()) throw new Gone('This invitation has expired: ask for a new one');
      if (by && by.email.toLowerCase() !== row.email)
        throw new Forbidden(`This invitation is for ${row.email}: sign out and accept it with that account`);
      const [existing] = await em.execute<{ id: string; email: string }[]>(`select id, email from gateway.users where lower(email) = ?`, [
        row.email,
      ]);
      let userId: string;
      if (existing) {
        if (!by) throw new Conflict(`An account with ${row.email} exists: sign in to accept this invitation`);
        userId = existing.id;
        const [already] = await em.execute<{ n: number }[]>(
          `select count(*)::int as n from gateway.memberships where organization_id = ? and user_id = ?`,
          [row.organization_id, userId],
        );
        if (already!.n) throw new Conflict('You are already a member of this organization');
      } else {
        const issues = [
          !b.firstName && { path: 'firstName', message: 'First name is required' },
          !b.lastName && { path: 'lastName', message: 'Last name is required' },
          !passwordHash && { path: 'password', message: 'Password is required' },
        ].filter((x): x is { path: string; message: string } => !!x);
        if (issues.length) throw new Invalid(issues[0]!.message, issues);
        userId = randomUUID();
        try {
          await em.execute(`insert into gateway.users (id, email, password_hash, first_name, last_name) values (?, ?, ?, ?, ?)`, [
            userId,
            row.email,
            passwordHash,
            b.firstName,
            b.lastName,
          ]);
        } catch (err) {
          // The same e-mail signed up a moment ago (the unique index decides): that account accepts signed in.
          if ((err as { code?: string }).code === '23505')
            throw new Conflict(`An account with ${row.email} exists: sign in to accept this invitation`);
          throw err;
        }
      }
      await em.execute(`insert into gateway.memberships (id, user_id, organization_id, role) values (?, ?, ?, ?)`, [
        randomUUID(),
        userId,
        row.organization_id,
        row.role,
      ]);
      await em.execute(`update gateway.invitations set accepted_at = ?, accepted_by = ? where id = ?`, [this.#now(), userId, row.id]);
      addEvent<InvitationEventData>(em, {
        subject: InvitationEvents.Accepted,
        tenantId: row.organization_id,
        actorId: userId,
        data: eventData(row),
      });
      addEvent<MembershipEventData>(em, {
        subject: MembershipEvents.Created,
        tenantId: row.organization_id,
        actorId: userId,
        data: { id: userId, email: row.email, role: Role.parse(row.role), owner: false },
      });
      return { userId, organizationId: row.organization_id };
    });
    this.#published();
    return joined;
  }
}
