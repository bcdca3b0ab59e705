import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { TooManyRequests } from '@billpoint/kit';
import { can, LIVE_NOTICE_PERMISSION, LIVE_PATH, type LiveMessage } from '@billpoint/proto';
import { sessionOf } from '../identity/access.ts';
import type { ActiveSession, SessionStore } from '../identity/session-store.ts';
import type { LiveHub, Position } from './live-hub.ts';
import { LiveCursors } from './live-cursor.ts';

export interface LiveLimits {
  /** A comment (and the stream's position) this often keeps proxies from closing a quiet stream. */
  heartbeatMs: number;
  /** Every open stream's session is read again this often: an ended session or a changed role ends its streams. */
  sessionCheckMs: number;
  /** Open streams per session (tabs of one browser), per person in an organization, and per tenant in this process. */
  perSession: number;
  perUser: number;
  perTenant: number;
}

/** What the client is told to wait before reconnecting (EventSource's `retry`). */
const RETRY_MS = 3_000;
/** A refusal over a cap: a place frees when a tab closes, so a moment later is worth a try. */
const RETRY_AFTER_S = 5;

/** One open stream: the session as it stood when the stream opened (its role decides what the stream shows). */
interface OpenStream {
  stream: PassThrough;
  session: ActiveSession;
}

/**
 * GET /api/live: Server-Sent Events of the session's tenant — a notice `{type, action, id}` per change of the
 * tenant's invoices, payments, customers, expenses… that the member's role may read (see LiveHub). A reconnect's
 * Last-Event-ID gets what it missed, or `{type: 'reset'}` (refetch everything) when that cannot be told. Positions are
 * sealed per tenant (LiveCursors): they reveal nothing of other organizations' activity. A comment with the current
 * position every `heartbeatMs`.
 *
 * The per-request session check applies to open streams too: every `sessionCheckMs` the sessions of all open streams
 * are read again (one batched query, LookupBatch), and a stream whose session ended (logout, idle, removed from the
 * organization, organization switched) or whose role is no longer the one it opened with ends. What a stream shows
 * was decided by that role, so any change of role ends it, whichever way; EventSource reconnects by itself and the
 * new stream shows (and replays by Last-Event-ID) what the role has now. A removed or signed-out member's reconnect
 * gets 401. Caps: per session, per person in the organization (so one member with many sessions cannot take the
 * organization's places) and per organization; over one, 429 with Retry-After. Streams end when the gateway closes.
 */
export function liveRoutes(app: FastifyInstance, o: { hub: LiveHub; sessions: SessionStore; limits: LiveLimits; cursorSecret: string }) {
  const { hub, limits } = o;
  const cursors = new LiveCursors(o.cursorSecret);
  const perSession = new Map<string, number>();
  const perUser = new Map<string, number>();
  const open = new Set<OpenStream>();
  const count = (m: Map<string, number>, key: string, by: number) => {
    const n = (m.get(key) ?? 0) + by;
    if (n > 0) m.set(key, n);
    else m.delete(key);
  };

  let checker: ReturnType<typeof setInterval> | undefined;
  let checking = false;
  /** Reads the session of every open stream at once; ends the streams whose session no longer stands as it was. */
  async function checkSessions() {
    if (checking) return; // the previous round is still reading: the next tick starts the next one
    checking = true;
    try {
      const round = [...open];
      const verdicts = await Promise.all(
        round.map((s) =>
          o.sessions.stillValid(s.session).catch((err: unknown) => {
            app.log.warn({ err }, 'live stream: the session could not be checked');
            return true; // a database hiccup does not end every stream; the next round checks again
          }),
        ),
      );
      round.forEach((s, i) => {
        if (!verdicts[i]) s.stream.end();
      });
    } finally {
      checking = false;
    }
  }
  const watch = () => {
    checker ??= setInterval(() => void checkSessions(), limits.sessionCheckMs);
  };
  const unwatchIfIdle = () => {
    if (open.size || !checker) return;
    clearInterval(checker);
    checker = undefined;
  };
  // Before the server stops accepting: an open stream would otherwise hold the close until the grace delay.
  app.addHook('preClose', async () => {
    for (const s of open) s.stream.end();
    if (checker) clearInterval(checker);
    checker = undefined;
  });

  app.get(LIVE_PATH, { config: { permission: 'member' }, exposeHeadRoute: false }, async (req, reply) => {
    // A copy: the store updates its cached session at the member's next request, and this one must stay as it was.
    const s: ActiveSession = { ...sessionOf(req) };
    const userKey = `${s.tenantId}\n${s.userId}`;
    const refuse = (message: string) => {
      void reply.header('retry-after', String(RETRY_AFTER_S));
      return new TooManyRequests(message);
    };
    if ((perSession.get(s.idHash) ?? 0) >= limits.perSession)
      throw refuse(`At most ${limits.perSession} live streams per session: close another tab of Billpoint`);
    if ((perUser.get(userKey) ?? 0) >= limits.perUser)
      throw refuse(`At most ${limits.perUser} live streams per person are open at once: close another tab or device`);
    if (hub.listeners(s.tenantId) >= limits.perTenant)
      throw refuse(`At most ${limits.perTenant} live streams per organization are open at once`);
    const id = (p: Position) => cursors.seal(s.tenantId, p);
    const event = (p: Position, msg: LiveMessage) => `id: ${id(p)}\ndata: ${JSON.stringify(msg)}\n\n`;

    const stream = new PassThrough();
    const write = (text: string) => {
      if (!stream.writableEnded) stream.write(text);
    };
    const readable = (type: keyof typeof LIVE_NOTICE_PERMISSION) => can(s.role, LIVE_NOTICE_PERMISSION[type]);
    // Replay and subscription in one synchronous step: no notice falls between them.
    const header = req.headers['last-event-id'];
    const from = typeof header === 'string' ? header : undefined;
    write(`retry: ${RETRY_MS}\n\n`);
    if (from === undefined) write(`id: ${id(hub.head())}\n\n`);
    else {
      const position = cursors.open(s.tenantId, from);
      const missed = position ? hub.since(s.tenantId, position) : 'reset';
      if (missed === 'reset') write(event(hub.head(), { type: 'reset' }));
      else for (const n of missed) if (readable(n.notice.type)) write(event({ epoch: hub.epoch, seq: n.seq }, n.notice));
    }
    const unlisten = hub.listen(s.tenantId, (n) => {
      if (readable(n.notice.type)) write(event({ epoch: hub.epoch, seq: n.seq }, n.notice));
    });
    count(perSession, s.idHash, 1);
    count(perUser, userKey, 1);
    const entry: OpenStream = { stream, session: s };
    open.add(entry);
    watch();

    const beat = setInterval(() => write(`: heartbeat\nid: ${id(hub.head())}\n\n`), limits.heartbeatMs);
    let cleaned = false;
    const cleanup = () => {
      if (cleaned) return;
      cleaned = true;
      clearInterval(beat);
      unlisten();
      open.delete(entry);
      count(perSession, s.idHash, -1);
      count(perUser, userKey, -1);
      unwatchIfIdle();
    };
    stream.once('close', cleanup);
    // The client went away (the response closes with its connection): stop at once, not at the next write.
    reply.raw.once('close', () => {
      cleanup();
      stream.destroy();
    });

    return reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-accel-buffering', 'no') // nginx (and the chart's ingress): pass each event on at once
      .send(stream);
  });
}
