import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { TooManyRequests } from '@billpoint/kit';
import { can, LIVE_NOTICE_PERMISSION, LIVE_PATH, type LiveMessage } from '@billpoint/proto';
import { sessionOf } from '../identity/access.ts';
import type { ActiveSession, SessionStore } from '../identity/session-store.ts';
import { formatPosition, parsePosition, type LiveHub, type Position } from './live-hub.ts';

export interface LiveLimits {
  /** A comment (and the stream's position) this often keeps proxies from closing a quiet stream. */
  heartbeatMs: number;
  /** Open streams per session (tabs of one browser) and per tenant in this process. */
  perSession: number;
  perTenant: number;
}

/** What the client is told to wait before reconnecting (EventSource's `retry`). */
const RETRY_MS = 3_000;

const event = (pos: Position, msg: LiveMessage) => `id: ${formatPosition(pos)}\ndata: ${JSON.stringify(msg)}\n\n`;

/**
 * GET /api/live: Server-Sent Events of the session's tenant — a notice `{type, action, id}` per change of the
 * tenant's invoices, payments, customers, expenses… that the member's role may read (see LiveHub). A reconnect's
 * Last-Event-ID gets what it missed, or `{type: 'reset'}` (refetch everything) when that cannot be told. A comment
 * with the current position every `heartbeatMs`; at the same beat the session is checked again, and a session that
 * ended (logout, idle, removed, role or organization changed) ends the stream. Streams end when the gateway closes.
 */
export function liveRoutes(app: FastifyInstance, o: { hub: LiveHub; sessions: SessionStore; limits: LiveLimits }) {
  const { hub, limits } = o;
  const perSession = new Map<string, number>();
  const open = new Set<PassThrough>();
  // Before the server stops accepting: an open stream would otherwise hold the close until the grace delay.
  app.addHook('preClose', async () => {
    for (const s of open) s.end();
  });

  app.get(LIVE_PATH, { config: { permission: 'member' }, exposeHeadRoute: false }, async (req, reply) => {
    const s = sessionOf(req);
    if ((perSession.get(s.idHash) ?? 0) >= limits.perSession)
      throw new TooManyRequests(`At most ${limits.perSession} live streams per session: close another tab of Billpoint`);
    if (hub.listeners(s.tenantId) >= limits.perTenant)
      throw new TooManyRequests(`At most ${limits.perTenant} live streams per organization are open at once`);

    const stream = new PassThrough();
    const write = (text: string) => {
      if (!stream.writableEnded) stream.write(text);
    };
    const readable = (type: keyof typeof LIVE_NOTICE_PERMISSION) => can(s.role, LIVE_NOTICE_PERMISSION[type]);
    // Replay and subscription in one synchronous step: no notice falls between them.
    const header = req.headers['last-event-id'];
    const from = typeof header === 'string' ? header : undefined;
    write(`retry: ${RETRY_MS}\n\n`);
    if (from === undefined) write(`id: ${formatPosition(hub.head())}\n\n`);
    else {
      const position = parsePosition(from);
      const missed = position ? hub.since(s.tenantId, position) : 'reset';
      if (missed === 'reset') write(event(hub.head(), { type: 'reset' }));
      else for (const n of missed) if (readable(n.notice.type)) write(event({ epoch: hub.epoch, seq: n.seq }, n.notice));
    }
    const unlisten = hub.listen(s.tenantId, (n) => {
      if (readable(n.notice.type)) write(event({ epoch: hub.epoch, seq: n.seq }, n.notice));
    });
    perSession.set(s.idHash, (perSession.get(s.idHash) ?? 0) + 1);
    open.add(stream);

    const beat = setInterval(() => void heartbeat(s), limits.heartbeatMs);
    async function heartbeat(session: ActiveSession) {
      const valid = await o.sessions.stillValid(session).catch((err: unknown) => {
        req.log.warn({ err }, 'live stream: the session could not be checked');
        return true; // a database hiccup does not end every stream; the next beat checks again
      });
      if (!valid) stream.end();
      else write(`: heartbeat\nid: ${formatPosition(hub.head())}\n\n`);
    }
    let cleaned = false;
    const cleanup = () => {
      if (cleaned) return;
      cleaned = true;
      clearInterval(beat);
      unlisten();
      open.delete(stream);
      const left = (perSession.get(s.idHash) ?? 1) - 1;
      if (left > 0) perSession.set(s.idHash, left);
      else perSession.delete(s.idHash);
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
