import type { FastifyInstance } from 'fastify';
import { Invalid } from '@billpoint/kit';
import { API_SECURITY_HEADERS } from '../proxy/proxy.routes.ts';

export const NON_CANONICAL_PATH = 'The request path is not in canonical form';

/** A path segment's characters (RFC 3986 pchar without `;`): unreserved, sub-delims but `;`, `:`, `@`, %XX. */
const SEGMENT = /^(?:[A-Za-z0-9\-._~!$&'()*+,=:@]|%[0-9A-Fa-f]{2})*$/;
/** A path of literal segment characters and `/` only (the common case, no `%`): only its segments' shape is left to check. */
const PLAIN = /^[A-Za-z0-9\-._~!$&'()*+,=:@/]*$/;
/** Unreserved characters (RFC 3986, section 2.3): written as they are, never percent-encoded. */
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;
/** Decoded, these would read as structure (a separator, a path parameter, the query, another round of encoding). */
const STRUCTURAL = new Set(['/', '\\', ';', '?', '#', '%']);
// eslint-disable-next-line no-control-regex -- control characters are exactly what these look for
const CONTROL_BYTE = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * Why a request target's path is not in canonical form, or undefined when it is. The query string (after the first
 * `?`) is not judged: percent-encoding there is the caller's business and the services parse it themselves.
 *
 * Canonical means the one spelling that every reader of the path — the router, the CSRF check, public-route
 * matching, rate and body limits, the public API's matcher, the services behind — takes for the same thing:
 * - origin-form (`/…`): no absolute-form `http://host/…` (the router routes it, a `startsWith('/api/')` rule does
 *   not see it), no `*`;
 * - no empty segment (`//`) but a single trailing slash (the routers ignore it: the same route, the same rules),
 *   no dot segment (`.`, `..`);
 * - only the characters a path segment may hold literally, minus `;` (path parameters) — so no `\`, `#`, space,
 *   control or raw non-ASCII character;
 * - percent-encoding only where it is needed, in upper-case hex: never for an unreserved character (`%61pi`), never
 *   for `/ \ ; ? # %` (an encoded separator, or a second round of decoding), never for a control character, and
 *   always decoding to valid UTF-8.
 * Ids, public invoice tokens and logo keys (base64url) are canonical as they are; so are the SPA's routes.
 */
export function pathProblem(url: string): string | undefined {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  if (path.charCodeAt(0) !== 47 /* / */) return 'it must start with /';
  const plain = PLAIN.test(path);
  if (plain && !/\/\/|\/\.\.?(?:\/|$)/.test(path)) return undefined; // the fast path: nothing encoded, no odd segment
  const segments = path.split('/');
  for (let i = 1; i < segments.length; i++) {
    const s = segments[i]!;
    if (s === '') {
      if (i === segments.length - 1) continue; // one trailing slash
      return 'empty path segment (//)';
    }
    if (s === '.' || s === '..') return 'dot segment';
    if (plain) continue;
    if (!SEGMENT.test(s)) return s.includes('%') ? 'invalid percent-encoding' : 'a character that must not appear in a path';
    for (const m of s.matchAll(/%([0-9A-Fa-f]{2})/g)) {
      const hex = m[1]!;
      const ch = String.fromCharCode(parseInt(hex, 16));
      if (UNRESERVED.test(ch)) return 'an unreserved character is percent-encoded';
      if (STRUCTURAL.has(ch)) return 'an encoded separator or percent sign';
      if (CONTROL_BYTE.test(ch)) return 'an encoded control character';
      if (hex !== hex.toUpperCase()) return 'percent-encoding must use upper-case hex digits';
    }
    let decoded: string;
    try {
      decoded = decodeURIComponent(s);
    } catch {
      return 'percent-encoding that is not UTF-8';
    }
    if (CONTROL.test(decoded)) return 'an encoded control character';
  }
  return undefined;
}

/**
 * Refuses, before every other rule, a request whose path is not in canonical form (`pathProblem`): 400 with the
 * kit's JSON error body, never forwarded. The CSRF check, the public routes and their limits, the public API and
 * the proxy then judge exactly the path the router routed. Registered first among the gateway's onRequest hooks.
 */
export function canonicalPaths(app: FastifyInstance) {
  // A callback hook, not an async one: it runs on every request and has nothing to wait for.
  app.addHook('onRequest', (req, reply, done) => {
    const problem = pathProblem(req.url);
    if (!problem) return done();
    reply.headers(API_SECURITY_HEADERS);
    done(new Invalid(`${NON_CANONICAL_PATH}: ${problem}`));
  });
}
