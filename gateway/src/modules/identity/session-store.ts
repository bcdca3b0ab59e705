import { createHash, randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { TenantReader } from '@billpoint/kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AccountSecurityMessages, Role } from '@billpoint/proto';
import { Forbidden, type Identity, type Logger } from '@billpoint/kit';
import { SessionEntity } from './identity.entities.ts';
import { LookupBatch } from './lookup-batch.ts';

export interface ActiveSession {
  idHash: string;
  userId: string;
  tenantId: string;
  /** The user's role in the organization as the membership says now (read with the session at every request). */
  role: Role;
  /** The organization requires two-factor sign-in and this person has not set it up: only enrolment is open. */
  enrollmentRequired: boolean;
  /** When this process last wrote the row's last_seen_at (ms): a write may still be under way. */
  touchedAt?: number;
  token?: string;
  tokenExpiresAt?: number;
  /** The role the cached token names (a role change gets a token of its own). */
  tokenRole?: Role;
  /** The ip and user agent the cached token names (a request from elsewhere gets a token of its own). */
  tokenOrigin?: string;
}

const COOKIE = 'bp_session';
const SECURE_COOKIE = '__Host-bp_session';
/** last_seen_at is written at most this often per session (and at least four times per idle period). */
const TOUCH_EVERY_MS = 60_000;
/** An internal token is reused until this much of its 60 s lifetime is left. */
const TOKEN_REUSE_MARGIN_MS = 25_000;

export const hashSessionId = (raw: string) => createHash('sha256').update(raw).digest('base64url');

/**
 * Sessions and the role each one's user has in its organization now: one round trip on primary/unique keys, for
 * every request waiting for a lookup (LookupBatch). One text for any number of keys (an array parameter), so it is a
 * prepared statement: Postgres plans it once per connection instead of at every lookup. No membership (the user was removed from the organization)
 * leaves `role` null: the session ends.
 */
const LOOKUP_SQL = `select s.id_hash, s.user_id, s.organization_id, s.last_seen_at, m.role,
    (o.require_two_factor and u.two_factor_enabled_at is null) as enrollment_required
  from gateway.sessions s
  join gateway.users u on u.id = s.user_id
  join gateway.organizations o on o.id = s.organization_id
  left join gateway.memberships m on m.user_id = s.user_id and m.organization_id = s.organization_id
  where s.id_hash = any($1::text[])`;
interface LookupRow {
  id_hash: string;
  user_id: string;
  organization_id: string;
  last_seen_at: Date | string;
  role: string | null;
  enrollment_required: boolean;
}

/** A session as the Sessions list shows it. */
export interface SessionRow {
  id: string;
  id_hash: string;
  ip: string | null;
  user_agent: string | null;
  organization: string;
  created_at: Date;
  last_seen_at: Date;
}

const userAgentOf = (req: FastifyRequest) => {
  const ua = req.headers['user-agent'];
  return typeof ua === 'string' ? ua.slice(0, 512) : null;
};

/** 403 with `twoFactorEnrollmentRequired: true`: the SPA shows the enrolment screen. */
export class TwoFactorEnrollmentRequired extends Forbidden {
  constructor() {
    super(AccountSecurityMessages.enrollmentRequired);
    this.flags = { twoFactorEnrollmentRequired: true };
  }
}

/**
 * Server-side sessions: the cookie holds 256 random bits; the table holds only their SHA-256, so a database
 * leak yields no usable cookie.
 *
 * Every request reads its session row joined with the membership, so a role change, a removal from the
 * organization or a logout on another replica applies to the very next request, whoever made it (the app, a later
 * members API, an operator in SQL). Why not a cache that events invalidate: it would be correct only for changes
 * that publish an event, on every replica, with the event delivered. The reads of requests that arrive together are
 * one query (LookupBatch): each request's read still starts after the request arrived, so it sees every change
 * committed before, while under load one round trip serves many requests.
 * Idleness is judged by the row's `last_seen_at` too (written at most once a minute), so every replica agrees. What a
 * process keeps per session is bookkeeping only: when it last wrote `last_seen_at`, and the internal token it signed
 * (reused only for the same role and origin).
 */
export class SessionStore {
  readonly #orm: MikroORM;
  readonly #idleMs: number;
  readonly #touchEveryMs: number;
  readonly #secureOrigin: boolean;
  readonly #log: Logger;
  readonly #sign: (id: Identity) => string;
  readonly #cache: LRUCache<string, ActiveSession>;
  readonly #lookups: LookupBatch<string, LookupRow>;

  constructor(o: {
    orm: MikroORM;
    reader: TenantReader;
    idleMinutes: number;
    secureOrigin: boolean;
    logger: Logger;
    sign: (id: Identity) => string;
  }) {
    this.#orm = o.orm;
    this.#idleMs = o.idleMinutes * 60_000;
    this.#touchEveryMs = Math.min(TOUCH_EVERY_MS, this.#idleMs / 4);
    this.#secureOrigin = o.secureOrigin;
    this.#log = o.logger;
    this.#sign = o.sign;
    this.#cache = new LRUCache<string, ActiveSession>({ max: 100_000, ttl: this.#idleMs, updateAgeOnGet: true });
    this.#lookups = new LookupBatch(async (hashes) => {
      const rows = await o.reader.queryUnscoped<LookupRow>(LOOKUP_SQL, [hashes]);
      return new Map(rows.map((r) => [r.id_hash, r]));
    });
  }

  #secure(req: FastifyRequest) {
    return this.#secureOrigin || req.protocol === 'https';
  }

  #rawId(req: FastifyRequest): string | undefined {
    const v = req.cookies[SECURE_COOKIE] ?? req.cookies[COOKIE];
    return v && /^[A-Za-z0-9_-]{43}$/.test(v) ? v : undefined;
  }

  /** True when the request carries a session cookie at all (valid or not): CSRF rules apply to it. */
  hasCookie(req: FastifyRequest) {
    return req.cookies[SECURE_COOKIE] !== undefined || req.cookies[COOKIE] !== undefined;
  }

  /** Creates a session (a new id at every sign-in) and sets its cookie; a previous session of the request ends. */
  async start(req: FastifyRequest, reply: FastifyReply, s: { userId: string; tenantId: string }) {
    const previous = this.#rawId(req);
    if (previous) await this.#delete(hashSessionId(previous));
    const raw = randomBytes(32).toString('base64url');
    const idHash = hashSessionId(raw);
    const em = this.#orm.em.fork();
    const now = new Date();
    em.create(SessionEntity, {
      idHash,
      userId: s.userId,
      organizationId: s.tenantId,
      lastSeenAt: now,
      ip: req.ip ?? null,
      userAgent: userAgentOf(req),
    });
    await em.flush();
    const secure = this.#secure(req);
    reply.setCookie(secure ? SECURE_COOKIE : COOKIE, raw, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure,
      maxAge: Math.floor(this.#idleMs / 1000),
    });
  }

  /**
   * The request's live session with its user's current role, or null (missing, unknown, idle too long, or no
   * membership). When the organization requires two-factor sign-in and the person has not set it up, it throws
   * TwoFactorEnrollmentRequired (403) unless `o.enrolling` (the few routes that enrolment needs): every other call,
   * the gateway's own and the proxied ones alike, is closed until then.
   */
  async get(req: FastifyRequest, o: { enrolling?: boolean } = {}): Promise<ActiveSession | null> {
    const raw = this.#rawId(req);
    if (!raw) return null;
    const idHash = hashSessionId(raw);
    const now = Date.now();
    const row = await this.#lookups.get(idHash);
    if (!row) {
      this.#cache.delete(idHash);
      return null;
    }
    if (row.role === null) {
      // Removed from the organization: the session ends now, not at its next sign-in.
      await this.#delete(idHash);
      return null;
    }
    const role = Role.parse(row.role);
    let s = this.#cache.get(idHash);
    if (!s || s.userId !== row.user_id || s.tenantId !== row.organization_id) {
      s = { idHash, userId: row.user_id, tenantId: row.organization_id, role, enrollmentRequired: row.enrollment_required };
      this.#cache.set(idHash, s);
    } else {
      s.role = role;
      s.enrollmentRequired = row.enrollment_required;
    }
    const seen = Math.max(new Date(row.last_seen_at).getTime(), s.touchedAt ?? 0);
    if (now - seen > this.#idleMs) {
      await this.#delete(idHash);
      return null;
    }
    if (now - seen > this.#touchEveryMs) {
      s.touchedAt = now;
      this.#orm.em
        .fork()
        .nativeUpdate(SessionEntity, { idHash }, { lastSeenAt: new Date(now), ip: req.ip ?? null })
        .catch((err: unknown) => this.#log.warn({ err }, 'could not record session activity'));
    }
    if (s.enrollmentRequired && !o.enrolling) throw new TwoFactorEnrollmentRequired();
    return s;
  }

  /**
   * Whether a session found earlier (a long-lived request's: the live stream) still stands as it was: not ended, not
   * idle too long, its user still a member of the same organization with the same role. Reads without counting as activity.
   */
  async stillValid(s: ActiveSession): Promise<boolean> {
    const row = await this.#lookups.get(s.idHash);
    if (!row || row.role !== s.role || row.user_id !== s.userId || row.organization_id !== s.tenantId || row.enrollment_required)
      return false;
    const seen = Math.max(new Date(row.last_seen_at).getTime(), this.#cache.get(s.idHash)?.touchedAt ?? 0);
    return Date.now() - seen <= this.#idleMs;
  }

  /** Every live session of a person (any organization), newest activity first. */
  async list(userId: string): Promise<SessionRow[]> {
    const since = new Date(Date.now() - this.#idleMs);
    return this.#orm.em.getConnection().execute<SessionRow[]>(
      `select s.id, s.id_hash, s.ip, s.user_agent, o.name as organization, s.created_at, s.last_seen_at
         from gateway.sessions s join gateway.organizations o on o.id = s.organization_id
        where s.user_id = ? and s.last_seen_at > ?
        order by s.last_seen_at desc, s.created_at desc`,
      [userId, since],
    );
  }

  /** Ends every session of a person but `keep` (an id hash; none: all of them). Answers how many ended. */
  async endAllOf(userId: string, keep?: string): Promise<number> {
    const where = keep ? { userId, idHash: { $ne: keep } } : { userId };
    const rows = await this.#orm.em.fork().find(SessionEntity, where, { fields: ['idHash'] });
    for (const r of rows) this.#cache.delete(r.idHash);
    return this.#orm.em.fork().nativeDelete(SessionEntity, where);
  }

  /** Ends one session of a person by its public id; null when the person has no such session. */
  async endOne(userId: string, id: string): Promise<{ idHash: string } | null> {
    const [row] = await this.#orm.em
      .getConnection()
      .execute<{ id_hash: string }[]>(`delete from gateway.sessions where id = ? and user_id = ? returning id_hash`, [id, userId]);
    if (!row) return null;
    this.#cache.delete(row.id_hash);
    return { idHash: row.id_hash };
  }

  /** Clears the request's session cookie (its row is gone already). */
  clearCookie(reply: FastifyReply) {
    reply.clearCookie(COOKIE, { path: '/' });
    reply.clearCookie(SECURE_COOKIE, { path: '/', secure: true });
  }

  /**
   * The signed internal token for a session and the request's origin (its ip and user agent, which the audit log
   * records with each change), reused while it has enough life left and the origin and the role are the same.
   */
  token(s: ActiveSession, origin: { ip?: string | null; userAgent?: string | null } = {}): string {
    const now = Date.now();
    const from = `${origin.ip ?? ''}\n${origin.userAgent ?? ''}`;
    if (!s.token || (s.tokenExpiresAt ?? 0) - now < TOKEN_REUSE_MARGIN_MS || s.tokenOrigin !== from || s.tokenRole !== s.role) {
      s.tokenOrigin = from;
      s.tokenRole = s.role;
      s.token = this.#sign({ tenantId: s.tenantId, userId: s.userId, role: s.role, scopes: [], ...origin });
      s.tokenExpiresAt = now + 60_000;
    }
    return s.token;
  }

  /** Ends the request's session and clears its cookie. */
  async end(req: FastifyRequest, reply: FastifyReply) {
    const raw = this.#rawId(req);
    if (raw) await this.#delete(hashSessionId(raw));
    reply.clearCookie(COOKIE, { path: '/' });
    reply.clearCookie(SECURE_COOKIE, { path: '/', secure: true });
  }

  async #delete(idHash: string) {
    this.#cache.delete(idHash);
    await this.#orm.em.fork().nativeDelete(SessionEntity, { idHash });
  }
}
