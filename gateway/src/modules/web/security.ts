import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
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

/** The public payment pages (areas §2: /pay/{token}, /payment/{token}, /payment/success), served as the SPA. */
export const isPayPage = (url: string) => /^\/(pay|payment)\/[^/?#]/.test(url);

/** Directives as a header value, the way helmet writes them. */
const serialize = (d: Record<string, string[]>) =>
  Object.entries(d)
    .map(([name, v]) => (v.length ? `${name} ${v.join(' ')}` : name))
    .join(';');

/**
 * Security headers and HSTS behind https. Every page gets the app's CSP from helmet; a pay page's answer has it
 * replaced by the same policy plus the providers' sources (a frame-src with exactly theirs and our own).
 */
export async function securityHeaders(app: FastifyInstance, https: boolean) {
  const upgrade: Record<string, string[]> = https ? { 'upgrade-insecure-requests': [] } : {};
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: { ...APP_CSP, ...upgrade } },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 31536000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  const payCsp = serialize({
    ...APP_CSP,
    'script-src': [...APP_CSP['script-src']!, ...PAY_PAGE_SOURCES['script-src']],
    'connect-src': [...APP_CSP['connect-src']!, ...PAY_PAGE_SOURCES['connect-src']],
    'frame-src': ["'self'", ...PAY_PAGE_SOURCES['frame-src']],
    ...upgrade,
  });
  // After helmet's own onRequest hook (registered above), so this one has the last word on pay pages.
  app.addHook('onRequest', (req, reply, done) => {
    if ((req.method === 'GET' || req.method === 'HEAD') && isPayPage(req.url)) reply.header('content-security-policy', payCsp);
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
