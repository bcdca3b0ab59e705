import { createHash } from 'node:crypto';
import type { EntityManager } from '@billpoint/kit';
import { Conflict, Invalid, Unprocessable, scanTenants, tenantEm } from '@billpoint/kit';
import { IDEMPOTENCY_TTL_HOURS } from '@billpoint/proto';

/** A stored answer to replay. */
export interface StoredAnswer {
  statusCode: number;
  contentType: string | null;
  body: string;
}

export type Claim = { kind: 'claimed' } | { kind: 'replay'; answer: StoredAnswer };

/** An Idempotency-Key: printable ASCII, 1–255 characters (Stripe's limit). */
export function parseIdempotencyKey(v: string | string[] | undefined): string | null {
  if (v === undefined) return null;
  const key = Array.isArray(v) ? v[0] : v;
  if (key === undefined || !/^[\x21-\x7e]{1,255}$/.test(key))
    throw new Invalid('Idempotency-Key must be 1 to 255 printable characters without spaces', 'Idempotency-Key');
  return key;
}

/** What makes two requests "the same": method, path and the body's bytes. */
export const requestHash = (method: string, path: string, body: Buffer | string | undefined) =>
  createHash('sha256')
    .update(`${method} ${path}\n`)
    .update(body ?? '')
    .digest('hex');

/**
 * Idempotency-Key with Stripe's semantics (docs.stripe.com/api/idempotent_requests): the first request with a key
 * claims it; the same key with the same request within 24 h replays the first answer; with another request → 422;
 * while the first is still running → 409. An answer of 5xx is not kept (the key is released so a retry runs the
 * request again), nor is a claim older than `staleAfterMs` (its holder crashed), which the next request takes over.
 */
export class IdempotencyStore {
  readonly #root: EntityManager;
  readonly #staleAfterMs: number;

  constructor(o: { root: EntityManager; staleAfterMs: number }) {
    this.#root = o.root;
    this.#staleAfterMs = o.staleAfterMs;
  }

  async claim(tenantId: string, apiKeyId: string, key: string, hash: string): Promise<Claim> {
    const em = tenantEm(this.#root, { tenantId });
    return em.transactional(async (tx) => {
      // Insert, or take over an expired or abandoned row, in one statement; otherwise the row as it is.
      const taken = await tx.execute<{ claimed: boolean }[]>(
        `insert into gateway.idempotency_keys as k (tenant_id, api_key_id, idempotency_key, request_hash, state)
           values (?, ?, ?, ?, 'started')
         on conflict (tenant_id, api_key_id, idempotency_key) do update
           set request_hash = excluded.request_hash, state = 'started', status_code = null, response_type = null,
               response_body = null, created_at = now(), claimed_at = now()
           where k.created_at < now() - make_interval(hours => ?)
              or (k.state = 'started' and k.claimed_at < now() - make_interval(secs => ?))
         returning true as claimed`,
        [tenantId, apiKeyId, key, hash, IDEMPOTENCY_TTL_HOURS, this.#staleAfterMs / 1000],
      );
      if (taken.length) return { kind: 'claimed' } as const;
      const [row] = await tx.execute<
        { request_hash: string; state: string; status_code: number; response_type: string | null; response_body: string }[]
      >(
        `select request_hash, state, status_code, response_type, response_body from gateway.idempotency_keys
          where tenant_id = ? and api_key_id = ? and idempotency_key = ?`,
        [tenantId, apiKeyId, key],
      );
      if (!row) throw new Conflict('A request with this Idempotency-Key is in progress; retry it in a moment');
      if (row.request_hash !== hash)
        throw new Unprocessable('This Idempotency-Key was already used with a different request; use a new key for a new request');
      if (row.state !== 'done') throw new Conflict('A request with this Idempotency-Key is in progress; retry it in a moment');
      return { kind: 'replay', answer: { statusCode: row.status_code, contentType: row.response_type, body: row.response_body } } as const;
    });
  }

  /** Keeps the answer of a claimed key (or releases the key after a 5xx). */
  async complete(tenantId: string, apiKeyId: string, key: string, answer: StoredAnswer) {
    const em = tenantEm(this.#root, { tenantId });
    await em.transactional(async (tx) => {
      if (answer.statusCode >= 500)
        await tx.execute(
          `delete from gateway.idempotency_keys where tenant_id = ? and api_key_id = ? and idempotency_key = ? and state = 'started'`,
          [tenantId, apiKeyId, key],
        );
      else
        await tx.execute(
          `update gateway.idempotency_keys set state = 'done', status_code = ?, response_type = ?, response_body = ?
            where tenant_id = ? and api_key_id = ? and idempotency_key = ? and state = 'started'`,
          [answer.statusCode, answer.contentType, answer.body, tenantId, apiKeyId, key],
        );
    });
  }

  /** Deletes keys older than 24 h (the periodic job): tenants found through the scan role, rows deleted per tenant. */
  async purgeExpired(): Promise<number> {
    const tenants: { tenant_id: string }[] = await scanTenants(this.#root, 'gateway', (em) =>
      em.execute<{ tenant_id: string }[]>(
        `select distinct tenant_id from gateway.idempotency_keys where created_at < now() - make_interval(hours => ?)`,
        [IDEMPOTENCY_TTL_HOURS],
      ),
    );
    let n = 0;
    for (const { tenant_id } of tenants) {
      const em = tenantEm(this.#root, { tenantId: tenant_id });
      const res = await em.transactional((tx) =>
        tx.execute(
          `delete from gateway.idempotency_keys where created_at < now() - make_interval(hours => ?)`,
          [IDEMPOTENCY_TTL_HOURS],
          'run',
        ),
      );
      n += (res as { affectedRows?: number }).affectedRows ?? 0;
    }
    return n;
  }
}
