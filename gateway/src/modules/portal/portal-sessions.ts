import { createHash, randomBytes } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PORTAL_LINK_TTL_MS, portalUserId } from '@billpoint/proto';
import type { Identity } from '@billpoint/kit';

/** A customer signed in to the portal: one customer of one organization. */
export interface PortalSession {
  idHash: string;
  tenantId: string;
  customerId: number;
}

/** The portal's cookie: its own, never the staff session's (`bp_session`), so neither can stand for the other. */
export const PORTAL_COOKIE = 'bp_portal';
/** A portal session ends after 30 minutes without a request, and 12 hours after sign-in whatever happens. */
export const PORTAL_IDLE_MS = 30 * 60_000;
export const PORTAL_ABSOLUTE_MS = 12 * 3_600_000;
/** last_seen_at is written at most this often per session. */
const TOUCH_EVERY_MS = 60_000;

export const sha256 = (raw: string) => createHash('sha256').update(raw).digest('base64url');
const RAW_ID = /^[A-Za-z0-9_-]{43}$/;

/**
 * Sign-in links and portal sessions. Both keep only the SHA-256 of their secret. A link is used once: the exchange is
 * one `update … where used_at is null and expires_at > now() returning`, so two requests with the same link cannot
 * both start a session.
 */
export class PortalSessions {
  readonly #orm: MikroORM;
  readonly #secureOrigin: boolean;
  readonly #sign: (id: Identity) => string;
  constructor(o: { orm: MikroORM; secureOrigin: boolean; sign: (id: Identity) => string }) {
    this.#orm = o.orm;
    this.#secureOrigin = o.secureOrigin;
    this.#sign = o.sign;
  }

  #db() {
    return this.#orm.em.getConnection();
  }

  /** A new sign-in link's token for a customer; only its hash is stored. */
  async issueLink(tenantId: string, customerId: number): Promise<string> {
    const raw = randomBytes(32).toString('base64url');
    await this.#db().execute(
      `insert into gateway.portal_sign_in_tokens (token_hash, organization_id, customer_id, expires_at) values (?, ?, ?, ?)`,
      [sha256(raw), tenantId, customerId, new Date(Date.now() + PORTAL_LINK_TTL_MS)],
    );
    return raw;
  }

  /** Uses a link's token (once, before it expires) and starts a session with its cookie; null when it cannot. */
  async start(req: FastifyRequest, reply: FastifyReply, token: string): Promise<PortalSession | null> {
    const [link] = await this.#db().execute<{ organization_id: string; customer_id: string }[]>(
      `update gateway.portal_sign_in_tokens set used_at = now()
        where token_hash = ? and used_at is null and expires_at > now() returning organization_id, customer_id`,
      [sha256(token)],
    );
    if (!link) return null;
    await this.end(req, reply); // a previous portal session of this browser ends
    const raw = randomBytes(32).toString('base64url');
    const s: PortalSession = { idHash: sha256(raw), tenantId: link.organization_id, customerId: Number(link.customer_id) };
    await this.#db().execute(
      `insert into gateway.portal_sessions (id_hash, organization_id, customer_id, expires_at) values (?, ?, ?, ?)`,
      [s.idHash, s.tenantId, s.customerId, new Date(Date.now() + PORTAL_ABSOLUTE_MS)],
    );
    reply.setCookie(PORTAL_COOKIE, raw, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: this.#secureOrigin || req.protocol === 'https',
      maxAge: Math.floor(PORTAL_ABSOLUTE_MS / 1000),
    });
    return s;
  }

  /** The request's live portal session, or null (no cookie, unknown, idle 30 minutes, or past 12 hours). */
  async get(req: FastifyRequest): Promise<PortalSession | null> {
    const raw = req.cookies[PORTAL_COOKIE];
    if (!raw || !RAW_ID.test(raw)) return null;
    const idHash = sha256(raw);
    const [row] = await this.#db().execute<{ organization_id: string; customer_id: string; idle_ms: number }[]>(
      `select organization_id, customer_id, (extract(epoch from now() - last_seen_at) * 1000)::float8 as idle_ms
         from gateway.portal_sessions where id_hash = ? and expires_at > now()`,
      [idHash],
    );
    if (!row || row.idle_ms > PORTAL_IDLE_MS) {
      if (row) await this.#db().execute(`delete from gateway.portal_sessions where id_hash = ?`, [idHash]);
      return null;
    }
    if (row.idle_ms > TOUCH_EVERY_MS)
      await this.#db().execute(`update gateway.portal_sessions set last_seen_at = now() where id_hash = ?`, [idHash]);
    return { idHash, tenantId: row.organization_id, customerId: Number(row.customer_id) };
  }

  /** The internal token of a portal caller: `sub` = `portal:<customerId>`, role `user`, no scopes. */
  token(s: PortalSession, origin: { ip?: string | null; userAgent?: string | null } = {}): string {
    return this.#sign({ tenantId: s.tenantId, userId: portalUserId(s.customerId), role: 'user', scopes: [], ...origin });
  }

  /** Ends the request's portal session (if any) and clears its cookie. */
  async end(req: FastifyRequest, reply: FastifyReply) {
    const raw = req.cookies[PORTAL_COOKIE];
    if (raw && RAW_ID.test(raw)) await this.#db().execute(`delete from gateway.portal_sessions where id_hash = ?`, [sha256(raw)]);
    reply.clearCookie(PORTAL_COOKIE, { path: '/' });
  }

  /** The job: forgets used or expired links and ended sessions. */
  async purge(): Promise<void> {
    await this.#db().execute(`delete from gateway.portal_sign_in_tokens where expires_at < now() - interval '1 day'`);
    await this.#db().execute(
      `delete from gateway.portal_sessions where expires_at < now() or last_seen_at < now() - make_interval(secs => ?)`,
      [PORTAL_IDLE_MS / 1000],
    );
  }
}
