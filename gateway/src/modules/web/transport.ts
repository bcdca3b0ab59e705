import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Socket } from 'node:net';
import { Transform, type Readable } from 'node:stream';
import { AppError, PayloadTooLarge, bodyTooLargeMessage } from '@billpoint/kit';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route whose limit depends on the path (a proxied prefix: its upload routes take more); default: bodyLimit. */
    bodyLimitOf?: (path: string) => number;
  }
  interface FastifyRequest {
    /** Set when the body went over the route's limit while it was being forwarded: the answer is that 413. */
    bodyOverLimit?: number;
  }
}

/** Methods the gateway never serves, anywhere: 405, not a 404 that suggests the path is unknown. */
const REFUSED_METHODS = new Set(['TRACE', 'TRACK', 'CONNECT']);
const SERVED = 'GET, HEAD, POST, PUT, PATCH, DELETE';
/** What is read and dropped of a body after its 413, so the answer reaches a client still sending; then the connection is cut. */
const DRAIN_LIMIT = 16 * 1024 * 1024;

/** The body limit of the request's route: the path's (proxied prefixes), else the route's bodyLimit. */
export function bodyLimitOf(req: FastifyRequest): number {
  const of = req.routeOptions.config?.bodyLimitOf;
  return of ? of(req.url.split('?')[0]!) : req.routeOptions.bodyLimit;
}

/**
 * HTTP as curl and odd clients speak it, answered without a 5xx:
 * - `Expect: 100-continue`: the gateway decides itself (Node would send 100 at once): a declared body over the
 *   route's limit is refused with 413 before 100 (the client never sends it), else 100 goes out when the route is
 *   about to read the body; `expect` is never forwarded (each proxy drops it).
 * - TRACE (and CONNECT, TRACK): 405 with `Allow`.
 * Bodies over the limit while they stream (chunked) are refused by the routes that read them: Fastify's parser
 * on the gateway's own routes, `limitBody` on the proxied ones.
 */
export function transportGuards(app: FastifyInstance) {
  app.decorateRequest('bodyOverLimit', undefined);
  // With a 'checkContinue' listener Node no longer answers 100 by itself: the preParsing hook below does.
  app.server.on('checkContinue', (req, res) => app.server.emit('request', req, res));
  // CONNECT never reaches Fastify: without a listener Node just drops the socket.
  app.server.on('connect', (_req, socket: Socket) => {
    const body = JSON.stringify({ statusCode: 405, error: 'Method Not Allowed', message: 'CONNECT is not allowed' });
    socket.on('error', () => {});
    socket.end(
      `HTTP/1.1 405 Method Not Allowed\r\nAllow: ${SERVED}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });

  // Callback hooks, not async ones: they run on every request and have nothing to wait for.
  app.addHook('onRequest', (req, reply, done) => {
    if (!REFUSED_METHODS.has(req.method)) return done();
    void reply.header('allow', SERVED);
    done(new AppError(405, `${req.method} is not allowed`));
  });

  app.addHook('preParsing', (req, reply, payload, done) => {
    const expect = req.headers.expect;
    const length = req.headers['content-length'];
    if (expect === undefined && length === undefined) return done(null, payload); // most GETs: nothing to judge
    const limit = bodyLimitOf(req);
    const expectsContinue = /^100-continue$/i.test(String(expect ?? '').trim());
    if (Number(length ?? 0) > limit) {
      // The client was told nothing yet: it sends no body (curl), so the connection cannot be reused.
      if (expectsContinue) void reply.header('connection', 'close');
      return done(new PayloadTooLarge(bodyTooLargeMessage(limit)));
    }
    if (expectsContinue && !reply.raw.headersSent) reply.raw.writeContinue();
    done(null, payload);
  });
}

/**
 * The request body as forwarded to a service, counted: past `limit` bytes (whatever the framing) it fails, which
 * aborts the upstream request mid-body (the service writes nothing) and marks the request so that the proxy's
 * error handler answers 413. The rest of the client's body is read and dropped (up to DRAIN_LIMIT) so that the
 * 413 reaches a client that is still sending.
 */
export function limitBody(req: FastifyRequest, body: Readable, limit: number): Readable {
  let size = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size <= limit) return done(null, chunk);
      req.bodyOverLimit = limit;
      body.unpipe(counted);
      let dropped = 0;
      body.on('data', (d: Buffer) => {
        if ((dropped += d.length) > DRAIN_LIMIT) req.raw.socket?.destroy();
      });
      body.resume();
      done(new PayloadTooLarge(bodyTooLargeMessage(limit)));
    },
  });
  // A client that goes away mid-body: the upstream request is aborted too (a truncated body is never complete).
  body.once('error', (err) => counted.destroy(err));
  body.once('close', () => {
    if (!body.readableEnded && !counted.destroyed)
      counted.destroy(Object.assign(new Error('the client closed mid-body'), { code: 'ECONNRESET' }));
  });
  return body.pipe(counted);
}
