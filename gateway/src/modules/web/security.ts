import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import { Forbidden } from '@billpoint/kit';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Security headers (CSP without inline script, no framing, no plugins) and HSTS behind https. */
export async function securityHeaders(app: FastifyInstance, https: boolean) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
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
        ...(https ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 31536000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
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
