import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import compress from '@fastify/compress';

/** Answers smaller than this go out as they are: the encoding's framing costs more than it saves. */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * Types worth compressing: text (never an event stream, whose events must leave one by one), JSON, XML, JavaScript,
 * SVG and WebAssembly. Everything else (PDF, ZIP, images, fonts, octet-stream downloads) is compressed already or
 * unknown, and goes out as it is.
 */
const COMPRESSIBLE = /^(?:text\/(?!event-stream)|image\/svg\+xml|application\/wasm)|[/+](?:json|xml|javascript)(?:;|$)/i;

export const compressibleType = (type: unknown) => typeof type === 'string' && COMPRESSIBLE.test(type);

/** The answer's size in bytes when known: a buffered body, else a stream's declared Content-Length. */
function sizeOf(reply: FastifyReply, payload: unknown) {
  if (typeof payload === 'string' || Buffer.isBuffer(payload)) return Buffer.byteLength(payload);
  const declared = reply.getHeader('content-length');
  return declared === undefined ? undefined : Number(declared);
}

/** Whether the dynamic compression may encode this answer (the client's Accept-Encoding aside). */
function compressible(req: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (req.method === 'HEAD' || payload == null) return false;
  const encoding = reply.getHeader('content-encoding');
  if (encoding !== undefined && encoding !== 'identity') return false; // encoded already: passed through as it is
  if (!compressibleType(reply.getHeader('content-type'))) return false;
  if (/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(String(reply.getHeader('cache-control') ?? ''))) return false;
  const size = sizeOf(reply, payload);
  return size === undefined || size >= COMPRESS_MIN_BYTES;
}

/**
 * Dynamic compression of the gateway's answers (its own JSON and what it proxies from the services): brotli or gzip as
 * the client asks, for compressible types of at least COMPRESS_MIN_BYTES. An answer that already carries a
 * Content-Encoding (a precompressed static file, or a service's own) passes through untouched; requests are never
 * decompressed. Registered before any route: the plugin attaches itself to the routes declared after it.
 */
export async function compression(app: FastifyInstance) {
  // The decision is taken here, before the plugin's own hook (route hooks run after the scope's): the plugin measures
  // only buffered bodies, and it would fall back to its MIME table for a type the list above leaves out. An answer it
  // must leave alone gets the plugin's documented opt-out; one it may encode tells caches that it varies with
  // Accept-Encoding, whichever variant this client gets.
  app.addHook('onSend', (req, reply, payload, done) => {
    if (compressible(req, reply, payload)) void reply.header('vary', varyWithEncoding(reply.getHeader('vary')));
    else req.headers['x-no-compression'] = '1';
    done(null, payload);
  });
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESS_MIN_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: compressibleType,
  });
}

/** The Vary header with accept-encoding in it once. */
export function varyWithEncoding(vary: unknown): string {
  const current = Array.isArray(vary) ? vary.join(', ') : typeof vary === 'string' ? vary : '';
  const tokens = current
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  if (tokens.some((t) => t === '*' || t.toLowerCase() === 'accept-encoding')) return current;
  return [...tokens, 'accept-encoding'].join(', ');
}
