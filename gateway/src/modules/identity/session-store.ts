import { createHash, randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Role } from '@billpoint/proto';
import type { Identity, Logger } from '@billpoint/kit';
import { SessionEntity } from './identity.entities.ts';

export interface ActiveSession {
  idHash: string;
  userId: string;
  tenantId: string;
  /** The user's role in the organization as the membership says now (read with the session at every request). */
  role: Role;
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
 * The session and the role its user has in its organization now: one round trip on two primary/unique keys. No
 * membership (the user was removed from the organization) leaves `role` null: the session ends.
 */
const LOOKUP_SQL = `select s.user_id, s.organization_id, s.last_seen_at, m.role
  from gateway.sessions s
  left join gateway.memberships m on m.user_id = s.user_id and m.organization_id = s.organization_id
  where s.id_hash = ?`;
interface LookupRow {
  user_id: string;
  organization_id: string;
  last_seen_at: Date | string;
  role: string | null;
}

/**
 * Server-side sessions: the cookie holds 256 random bits; the table holds only their SHA-256, so a database
 * leak yields no usable cookie.
 *
 * Every request reads its session row joined with the membership, so a role change, a removal from the
 * organization or a logout on another replica applies to the very next request, whoever made it (the app, a later
 * members API, an operator in SQL). Why not a cache that events invalidate: it would be correct only for changes
 * that publish an event, on every replica, with the event delivered, while this costs one indexed read per request.
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

  constructor(o: { orm: MikroORM; idleMinutes: number; secureOrigin: boolean; logger: Logger; sign: (id: Identity) => string }) {
    this.#orm = o.orm;
    this.#idleMs = o.idleMinutes * 60_000;
    this.#touchEveryMs = Math.min(TOUCH_EVERY_MS, this.#idleMs / 4);
    this.#secureOrigin = o.secureOrigin;
    this.#log = o.logger;
    this.#sign = o.sign;
    this.#cache = new LRUCache<string, ActiveSession>({ max: 100_000, ttl: this.#idleMs, updateAgeOnGet: true });
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
    em.create(SessionEntity, { idHash, userId: s.userId, organizationId: s.tenantId, lastSeenAt: now });
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

  /** The request's live session with its user's current role, or null (missing, unknown, idle too long, or no membership). */
  async get(req: FastifyRequest): Promise<ActiveSession | null> {
    const raw = this.#rawId(req);
    if (!raw) return null;
    const idHash = hashSessionId(raw);
    const now = Date.now();
    const [row] = await this.#orm.em.getConnection().execute<LookupRow[]>(LOOKUP_SQL, [idHash]);
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
      s = { idHash, userId: row.user_id, tenantId: row.organization_id, role };
      this.#cache.set(idHash, s);
    } else s.role = role;
    const seen = Math.max(new Date(row.last_seen_at).getTime(), s.touchedAt ?? 0);
    if (now - seen > this.#idleMs) {
      await this.#delete(idHash);
      return null;
    }
    if (now - seen > this.#touchEveryMs) {
      s.touchedAt = now;
      this.#orm.em
        .fork()
        .nativeUpdate(SessionEntity, { idHash }, { lastSeenAt: new Date(now) })
        .catch((err: unknown) => this.#log.warn({ err }, 'could not record session activity'));
    }
    return s;
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
