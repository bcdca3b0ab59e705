/**
 * Reads by key that requests share: the keys asked for together (in one turn of the event loop, or while as many
 * reads as allowed are under way) wait for the next read, which asks for all of them at once (up to maxKeys). Each
 * caller still gets an answer read AFTER it asked — never one from a read that was already under way, or an answer
 * kept from before — so a batched read says exactly what a read of its own would have said at that moment; under
 * load many requests share one round trip instead of each making its own.
 */
export class LookupBatch<K, V> {
  readonly #read: (keys: K[]) => Promise<Map<K, V>>;
  readonly #maxInFlight: number;
  readonly #maxKeys: number;
  #waiting = new Map<K, { resolve: (v: V | undefined) => void; reject: (err: unknown) => void }[]>();
  #inFlight = 0;
  #scheduled = false;

  /** `read` answers the value of each key it found (a key it did not find: undefined for its callers). */
  constructor(read: (keys: K[]) => Promise<Map<K, V>>, o: { maxInFlight?: number; maxKeys?: number } = {}) {
    this.#read = read;
    this.#maxInFlight = o.maxInFlight ?? 2;
    this.#maxKeys = o.maxKeys ?? 500;
  }

  /** The value of `key` as a read that starts after this call finds it. */
  get(key: K): Promise<V | undefined> {
    return new Promise((resolve, reject) => {
      const waiters = this.#waiting.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else this.#waiting.set(key, [{ resolve, reject }]);
      this.#schedule();
    });
  }

  /**
   * The next read starts once the requests that arrived together have asked (setImmediate: after this turn's I/O
   * callbacks), and only while fewer than `maxInFlight` reads are under way; the others wait for one to end.
   */
  #schedule() {
    if (this.#scheduled || this.#inFlight >= this.#maxInFlight || this.#waiting.size === 0) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      this.#start();
    });
  }

  #start() {
    if (this.#inFlight >= this.#maxInFlight || this.#waiting.size === 0) return;
    let batch = this.#waiting;
    if (batch.size <= this.#maxKeys) this.#waiting = new Map();
    else {
      // The first maxKeys keys now (the longest waiting), the rest in the next read.
      batch = new Map();
      for (const [key, waiters] of this.#waiting) {
        if (batch.size === this.#maxKeys) break;
        batch.set(key, waiters);
        this.#waiting.delete(key);
      }
    }
    this.#inFlight++;
    let read: Promise<Map<K, V>>;
    try {
      read = this.#read([...batch.keys()]);
    } catch (err) {
      read = Promise.reject(err);
    }
    read
      .then(
        (found) => {
          for (const [key, waiters] of batch) {
            const v = found.get(key);
            for (const w of waiters) w.resolve(v);
          }
        },
        (err: unknown) => {
          for (const waiters of batch.values()) for (const w of waiters) w.reject(err);
        },
      )
      .finally(() => {
        this.#inFlight--;
        this.#schedule();
      });
    this.#schedule(); // keys left over (more than maxKeys waited)
  }
}
