import { createHash } from 'node:crypto';
import type { EntityManager } from '@billpoint/kit';
import { AppError, Conflict, Invalid, scanTenants, tenantEm } from '@billpoint/kit';
import { IDEMPOTENCY_TTL_HOURS } from '@billpoint/proto';

/** A stored answer to replay (JSON text), or a fresh one to send (a PDF's bytes, with the headers it needs). */
export interface StoredAnswer {
  statusCode: number;
  contentType: string | null;
  body: string | Buffer;
  headers?: Record<string, string>;
}

export type Claim = { kind: 'claimed' } | { kind: 'replay'; answer: StoredAnswer };

/** An Idempotency-Key: printable ASCII, 1–255 characters (Stripe's limit). */
export function parseIdempotencyKey(v: string | string[] | undefined): string | null {
  if (v === undefined) return null;
  const key = Array.isArray(v) ? v[0] : v;
  if (key === undefined || !/^[\x21-\x7e]{1,255}$/.test(key)) {
    const err = new Invalid('Idempotency-Key must be 1 to 255 printable characters without spaces', 'Idempotency-Key');
    err.code = 'idempotency_key_invalid';
    throw err;
  }
  return key;
}

/** JSON with every object's keys in order: the same data sent with its keys in another order is the same request. */
export function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v) ?? 'null';
}

/** What makes two requests "the same": method, path, the query and the body as canonical JSON. */
export const requestHash = (method: string, path: string, query: unknown, body: unknown) =>
  createHash('sha256')
    .update(`${method} ${path}\n${canonicalJson(query)}\n${canonicalJson(body ?? null)}`)
    .digest('hex');

/**
 * Idempotency-Key with Stripe's semantics (docs.stripe.com/api/idempotent_requests), keys scoped per organization:
 * the first request with a key claims it; the same key with the same request within 24 h replays the first answer;
 * with another request → 422; while the first is still running → 409. Only requests that started executing are
 * kept: the gateway claims the key after the request passed validation (a 400 of validation is never stored, so the
 * corrected request may use the same key), an answer of 5xx is not kept (the key is released so a retry runs the
 * request again), nor a claim older than `staleAfterMs` (its holder crashed), which the next request takes over.
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
         on conflict (tenant_id, idempotency_key) do update
           set api_key_id = excluded.api_key_id, request_hash = excluded.request_hash, state = 'started', status_code = null,
               response_type = null, response_body = null, created_at = now(), claimed_at = now()
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
          where tenant_id = ? and idempotency_key = ?`,
        [tenantId, key],
      );
      if (!row) throw inUse();
      if (row.request_hash !== hash)
        throw new AppError(
          422,
          'This Idempotency-Key was already used with a different request; use a new key for a new request',
          undefined,
          'idempotency_key_reused',
        );
      if (row.state !== 'done') throw inUse();
      return { kind: 'replay', answer: { statusCode: row.status_code, contentType: row.response_type, body: row.response_body } } as const;
    });
  }

  /** Keeps the answer of a claimed key (or releases the key after a 5xx). */
  async complete(tenantId: string, key: string, answer: StoredAnswer) {
    const em = tenantEm(this.#root, { tenantId });
    await em.transactional(async (tx) => {
      if (answer.statusCode >= 500 || typeof answer.body !== 'string')
        await tx.execute(`delete from gateway.idempotency_keys where tenant_id = ? and idempotency_key = ? and state = 'started'`, [
          tenantId,
          key,
        ]);
      else
        await tx.execute(
          `update gateway.idempotency_keys set state = 'done', status_code = ?, response_type = ?, response_body = ?
            where tenant_id = ? and idempotency_key = ? and state = 'started'`,
          [answer.statusCode, answer.contentType, answer.body, tenantId, key],
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

const inUse = () => new Conflict('A request with this Idempotency-Key is in progress; retry it in a moment', 'idempotency_key_in_use');
