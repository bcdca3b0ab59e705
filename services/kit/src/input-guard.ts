import type { FastifyInstance } from 'fastify';
import sjson from 'secure-json-parse';
import { Invalid } from './errors.ts';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The first string (or key) under `v` that Postgres cannot store as sent: a NUL character or broken UTF-16. */
function badText(v: unknown, path: string[], depth = 0): { path: string; reason: string } | undefined {
  if (depth > 64) return undefined; // deeper input is refused by the contracts anyway
  if (ArrayBuffer.isView(v)) return undefined; // an uploaded file's bytes (files.ts), not text
  if (typeof v === 'string') {
    if (v.includes('\u0000')) return { path: path.join('.'), reason: 'cannot contain the NUL character' };
    if (LONE_SURROGATE.test(v)) return { path: path.join('.'), reason: 'must be valid Unicode text' };
    return undefined;
  }
  if (v && typeof v === 'object')
    for (const [k, child] of Object.entries(v)) {
      const inKey = badText(k, [...path, k], depth + 1);
      if (inKey) return inKey;
      const found = badText(child, [...path, k], depth + 1);
      if (found) return found;
    }
  return undefined;
}

/**
 * Input that no contract should have to think about, refused with a 400 naming the field, for every service:
 * - JSON bodies parsed with prototype-poisoning protection that names the forbidden key (`__proto__`,
 *   `constructor.prototype`) instead of a bare "not valid JSON";
 * - text Postgres cannot store as sent (a NUL character; lone surrogates, which would be stored as U+FFFD and
 *   read back differently), in bodies and query strings alike.
 */
export function inputGuard(app: FastifyInstance) {
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
  app.addHook('preValidation', async (req) => {
    const bad = badText(req.body, []) ?? badText(req.query, []);
    if (bad) throw new Invalid(`${bad.path || 'Text'} ${bad.reason}`, bad.path || undefined);
  });
}
