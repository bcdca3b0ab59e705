import type { FastifyInstance } from 'fastify';
import sjson from 'secure-json-parse';
import { Invalid } from './errors.ts';

/** Deeper JSON than any contract needs; deeper input only serves to exhaust the stack of whoever walks it. */
export const MAX_INPUT_DEPTH = 32;

// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const NUL = /\u0000/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The first thing in a parsed body or query no service can store faithfully, with its dotted path: a NUL character
 * (Postgres text cannot hold it), a lone surrogate (no UTF-8 encoding: stored as U+FFFD, read back differently),
 * in a value or a key, or nesting deeper than MAX_INPUT_DEPTH (a contract's `String(v)` of it overflows the stack).
 */
export function unstorableInput(value: unknown, path: string[] = []): { path: string; message: string } | undefined {
  const at = path.join('.');
  if (path.length > MAX_INPUT_DEPTH) return { path: at, message: `Input is nested more than ${MAX_INPUT_DEPTH} levels deep` };
  if (typeof value === 'string') {
    if (NUL.test(value)) return { path: at, message: 'Text cannot contain the NUL character' };
    if (LONE_SURROGATE.test(value)) return { path: at, message: 'Text must be valid Unicode' };
    return undefined;
  }
  if (value === null || typeof value !== 'object') return undefined;
  // Parsed JSON and queries only: a proxy's body is the request stream, an uploaded file's bytes (files.ts) a Buffer.
  if (ArrayBuffer.isView(value) || typeof (value as { pipe?: unknown }).pipe === 'function') return undefined;
  for (const [k, v] of Object.entries(value)) {
    if (NUL.test(k) || LONE_SURROGATE.test(k)) return { path: [...path, k].join('.'), message: 'Field names must be valid Unicode text' };
    const found = unstorableInput(v, [...path, k]);
    if (found) return found;
  }
  return undefined;
}

/**
 * Input that no contract should have to think about, refused with a 400 naming the field:
 * - (services, `parser`) JSON bodies parsed with prototype-poisoning protection that names the forbidden key
 *   (`__proto__`, `constructor.prototype`) instead of a bare "not valid JSON";
 * - (every app) what `unstorableInput` finds, in bodies and query strings alike.
 */
export function inputGuard(app: FastifyInstance, o: { parser: boolean }) {
  if (o.parser) {
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
      const text = body as string;
      if (text.trim() === '') return done(new Invalid('The request body is empty: send a JSON object'), undefined);
      try {
        done(null, sjson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' }));
      } catch (err) {
        const message = (err as Error).message;
        if (/prototype/i.test(message)) {
          const key = /constructor/i.test(message) ? 'constructor' : '__proto__';
          return done(new Invalid(`Forbidden field: ${key}`, key), undefined);
        }
        done(new Invalid('The request body is not valid JSON'), undefined);
      }
    });
  }
  app.addHook('preValidation', async (request) => {
    const found = unstorableInput(request.body) ?? unstorableInput(request.query);
    if (found) throw new Invalid(found.path ? `${found.path}: ${found.message}` : found.message, found.path || undefined);
  });
}
