import { createHash, randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from '@billpoint/proto';
import type { Identity, Logger } from '@billpoint/kit';
import { SessionEntity } from './identity.entities.ts';

export interface ActiveSession {
  idHash: string;
  userId: string;
  tenantId: string;
  role: Role;
  /** Last request seen by this process (ms). */
  lastSeenAt: number;
  /** Last time the row's last_seen_at was written (ms). */
  storedSeenAt: number;
  token?: string;
  tokenExpiresAt?: number;
  /** The ip and user agent the cached token names (a request from elsewhere gets a token of its own). */
  tokenOrigin?: string;
}

const COOKIE = 'bp_session';
const SECURE_COOKIE = '__Host-bp_session';
/** How long a process trusts its cached copy of a session row (a logout elsewhere takes effect within it). */
const CACHE_TTL_MS = 3_000;
/** last_seen_at is written at most this often per session. */
const TOUCH_EVERY_MS = 60_000;
/** An internal token is reused until this much of its 60 s lifetime is left. */
const TOKEN_REUSE_MARGIN_MS = 25_000;

export const hashSessionId = (raw: string) => createHash('sha256').update(raw).digest('base64url');

/**
 * Server-side sessions: the cookie holds 256 random bits; the table holds only their SHA-256, so a database
 * leak yields no usable cookie. Lookups are cached for a few seconds per process to keep proxying cheap.
 */
export class SessionStore {
  readonly #orm: MikroORM;
  readonly #idleMs: number;
  readonly #secureOrigin: boolean;
  readonly #log: Logger;
  readonly #sign: (id: Identity) => string;
  readonly #cache = new LRUCache<string, ActiveSession>({ max: 100_000, ttl: CACHE_TTL_MS, updateAgeOnGet: false });

  constructor(o: { orm: MikroORM; idleMinutes: number; secureOrigin: boolean; logger: Logger; sign: (id: Identity) => string }) {
    this.#orm = o.orm;
    this.#idleMs = o.idleMinutes * 60_000;
    this.#secureOrigin = o.secureOrigin;
    this.#log = o.logger;
    this.#sign = o.sign;
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
  async start(req: FastifyRequest, reply: FastifyReply, s: { userId: string; tenantId: string; role: Role }) {
    const previous = this.#rawId(req);
    if (previous) await this.#delete(hashSessionId(previous));
    const raw = randomBytes(32).toString('base64url');
    const idHash = hashSessionId(raw);
    const em = this.#orm.em.fork();
    const now = new Date();
    em.create(SessionEntity, { idHash, userId: s.userId, organizationId: s.tenantId, role: s.role, lastSeenAt: now });
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

  /** The request's live session, or null (missing, unknown, or idle too long). */
  async get(req: FastifyRequest): Promise<ActiveSession | null> {
    const raw = this.#rawId(req);
    if (!raw) return null;
    const idHash = hashSessionId(raw);
    const now = Date.now();
    let s = this.#cache.get(idHash);
    if (!s) {
      const row = await this.#orm.em.fork().findOne(SessionEntity, { idHash });
      if (!row) return null;
      const seen = row.lastSeenAt.getTime();
      s = { idHash, userId: row.userId, tenantId: row.organizationId, role: row.role, lastSeenAt: seen, storedSeenAt: seen };
      this.#cache.set(idHash, s);
    }
    if (now - s.lastSeenAt > this.#idleMs) {
      await this.#delete(idHash);
      return null;
    }
    s.lastSeenAt = now;
    if (now - s.storedSeenAt > TOUCH_EVERY_MS) {
      s.storedSeenAt = now;
      this.#orm.em
        .fork()
        .nativeUpdate(SessionEntity, { idHash }, { lastSeenAt: new Date(now) })
        .catch((err: unknown) => this.#log.warn({ err }, 'could not record session activity'));
    }
    return s;
  }

  /**
   * The signed internal token for a session and the request's origin (its ip and user agent, which the audit log
   * records with each change), reused while it has enough life left and the origin is the same.
   */
  token(s: ActiveSession, origin: { ip?: string | null; userAgent?: string | null } = {}): string {
    const now = Date.now();
    const from = `${origin.ip ?? ''}\n${origin.userAgent ?? ''}`;
    if (!s.token || (s.tokenExpiresAt ?? 0) - now < TOKEN_REUSE_MARGIN_MS || s.tokenOrigin !== from) {
      s.tokenOrigin = from;
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
