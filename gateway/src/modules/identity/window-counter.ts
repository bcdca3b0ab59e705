import { Redis } from 'ioredis';
import type { Logger } from '@billpoint/kit';

/** What taking a slot of a counter came to. */
export interface Take {
  /** True: the counter went up by one (a slot is held until its window ends or it is released). */
  taken: boolean;
  /** The count after this call. */
  count: number;
  /** Until the counter's window ends. */
  retryAfterMs: number;
}

/**
 * A counter per key that lives for a fixed window from its first slot. `take` checks and counts in one step, so that
 * parallel callers can never hold more than `limit` slots of a key between them; `release` gives a slot back (a
 * success that should not count); `reset` forgets the key.
 */
export interface WindowCounter {
  take(key: string, limit: number, windowMs: number): Promise<Take>;
  release(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

/** In one process (`npm start` without Redis, or while Redis cannot be reached). `now` is the clock (tests move it). */
export class MemoryWindowCounter implements WindowCounter {
  readonly #entries = new Map<string, { count: number; until: number }>();
  readonly #now: () => number;
  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  #live(key: string) {
    const e = this.#entries.get(key);
    if (e && e.until <= this.#now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return e;
  }

  async take(key: string, limit: number, windowMs: number): Promise<Take> {
    const now = this.#now();
    // Ended windows go once the map is large, so that many one-off keys (addresses, e-mails) do not pile up.
    if (this.#entries.size > 10_000) for (const [k, e] of this.#entries) if (e.until <= now) this.#entries.delete(k);
    const e = this.#live(key);
    if (e && e.count >= limit) return { taken: false, count: e.count, retryAfterMs: e.until - now };
    if (e) e.count++;
    else this.#entries.set(key, { count: 1, until: now + windowMs });
    const cur = this.#entries.get(key)!;
    return { taken: true, count: cur.count, retryAfterMs: cur.until - now };
  }

  async release(key: string) {
    const e = this.#live(key);
    if (e && e.count > 0) e.count--;
  }

  async reset(key: string) {
    this.#entries.delete(key);
  }
}

// One script, so that the check and the increment are one step for Redis (no other client's command between them).
const TAKE = `
local n = tonumber(redis.call('GET', KEYS[1]) or '0')
local ttl = redis.call('PTTL', KEYS[1])
if n >= tonumber(ARGV[1]) and ttl > 0 then return {0, n, ttl} end
if ttl <= 0 then
  n = 0
  redis.call('SET', KEYS[1], 0, 'PX', ARGV[2])
  ttl = tonumber(ARGV[2])
end
n = redis.call('INCR', KEYS[1])
return {1, n, ttl}`;
const RELEASE = `
local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n > 0 then redis.call('DECR', KEYS[1]) end
return n`;

/** Shared by every gateway replica: the counters live in Redis under `prefix`. */
export class RedisWindowCounter implements WindowCounter {
  readonly #redis: Redis;
  readonly #prefix: string;
  constructor(redis: Redis, prefix: string) {
    this.#redis = redis;
    this.#prefix = prefix;
  }

  async take(key: string, limit: number, windowMs: number): Promise<Take> {
    const [taken, count, ttl] = (await this.#redis.eval(TAKE, 1, this.#prefix + key, limit, windowMs)) as [number, number, number];
    return { taken: taken === 1, count, retryAfterMs: ttl };
  }

  async release(key: string) {
    await this.#redis.eval(RELEASE, 1, this.#prefix + key);
  }

  async reset(key: string) {
    await this.#redis.del(this.#prefix + key);
  }
}

/**
 * Redis when it answers, else the in-process counter (logged): the limits keep holding, per process, while Redis is
 * away, rather than letting every guess through.
 */
export class FallbackWindowCounter implements WindowCounter {
  readonly #primary: WindowCounter;
  readonly #fallback: WindowCounter;
  readonly #log: Logger;
  constructor(primary: WindowCounter, fallback: WindowCounter, log: Logger) {
    this.#primary = primary;
    this.#fallback = fallback;
    this.#log = log;
  }

  async #either<T>(run: (c: WindowCounter) => Promise<T>): Promise<T> {
    try {
      return await run(this.#primary);
    } catch (err) {
      this.#log.warn({ err }, 'guess limits: Redis unavailable, counting in this process meanwhile');
      return run(this.#fallback);
    }
  }

  take(key: string, limit: number, windowMs: number) {
    return this.#either((c) => c.take(key, limit, windowMs));
  }
  release(key: string) {
    return this.#either((c) => c.release(key));
  }
  reset(key: string) {
    return this.#either((c) => c.reset(key));
  }
}

/** The counter of a gateway: in Redis with REDIS_URL (falling back to memory while it is away), else in memory. */
export function windowCounter(o: { redisUrl?: string; prefix: string; logger: Logger }): {
  counter: WindowCounter;
  close(): Promise<void>;
} {
  const memory = new MemoryWindowCounter();
  if (!o.redisUrl) return { counter: memory, close: async () => {} };
  const redis = new Redis(o.redisUrl, { connectTimeout: 1_000, commandTimeout: 1_000, maxRetriesPerRequest: 1 });
  redis.on('error', () => {}); // each failed command is logged where it falls back
  return {
    counter: new FallbackWindowCounter(new RedisWindowCounter(redis, o.prefix), memory, o.logger),
    close: async () => void (await redis.quit().catch(() => redis.disconnect())),
  };
}
