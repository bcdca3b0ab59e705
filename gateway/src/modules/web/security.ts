import type { FastifyInstance } from 'fastify';
import { Forbidden } from '@billpoint/kit';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The CSP of every page: own scripts only, no framing, no plugins. */
const APP_CSP: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'https:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'frame-ancestors': ["'none'"],
  'form-action': ["'self'"],
};

/**
 * What the pay pages add for the payment providers' browser code, as the providers document it, and nothing else:
 * Stripe.js (docs.stripe.com/security/guide: script and frames from js.stripe.com and its subdomains, 3-D Secure
 * and redirects in frames from hooks.stripe.com, API calls to api.stripe.com) and PayPal's JS SDK
 * (developer.paypal.com/sdk/js/best-practices: *.paypal.com — the live and the sandbox SDK alike — and
 * *.paypalobjects.com for scripts, frames and calls; Venmo is not offered, so *.venmo.com is not allowed). Images
 * need nothing more (img-src already takes https: images), nor does 'unsafe-inline' script: the SDKs run from files.
 */
export const PAY_PAGE_SOURCES = {
  'script-src': ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://*.paypal.com', 'https://*.paypalobjects.com'],
  'frame-src': [
    'https://js.stripe.com',
    'https://*.js.stripe.com',
    'https://hooks.stripe.com',
    'https://*.paypal.com',
    'https://*.paypalobjects.com',
  ],
  'connect-src': ['https://api.stripe.com', 'https://*.paypal.com', 'https://*.paypalobjects.com'],
};

/** The public payment pages (/pay/{token}, /payment/{token}, /payment/success), served as the SPA. */
export const isPayPage = (url: string) => /^\/(pay|payment)\/[^/?#]/.test(url);

/** Directives as a header value, the way helmet writes them. */
const serialize = (d: Record<string, string[]>) =>
  Object.entries(d)
    .map(([name, v]) => (v.length ? `${name} ${v.join(' ')}` : name))
    .join(';');

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `{ skipRoute: true }`: the route sets its own security headers (the API answers' set), not the page set. */
    helmet?: { skipRoute?: boolean };
  }
}

/** What @fastify/helmet was given for the pages (the headers below are exactly what it makes of it; see the test). */
export const helmetOptions = (https: boolean) => ({
  contentSecurityPolicy: { useDefaults: false, directives: { ...APP_CSP, ...(https ? { 'upgrade-insecure-requests': [] } : {}) } },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
  strictTransportSecurity: https ? { maxAge: 31536000, includeSubDomains: true } : (false as const),
  crossOriginEmbedderPolicy: false as const,
});

/**
 * The security headers of every page and every gateway answer that does not set the API answers' own (helmet's
 * defaults for `helmetOptions`), written out once: helmet built them again on every request.
 */
export function pageSecurityHeaders(https: boolean): Readonly<Record<string, string>> {
  const upgrade: Record<string, string[]> = https ? { 'upgrade-insecure-requests': [] } : {};
  return {
    'content-security-policy': serialize({ ...APP_CSP, ...upgrade }),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}

/**
 * Security headers and HSTS behind https. Every page gets the app's CSP; a pay page's answer has it replaced by the
 * same policy plus the providers' sources (a frame-src with exactly theirs and our own). Routes declaring
 * `helmet: { skipRoute: true }` (proxied and public API routes) set the API answers' fixed set themselves.
 * The header sets are built once at start, not per request.
 */
export function securityHeaders(app: FastifyInstance, https: boolean) {
  const upgrade: Record<string, string[]> = https ? { 'upgrade-insecure-requests': [] } : {};
  const page = pageSecurityHeaders(https);
  const pay = {
    ...page,
    'content-security-policy': serialize({
      ...APP_CSP,
      'script-src': [...APP_CSP['script-src']!, ...PAY_PAGE_SOURCES['script-src']],
      'connect-src': [...APP_CSP['connect-src']!, ...PAY_PAGE_SOURCES['connect-src']],
      'frame-src': ["'self'", ...PAY_PAGE_SOURCES['frame-src']],
      ...upgrade,
    }),
  };
  // A callback hook, not an async one: it runs on every request and has nothing to wait for.
  app.addHook('onRequest', (req, reply, done) => {
    if (req.routeOptions.config?.helmet?.skipRoute === true) return done();
    void reply.headers((req.method === 'GET' || req.method === 'HEAD') && isPayPage(req.url) ? pay : page);
    done();
  });
}

/**
 * CSRF: every state-changing `/api` call must carry `X-Requested-With` (which a cross-site form cannot
 * send, and a cross-site fetch cannot without a CORS preflight we never grant) and must not be marked
 * `Sec-Fetch-Site: cross-site`. Sign-in and sign-up are covered too (login CSRF). A public route declared with
 * `csrf: false` (a provider's webhook) is exempt: it carries no session, so there is nothing to forge.
 */
export function csrfProtection(app: FastifyInstance) {
  // A callback hook, not an async one: it runs on every request and has nothing to wait for.
  app.addHook('onRequest', (req, _reply, done) => {
    if (SAFE.has(req.method) || !req.url.startsWith('/api/') || req.routeOptions.config?.csrf === false) return done();
    if (req.headers['sec-fetch-site'] === 'cross-site') return done(new Forbidden('Cross-site request refused'));
    if (!req.headers['x-requested-with']) return done(new Forbidden('Missing X-Requested-With header'));
    done();
  });
}
