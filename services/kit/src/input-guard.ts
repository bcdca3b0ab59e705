import { isUtf8 } from 'node:buffer';
import { pipeline, Transform } from 'node:stream';
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
 * Where the first byte that is not UTF-8 sits in `bytes` (a stray continuation byte, a truncated or overlong sequence,
 * an encoded surrogate, past U+10FFFF), or -1 when all of it is UTF-8. A valid U+FFFD (EF BF BD) is UTF-8 like any
 * other character.
 */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  if (isUtf8(bytes)) return -1;
  for (let i = 0; i < bytes.length;) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    const [n, lo, hi] =
      b >= 0xc2 && b <= 0xdf ? [1, 0x80, 0xbf]
      : b === 0xe0 ? [2, 0xa0, 0xbf]
      : b === 0xed ? [2, 0x80, 0x9f]
      : b >= 0xe1 && b <= 0xef ? [2, 0x80, 0xbf]
      : b === 0xf0 ? [3, 0x90, 0xbf]
      : b === 0xf4 ? [3, 0x80, 0x8f]
      : b >= 0xf1 && b <= 0xf3 ? [3, 0x80, 0xbf]
      : [0, 0, 0]; // prettier-ignore
    if (!n) return i;
    const second = bytes[i + 1];
    if (second === undefined || second < lo || second > hi) return i;
    for (let k = 2; k <= n; k++) {
      const c = bytes[i + k];
      if (c === undefined || c < 0x80 || c > 0xbf) return i;
    }
    i += n + 1;
  }
  return -1;
}

/**
 * The dotted path of the JSON value (or key) that the character at `offset` of `text` belongs to: `text` is the
 * valid prefix of a body, read as far as `offset` with the same nesting rules JSON.parse follows. A key names itself
 * (`key: true`); a position outside any string names nothing.
 */
export function jsonPathAt(text: string, offset: number): { path: string[]; key: boolean } | undefined {
  const stack: { kind: 'object' | 'array'; key?: string; index: number; expectKey: boolean }[] = [];
  const pathOf = () => stack.map((f) => (f.kind === 'array' ? String(f.index) : (f.key ?? '')));
  for (let i = 0; i < offset; i++) {
    const ch = text[i];
    const top = stack[stack.length - 1];
    if (ch === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      if (j >= offset) {
        // The broken byte is inside this string.
        if (top?.kind === 'object' && top.expectKey) return { path: [...pathOf().slice(0, -1), safeKey(text.slice(i, offset))], key: true };
        return { path: pathOf(), key: false };
      }
      if (top?.kind === 'object' && top.expectKey) top.key = safeKey(text.slice(i, j + 1));
      i = j;
    } else if (ch === '{') stack.push({ kind: 'object', index: 0, expectKey: true });
    else if (ch === '[') stack.push({ kind: 'array', index: 0, expectKey: false });
    else if (ch === '}' || ch === ']') stack.pop();
    else if (ch === ':' && top?.kind === 'object') top.expectKey = false;
    else if (ch === ',' && top) {
      if (top.kind === 'array') top.index++;
      else top.expectKey = true;
    }
  }
  return undefined;
}
/** A JSON string's text as a key (its escapes read); a cut-off one as far as it goes. */
function safeKey(quoted: string): string {
  try {
    return JSON.parse(quoted.endsWith('"') && quoted.length > 1 ? quoted : `${quoted.replace(/\\$/, '')}"`) as string;
  } catch {
    return quoted.slice(1);
  }
}

/** A 400 naming the JSON field the first byte that is not UTF-8 is in (`body` outside any string), or undefined. */
function brokenUtf8(bytes: Buffer): Invalid | undefined {
  const bad = firstInvalidUtf8(bytes);
  if (bad < 0) return undefined;
  const prefix = bytes.subarray(0, bad).toString('utf8');
  const at = jsonPathAt(prefix, prefix.length);
  const path = at?.path.join('.') || 'body';
  const message = at?.key ? 'Field names must be valid UTF-8 text' : 'Text must be valid UTF-8';
  return new Invalid(`${path}: ${message}`, path);
}

/**
 * The same check where Fastify's own JSON parser stays (the gateway: its proxy forwards bodies untouched, and the
 * service behind checks them): the bytes of a route that declares a body contract, seen as they stream to the parser.
 */
function utf8Checked(): Transform {
  const chunks: Buffer[] = [];
  return new Transform({
    transform(chunk: Buffer, _enc, cb) {
      chunks.push(chunk);
      cb(null, chunk);
    },
    flush(cb) {
      cb(brokenUtf8(Buffer.concat(chunks)) ?? null);
    },
  });
}

/** Bytes of a query component as the query parser reads it (`+` is a space, `%XX` a byte, a stray `%` itself). */
function queryBytes(component: string): Buffer {
  const parts: Buffer[] = [];
  for (const m of component.replace(/\+/g, ' ').matchAll(/%([0-9A-Fa-f]{2})|[^%]+|%/g))
    parts.push(m[1] ? Buffer.from([parseInt(m[1], 16)]) : Buffer.from(m[0], 'utf8'));
  return Buffer.concat(parts);
}
/**
 * The first query parameter whose percent-encoded bytes are not UTF-8 (`?name=%C3%28`): Fastify's query parser keeps
 * such a value as its raw `%`-text instead of refusing it. Names the parameter (its name decoded as far as it can be).
 */
export function brokenQueryParameter(url: string): string | undefined {
  const q = url.indexOf('?');
  if (q < 0) return undefined;
  for (const pair of url.slice(q + 1).split('&')) {
    const eq = pair.indexOf('=');
    const name = queryBytes(eq < 0 ? pair : pair.slice(0, eq));
    const value = queryBytes(eq < 0 ? '' : pair.slice(eq + 1));
    if (!isUtf8(name) || !isUtf8(value)) return name.toString('utf8');
  }
  return undefined;
}

/**
 * Input that no contract should have to think about, refused with a 400 naming the field:
 * - JSON bodies whose bytes are not UTF-8, naming the field the first broken byte is in (`body` outside any string),
 *   before anything decodes them to U+FFFD (services: in their parser; the gateway: on its own routes' bytes);
 * - (services, `parser`) JSON bodies parsed with prototype-poisoning protection that names the forbidden key
 *   (`__proto__`, `constructor.prototype`) instead of a bare "not valid JSON";
 * - (every app) query parameters whose percent-encoded bytes are not UTF-8 (`?name=%C3%28`), naming the parameter;
 * - (every app) what `unstorableInput` finds, in bodies and query strings alike.
 */
export function inputGuard(app: FastifyInstance, o: { parser: boolean }) {
  if (o.parser) {
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => {
      const bytes = body as Buffer;
      // Read as a string, broken bytes would become U+FFFD and be stored as if the caller had sent them.
      const broken = brokenUtf8(bytes);
      if (broken) return done(broken, undefined);
      const text = bytes.toString('utf8');
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
  } else {
    // Callback hooks, not async ones: they run on every request and have nothing to wait for.
    app.addHook('preParsing', (request, _reply, payload, done) => {
      const type = request.headers['content-type'];
      const json = type !== undefined && /^application\/(.+\+)?json\b/i.test(String(type));
      if (!json || !request.routeOptions.config?.contract?.body) return done(null, payload);
      // pipeline, not pipe: a client gone mid-body must fail the checked stream too, or the parser reading it would
      // wait for its end for ever (an in-flight request that also holds up the server's close).
      const checked = utf8Checked();
      pipeline(payload, checked, () => {});
      done(null, checked);
    });
  }
  app.addHook('preValidation', (request, _reply, done) => {
    const query = brokenQueryParameter(request.url);
    if (query !== undefined) return done(new Invalid(`${query || 'query'}: Text must be valid UTF-8`, query || 'query'));
    const found = unstorableInput(request.body) ?? unstorableInput(request.query);
    if (found) return done(new Invalid(found.path ? `${found.path}: ${found.message}` : found.message, found.path || undefined));
    done();
  });
}
