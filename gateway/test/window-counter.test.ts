import { afterAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { randomName, waitFor } from '@billpoint/kit/testing';
import { createLogger } from '@billpoint/kit';
import {
  FallbackWindowCounter,
  MemoryWindowCounter,
  RedisWindowCounter,
  type WindowCounter,
} from '../src/modules/identity/window-counter.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redis = new Redis(REDIS_URL);
afterAll(() => redis.quit());

const prefix = `${randomName('wc')}:`;
const stores: [string, () => WindowCounter][] = [
  ['in memory', () => new MemoryWindowCounter()],
  ['in Redis', () => new RedisWindowCounter(redis, prefix)],
];

describe.each(stores)('a window counter %s', (_name, make) => {
  it('lets parallel callers take at most the limit between them, and says how long the window has left', async () => {
    const c = make();
    const key = randomName('k');
    const takes = await Promise.all(Array.from({ length: 30 }, () => c.take(key, 10, 60_000)));
    expect(takes.filter((t) => t.taken)).toHaveLength(10);
    expect(takes.filter((t) => !t.taken).every((t) => t.count === 10)).toBe(true);
    for (const t of takes) {
      expect(t.retryAfterMs).toBeGreaterThan(50_000);
      expect(t.retryAfterMs).toBeLessThanOrEqual(60_000);
    }
    // Another key has its own count.
    expect((await c.take(randomName('k'), 10, 60_000)).taken).toBe(true);
  });

  it('gives a released slot back, and forgets a reset key', async () => {
    const c = make();
    const key = randomName('k');
    for (let i = 0; i < 3; i++) expect((await c.take(key, 3, 60_000)).taken).toBe(true);
    expect((await c.take(key, 3, 60_000)).taken).toBe(false);
    await c.release(key);
    expect(await c.take(key, 3, 60_000)).toMatchObject({ taken: true, count: 3 });
    await c.reset(key);
    expect(await c.take(key, 3, 60_000)).toMatchObject({ taken: true, count: 1 });
    // Releasing a key never taken does not make room below zero.
    const fresh = randomName('k');
    await c.release(fresh);
    expect(await c.take(fresh, 1, 60_000)).toMatchObject({ taken: true, count: 1 });
  });
});

describe('the window', () => {
  it('in memory: ends windowMs after the first slot, then counts from zero', async () => {
    let now = 1_000_000;
    const c = new MemoryWindowCounter(() => now);
    expect((await c.take('k', 1, 60_000)).taken).toBe(true);
    now += 30_000;
    expect(await c.take('k', 1, 60_000)).toMatchObject({ taken: false, retryAfterMs: 30_000 });
    now += 30_000;
    expect(await c.take('k', 1, 60_000)).toMatchObject({ taken: true, count: 1, retryAfterMs: 60_000 });
  });

  it('in Redis: the key expires with its window, then counts from zero', async () => {
    const c = new RedisWindowCounter(redis, prefix);
    const key = randomName('k');
    await c.take(key, 1, 60_000);
    const ttl = await redis.pttl(prefix + key);
    expect(ttl).toBeGreaterThan(50_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
    const short = randomName('k');
    expect((await c.take(short, 1, 300)).taken).toBe(true);
    expect((await c.take(short, 1, 300)).taken).toBe(false);
    const again = await waitFor(
      async () => {
        const t = await c.take(short, 1, 60_000);
        return t.taken && t;
      },
      5_000,
      50,
    );
    expect(again).toMatchObject({ count: 1 });
  });
});

describe('without Redis', () => {
  it('counts in the process with the same rule while Redis cannot be reached', async () => {
    const down = new Redis('redis://127.0.0.1:1', { lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false });
    down.on('error', () => {});
    const c = new FallbackWindowCounter(new RedisWindowCounter(down, prefix), new MemoryWindowCounter(), createLogger('test', 'silent'));
    const takes = await Promise.all(Array.from({ length: 5 }, () => c.take('k', 2, 60_000)));
    expect(takes.filter((t) => t.taken)).toHaveLength(2);
    down.disconnect();
  });
});
