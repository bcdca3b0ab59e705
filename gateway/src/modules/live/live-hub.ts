import { randomBytes } from 'node:crypto';
import type { Bus, BusMessage, Subscription } from '@billpoint/kit';
import { EVENTS_SUBJECTS, EventEnvelope, liveNoticeOf, type LiveNotice } from '@billpoint/proto';

/** A notice with its place in the event stream. */
export interface Sequenced {
  seq: number;
  notice: LiveNotice;
}

/** Where a stream is: the hub's epoch and the last stream sequence the client has everything up to. */
export interface Position {
  epoch: string;
  seq: number;
}

type Listener = (n: Sequenced) => void;

interface Kept extends Sequenced {
  tenantId: string;
}

/**
 * The live notices of one gateway process: ONE subscription to every event (`evt.>`, a consumer of this process
 * alone: each replica hears everything), made into notices (proto `liveNoticeOf`) and fanned out in memory to the
 * open streams of the event's tenant — the envelope's tenantId decides, nothing else.
 *
 * Resuming (Last-Event-ID): a position is `<epoch>:<seq>`, seq being the event stream's own sequence (JetStream's: the
 * same on every replica, so a stream resumes on another replica; the in-process stream's: then the epoch is this
 * process's, and a position of an earlier process is not resumed). That sequence counts every tenant's events, so a
 * client never sees it: the routes seal it per tenant (LiveCursors). The hub keeps the last `bufferSize` notices of all
 * tenants (a FIFO); a client whose position is still covered gets what it missed, any other gets a reset.
 */
export class LiveHub {
  readonly epoch: string;
  readonly #bufferSize: number;
  readonly #kept: Kept[] = [];
  /** The hub has seen every event after this sequence (null until its first event). */
  #coveredAfter: number | null = null;
  /** The highest sequence seen (0: none yet). */
  #last = 0;
  /** The highest sequence of a notice dropped from the buffer. */
  #droppedUpTo = 0;
  readonly #listeners = new Map<string, Set<Listener>>();

  constructor(o: { epoch: string; bufferSize: number }) {
    this.epoch = o.epoch;
    this.#bufferSize = o.bufferSize;
  }

  /** The epoch of a bus: JetStream's sequences hold across processes, the in-process stream's do not. */
  static epochOf(bus: Pick<Bus, 'kind'>) {
    return bus.kind === 'nats' ? 'js' : randomBytes(6).toString('hex');
  }

  /** The hub's single subscription (per process: every replica hears every event). */
  subscribe(bus: Bus): Promise<Subscription> {
    // Unacknowledged: a notice missed is a gap the client's Last-Event-ID resume turns into a reset, so the hub needs no
    // redelivery — and every event of every tenant passes here, so an ack per event would be most of its bus traffic.
    return bus.subscribe({ durable: 'gateway-live', subject: EVENTS_SUBJECTS, perInstance: true, unacknowledged: true }, async (m) =>
      this.accept(m),
    );
  }

  /** One event of the stream, in stream order (the consumer runs one at a time). Never throws. */
  accept(m: Pick<BusMessage, 'seq' | 'subject' | 'data'>): void {
    if (m.seq <= this.#last) return; // redelivered: already fanned out
    this.#coveredAfter ??= m.seq - 1;
    this.#last = m.seq;
    const env = EventEnvelope.safeParse(m.data);
    if (!env.success) return;
    const notice = liveNoticeOf(m.subject, env.data.data);
    if (!notice) return;
    const kept: Kept = { seq: m.seq, notice, tenantId: env.data.tenantId };
    this.#kept.push(kept);
    while (this.#kept.length > this.#bufferSize) this.#droppedUpTo = this.#kept.shift()!.seq;
    for (const l of this.#listeners.get(kept.tenantId) ?? []) l({ seq: kept.seq, notice });
  }

  /** Where a stream opened now stands: everything of the stream up to here is behind it. */
  head(): Position {
    return { epoch: this.epoch, seq: this.#last };
  }

  /**
   * The tenant's notices after `from` (a client's Last-Event-ID), or 'reset' when the hub cannot tell what it missed
   * (another epoch, older than what is kept, or ahead of what this process has seen).
   */
  since(tenantId: string, from: Position): Sequenced[] | 'reset' {
    if (from.epoch !== this.epoch || from.seq > this.#last) return 'reset';
    // This hub's "before any event" position: everything it has seen came after it.
    const after = from.seq === 0 && this.#coveredAfter !== null ? this.#coveredAfter : from.seq;
    if (this.#coveredAfter !== null && after < this.#coveredAfter) return 'reset';
    if (after < this.#droppedUpTo) return 'reset';
    return this.#kept.filter((k) => k.tenantId === tenantId && k.seq > after).map(({ seq, notice }) => ({ seq, notice }));
  }

  /** Calls `fn` with every notice of the tenant from now on, until the returned function is called. */
  listen(tenantId: string, fn: Listener): () => void {
    let set = this.#listeners.get(tenantId);
    if (!set) this.#listeners.set(tenantId, (set = new Set()));
    set.add(fn);
    return () => {
      set.delete(fn);
      if (!set.size && this.#listeners.get(tenantId) === set) this.#listeners.delete(tenantId);
    };
  }

  /** Open listeners of a tenant (streams), for the caps and the tests. */
  listeners(tenantId: string): number {
    return this.#listeners.get(tenantId)?.size ?? 0;
  }
}

/** `<epoch>:<seq>` (a sealed cursor's content), or null for anything else. */
export function parsePosition(id: string | undefined): Position | null {
  const m = id ? /^([a-z0-9]{1,32}):(\d{1,15})$/.exec(id) : null;
  return m ? { epoch: m[1]!, seq: Number(m[2]) } : null;
}
