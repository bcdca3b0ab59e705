import { LRUCache } from 'lru-cache';
import type { ApiKeyGrant } from '@billpoint/proto';

/** What an API key stands for, as the integrations service answers it (IntegrationsApiKeyVerifyRpc). */
export type ApiPrincipal = ApiKeyGrant;

/** Asks the owner of the keys (integrations, over NATS) who a key's hash belongs to; null: unknown, revoked or inactive. */
export type KeyResolver = (keyHash: string) => Promise<ApiPrincipal | null>;

/**
 * Verified keys kept in memory, so that a call with a key costs no round trip to the integrations service: a
 * known key for `ttlMs` (a safety net), an unknown one for `negativeTtlMs` (so a flood of bad keys does not turn
 * into a flood of lookups). A revocation event drops the key at once on every replica (`forget`); the TTL bounds
 * how long a lost event could keep a revoked key alive. Concurrent first calls with one key share one lookup.
 */
export class ApiKeyCache {
  readonly #resolve: KeyResolver;
  readonly #known: LRUCache<string, ApiPrincipal>;
  readonly #unknown: LRUCache<string, true>;
  readonly #inflight = new Map<string, Promise<ApiPrincipal | null>>();
  readonly #byKeyId = new Map<number, string>();
  readonly #now: () => number;

  constructor(o: { resolve: KeyResolver; ttlMs?: number; negativeTtlMs?: number; max?: number; now?: () => number }) {
    this.#resolve = o.resolve;
    this.#now = o.now ?? Date.now;
    this.#known = new LRUCache({
      max: o.max ?? 10_000,
      ttl: o.ttlMs ?? 5_000,
      dispose: (p) => void this.#byKeyId.delete(p.keyId),
    });
    this.#unknown = new LRUCache({ max: o.max ?? 10_000, ttl: o.negativeTtlMs ?? 2_000 });
  }

  /** The principal of a key (by its hash), or null. An expired key is null whatever the cache holds. */
  async get(keyHash: string): Promise<ApiPrincipal | null> {
    const hit = this.#known.get(keyHash);
    if (hit) return this.#live(hit);
    if (this.#unknown.has(keyHash)) return null;
    let pending = this.#inflight.get(keyHash);
    if (!pending) {
      pending = this.#resolve(keyHash).finally(() => this.#inflight.delete(keyHash));
      this.#inflight.set(keyHash, pending);
      const p = await pending;
      if (p) {
        this.#known.set(keyHash, p);
        this.#byKeyId.set(p.keyId, keyHash);
      } else this.#unknown.set(keyHash, true);
      return p && this.#live(p);
    }
    const p = await pending;
    return p && this.#live(p);
  }

  #live(p: ApiPrincipal): ApiPrincipal | null {
    return p.expiresAt && Date.parse(p.expiresAt) <= this.#now() ? null : p;
  }

  /** A key was revoked, deleted or changed: the next call looks it up again. */
  forget(keyId: number) {
    const hash = this.#byKeyId.get(keyId);
    if (hash) this.#known.delete(hash);
  }

  /** Every cached key (a tenant deleted, a lost connection to the bus). */
  clear() {
    this.#known.clear();
    this.#unknown.clear();
  }
}
