import { describe, expect, it } from 'vitest';
import { LookupBatch } from '../src/modules/identity/lookup-batch.ts';

/** A read (of `values` as they are when it starts) whose answer the test releases: each call records its keys. */
function controlledRead(values: Record<string, number>) {
  const calls: { keys: string[]; release: () => void; fail: (err: Error) => void }[] = [];
  const read = (keys: string[]) =>
    new Promise<Map<string, number>>((resolve, reject) => {
      const found = new Map(keys.filter((k) => k in values).map((k) => [k, values[k]!]));
      calls.push({ keys, release: () => resolve(found), fail: reject });
    });
  return { calls, read };
}
/** Until the batch has started the reads it will start (it starts them from setImmediate). */
const turn = () => new Promise((r) => setImmediate(r));

describe('LookupBatch', () => {
  it('answers the keys asked together with one read, each caller its own value (unknown: undefined)', async () => {
    const { calls, read } = controlledRead({ a: 1, b: 2 });
    const batch = new LookupBatch(read);
    const answers = Promise.all([batch.get('a'), batch.get('b'), batch.get('a'), batch.get('x')]);
    await turn();
    expect(calls.map((c) => c.keys)).toEqual([['a', 'b', 'x']]);
    calls[0]!.release();
    expect(await answers).toEqual([1, 2, 1, undefined]);
  });

  it('never answers a caller from a read that started before it asked', async () => {
    const values = { a: 1 };
    const { calls, read } = controlledRead(values);
    const batch = new LookupBatch(read, { maxInFlight: 1 });
    const first = batch.get('a');
    await turn();
    expect(calls).toHaveLength(1);
    // Asked while the first read is under way (the value changes meanwhile): it waits for a read of its own.
    values.a = 2;
    const second = batch.get('a');
    await turn();
    expect(calls).toHaveLength(1);
    calls[0]!.release();
    expect(await first).toBe(1);
    await turn();
    await turn();
    expect(calls).toHaveLength(2);
    calls[1]!.release();
    expect(await second).toBe(2);
  });

  it('runs up to maxInFlight reads at once and fails every caller of a failed read (and only those)', async () => {
    const { calls, read } = controlledRead({ a: 1, b: 2 });
    const batch = new LookupBatch(read, { maxInFlight: 2 });
    const a = batch.get('a');
    await turn();
    const b = batch.get('b');
    const b2 = batch.get('b');
    await turn();
    expect(calls.map((c) => c.keys)).toEqual([['a'], ['b']]);
    calls[0]!.fail(new Error('connection lost'));
    calls[1]!.release();
    await expect(a).rejects.toThrow('connection lost');
    expect(await Promise.all([b, b2])).toEqual([2, 2]);
    // A read that throws instead of rejecting fails its callers the same way, and the batch goes on.
    const throwing = new LookupBatch<string, number>(() => {
      throw new Error('bad');
    });
    await expect(throwing.get('a')).rejects.toThrow('bad');
    await expect(throwing.get('a')).rejects.toThrow('bad');
  });

  it('reads at most maxKeys keys at once, the longest waiting first', async () => {
    const { calls, read } = controlledRead({ a: 1, b: 2, c: 3 });
    const batch = new LookupBatch(read, { maxInFlight: 2, maxKeys: 2 });
    const answers = Promise.all(['a', 'b', 'c'].map((k) => batch.get(k)));
    await turn();
    await turn();
    expect(calls.map((c) => c.keys)).toEqual([['a', 'b'], ['c']]);
    for (const c of calls) c.release();
    expect(await answers).toEqual([1, 2, 3]);
  });
});
