/**
 * The service registry: every service behind the gateway, in one place. `npm start` starts these, the gateway
 * routes to them (and requires a `<NAME>_URL` for each), and the chart checks (charts/test) hold
 * docker-compose.yml, charts/billpoint/values.yaml and the Tiltfile to it. docs/operations.md ("Adding a service")
 * says how to add one.
 *
 * It lives in proto because every image and tool already has proto (the gateway, each service, the migrations
 * job, the chart checks), and because what it holds is the contract between the gateway and the services:
 * who owns which `/api` prefix, and which routes anyone may call without a session.
 */

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A route anyone may call without a session: a pay page, a payment provider's webhook. The gateway forwards it
 * with no identity at all (no session lookup, no internal token, cookies and identity headers dropped), limits
 * it per client IP and bounds its body; the service skips the internal-token check for it and keeps the raw
 * body bytes (`request.rawBody`) for signature checks.
 */
export type PublicRoute = {
  method: HttpMethod;
  /**
   * Per client IP, counted at the gateway (shared by every replica when REDIS_URL is set).
   * Default: 60 per 60 seconds.
   */
  rateLimit?: { max: number; windowSeconds: number };
  /** Largest request body in bytes, enforced by the gateway and the service (413 above it). Default 64 KiB. */
  bodyLimit?: number;
  /**
   * The gateway's CSRF check (`X-Requested-With` on anything but GET/HEAD). Default true: pages of our web app
   * send the header anyway. Set false for server-to-server calls (a provider's webhook cannot send it); a
   * public route carries no session, so a forged cross-site call has no power a direct call would not have.
   */
  csrf?: boolean;
} & (
  | {
      /** One route path, `:name` for a parameter (`/api/pay/:token`); the service registers exactly this path. */
      path: string;
      prefix?: never;
    }
  | {
      /** Every path under this prefix (`/api/webhooks` matches `/api/webhooks/stripe`). */
      prefix: string;
      path?: never;
    }
);

export interface ServiceEntry {
  /** The folder under services/, its package `@billpoint/<name>`, its compose service, values key and image suffix. */
  name: string;
  /** Default PORT (its config schema's default, the compose and chart port). */
  port: number;
  /** `/api` prefixes the gateway forwards to it, for signed-in callers. */
  prefixes: string[];
  /** Routes without a session (see PublicRoute). */
  public?: PublicRoute[];
  /**
   * `/api/portal/…` prefixes the gateway forwards to it for a customer signed in to the portal: with a
   * portal internal token (`sub` portal:<customerId>), never a staff one. The service's routes there declare
   * `permission: 'portal'`. The gateway answers the portal's own paths itself (GATEWAY_PORTAL_PATHS).
   */
  portalPrefixes?: string[];
  /**
   * Signed-in routes (exact paths under its prefixes) that take bodies larger than the 2 MiB default
   * (`DEFAULT_BODY_LIMIT`; uploads), with their limit in bytes. The one source of both limits: the gateway counts
   * every body it forwards to the route and answers 413 above it (whatever the framing), and the service reads up
   * to exactly the same limit on that route (`ServiceDefinition.bodyLimits`), so it never refuses a body the
   * gateway let through (a refusal mid-upload closes the connection, which the gateway could only call an outage).
   */
  bodyLimits?: Record<string, number>;
  /** Plain variables the chart gives it (`services.<name>.env`). */
  env?: Record<string, string>;
  /** Optional keys of the Secret it reads (`services.<name>.secretEnv`; compose passes each through from .env). */
  secretEnv?: string[];
  /** What it calls out to besides Postgres, NATS and DNS (`services.<name>.egress`, the NetworkPolicy). */
  egress?: { smtp?: boolean; https?: boolean; http?: boolean };
}

export const serviceRegistry: readonly ServiceEntry[] = [
  {
    name: 'customers',
    port: 8081,
    prefixes: ['/api/customers'],
  },
  {
    name: 'billing',
    port: 8082,
    prefixes: [
      '/api/invoices',
      '/api/quotes',
      '/api/credit-notes',
      '/api/dashboard',
      '/api/recurring-invoices',
      '/api/reminder-settings',
      '/api/invoice-templates',
      '/api/upload-logo',
      '/api/exchange-rates',
      '/api/email-templates',
      '/api/portal-invitations',
    ],
    portalPrefixes: ['/api/portal/invoices', '/api/portal/statement.pdf', '/api/portal/receipts'],
    public: [
      // The pay page's read of an invoice by its public token (no session).
      { method: 'GET', path: '/api/invoices/:token/public', rateLimit: { max: 60, windowSeconds: 60 } },
      // The public quote page: read by token, and the customer's answer (a name, or a reason).
      { method: 'GET', path: '/api/quotes/:token/public', rateLimit: { max: 60, windowSeconds: 60 } },
      { method: 'POST', path: '/api/quotes/:token/accept', bodyLimit: 4 * 1024, rateLimit: { max: 10, windowSeconds: 60 } },
      { method: 'POST', path: '/api/quotes/:token/decline', bodyLimit: 16 * 1024, rateLimit: { max: 10, windowSeconds: 60 } },
      // Uploaded logos by their unguessable key: <img> in the app and on the pay page (a page shows several).
      { method: 'GET', path: '/api/logos/:key', rateLimit: { max: 600, windowSeconds: 60 } },
    ],
    // A logo is at most 5 MB, which billing enforces with its own message; the gateway lets a little
    // more through so that a 6 MB logo gets that message, and answers 413 itself above 8 MiB.
    bodyLimits: { '/api/upload-logo': 8 * 1024 * 1024 },
    env: { MAIL_OUTBOX_DIR: '/tmp/outbox' }, // without SMTP_URL mail becomes .eml files; the root filesystem is read-only
    secretEnv: ['SMTP_URL'],
    egress: { smtp: true, https: true }, // https: the daily reference exchange rates (FX_RATES_URL, the ECB's by default)
  },
  {
    name: 'catalog',
    port: 8083,
    prefixes: ['/api/products'],
  },
  {
    name: 'tax',
    port: 8084,
    prefixes: ['/api/tax-rates', '/api/expense-categories', '/api/expenses', '/api/financial-reports', '/api/tax-summary'],
    // Receipts are at most 10 MB (tax checks it with its own message naming the field); the gateway lets up to
    // 24 MiB through so that a 20 MB receipt gets that message, and answers 413 itself above. Only the upload route:
    // an expense (JSON) keeps the 2 MiB default.
    bodyLimits: { '/api/expenses/receipts': 24 * 1024 * 1024 },
  },
  {
    name: 'payments',
    port: 8085,
    prefixes: ['/api/payments', '/api/user-subscription', '/api/subscription'],
    portalPrefixes: ['/api/portal/payments'],
    public: [
      { method: 'POST', path: '/api/create-payment-intent', rateLimit: { max: 20, windowSeconds: 60 } },
      { method: 'POST', path: '/api/confirm-payment', rateLimit: { max: 30, windowSeconds: 60 } },
      { method: 'GET', path: '/api/paypal/setup' },
      { method: 'POST', path: '/api/paypal/order', rateLimit: { max: 20, windowSeconds: 60 } },
      { method: 'POST', path: '/api/paypal/order/:orderId/capture', rateLimit: { max: 30, windowSeconds: 60 } },
      { method: 'POST', path: '/api/paypal/confirm-payment', rateLimit: { max: 30, windowSeconds: 60 } },
      // The plan chooser (public): the plans are reference data; which one is current needs a session.
      { method: 'GET', path: '/api/subscription-plans' },
      // Stripe's servers: no CSRF header, a larger body, a higher rate (retries come in bursts).
      { method: 'POST', path: '/api/stripe/webhook', csrf: false, bodyLimit: 512 * 1024, rateLimit: { max: 600, windowSeconds: 60 } },
    ],
    secretEnv: [
      ...['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET', 'PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET'],
      // The plans' Stripe prices (not secret, but per deployment and optional like the keys).
      ...['STRIPE_PRICE_STARTER_MONTHLY', 'STRIPE_PRICE_STARTER_YEARLY', 'STRIPE_PRICE_PROFESSIONAL_MONTHLY'],
      ...['STRIPE_PRICE_PROFESSIONAL_YEARLY', 'STRIPE_PRICE_ENTERPRISE_MONTHLY', 'STRIPE_PRICE_ENTERPRISE_YEARLY'],
    ],
    egress: { https: true },
  },
  {
    name: 'ai',
    port: 8086,
    // The categorizer sits under the tax service's /api/expenses: the longer prefix wins at the gateway.
    prefixes: ['/api/expenses/categorize', '/api/ai'],
    secretEnv: ['OPENAI_API_KEY', 'OPENAI_BASE_URL', 'OPENAI_MODEL'],
    egress: { https: true },
  },
  {
    name: 'integrations',
    port: 8087,
    prefixes: ['/api/integrations', '/api/audit-logs'],
    // Outgoing webhooks go to the integrator's URL: https, and http where an endpoint asks for it.
    egress: { https: true, http: true },
  },
];

/** The gateway's variable holding a service's URL: customers → CUSTOMERS_URL. */
export const serviceUrlEnv = (name: string) => `${name.toUpperCase()}_URL`;

/** A registered service's entry (throws for an unknown name). */
export function registeredService(name: string): ServiceEntry {
  const entry = serviceRegistry.find((s) => s.name === name);
  if (!entry) throw new Error(`No service "${name}" in proto/src/services.ts`);
  return entry;
}

export const DEFAULT_PUBLIC_RATE_LIMIT = { max: 60, windowSeconds: 60 } as const;
/** The largest request body of a signed-in route without its own `bodyLimits` entry, at the gateway and the service. */
export const DEFAULT_BODY_LIMIT = 2 * 1024 * 1024;

/** The body limit of a signed-in route of this service (its path, no query): its `bodyLimits` entry, else the default. */
export const bodyLimitOf = (s: Pick<ServiceEntry, 'bodyLimits'>, path: string) => s.bodyLimits?.[path] ?? DEFAULT_BODY_LIMIT;
export const DEFAULT_PUBLIC_BODY_LIMIT = 64 * 1024;

/** `/api` paths the gateway answers itself. */
const GATEWAY_PREFIXES = ['/api/auth', '/api/login', '/api/logout', '/api/callback', '/api/config', '/api/portal'];
/**
 * The portal paths the gateway answers itself: sign-in (`/api/portal/{slug}/sign-in`), sessions, the
 * signed-in customer and the branding. No service's portal prefix may be one of them.
 */
export const GATEWAY_PORTAL_PATHS = ['/api/portal/sessions', '/api/portal/me', '/api/portal/branding', '/api/portal/sign-out'] as const;

/** Mistakes in a registry (duplicate names, ports or prefixes, malformed paths); empty when it is sound. */
export function registryProblems(registry: readonly ServiceEntry[]): string[] {
  const problems: string[] = [];
  const seen = { name: new Map<string, string>(), port: new Map<number, string>(), route: new Map<string, string>() };
  const claim = <K>(map: Map<K, string>, key: K, owner: string, what: string) => {
    const other = map.get(key);
    if (other) problems.push(`${owner}: ${what} is already ${other}'s`);
    else map.set(key, owner);
  };
  for (const s of registry) {
    if (!/^[a-z][a-z0-9]*$/.test(s.name))
      problems.push(`"${s.name}": a name is lowercase letters and digits (it becomes ${serviceUrlEnv(s.name)})`);
    claim(seen.name, s.name, s.name, 'the name');
    if (!Number.isInteger(s.port) || s.port < 1024 || s.port > 65535 || s.port === 8080)
      problems.push(`${s.name}: port ${s.port} is not a free port above 1024 (8080 is the gateway's)`);
    claim(seen.port, s.port, s.name, `port ${s.port}`);
    for (const p of s.prefixes) {
      if (!/^\/api\/[a-z0-9-]+(\/[a-z0-9-]+)*$/.test(p)) problems.push(`${s.name}: prefix "${p}" must look like /api/<segment>`);
      if (GATEWAY_PREFIXES.some((g) => p === g || p.startsWith(`${g}/`))) problems.push(`${s.name}: prefix "${p}" is the gateway's`);
      claim(seen.route, `* ${p}`, s.name, `prefix ${p}`);
    }
    for (const p of s.portalPrefixes ?? []) {
      if (!/^\/api\/portal(\/[a-z0-9.-]+)+$/.test(p)) problems.push(`${s.name}: portal prefix "${p}" must look like /api/portal/<segment>`);
      if (GATEWAY_PORTAL_PATHS.some((g) => p === g || p.startsWith(`${g}/`) || g.startsWith(`${p}/`)))
        problems.push(`${s.name}: portal prefix "${p}" is the gateway's`);
      claim(seen.route, `* ${p}`, s.name, `portal prefix ${p}`);
    }
    for (const [p, bytes] of Object.entries(s.bodyLimits ?? {})) {
      if (!s.prefixes.some((prefix) => p === prefix || p.startsWith(`${prefix}/`)))
        problems.push(`${s.name}: bodyLimits names "${p}", which is not under one of its prefixes`);
      if (!(bytes >= 1 && bytes <= 50 * 1024 * 1024)) problems.push(`${s.name}: bodyLimits of ${p} must be 1 byte to 50 MiB`);
    }
  }
  for (const s of registry) {
    for (const r of s.public ?? []) {
      const at = r.path ?? r.prefix;
      if (!/^\/api(\/(:?[A-Za-z0-9_-]+))+$/.test(at) || (r.prefix !== undefined && at.includes(':')))
        problems.push(`${s.name}: public ${r.method} "${at}" must be an /api path (":name" parameters only in a path)`);
      if (r.rateLimit && !(r.rateLimit.max >= 1 && r.rateLimit.windowSeconds >= 1))
        problems.push(`${s.name}: public ${r.method} ${at}: rateLimit needs max ≥ 1 and windowSeconds ≥ 1`);
      if (r.bodyLimit !== undefined && !(r.bodyLimit >= 1 && r.bodyLimit <= 10 * 1024 * 1024))
        problems.push(`${s.name}: public ${r.method} ${at}: bodyLimit must be 1 byte to 10 MiB`);
      if (r.prefix !== undefined && seen.route.has(`* ${r.prefix}`))
        problems.push(`${s.name}: public prefix ${at} is also a signed-in prefix`);
      claim(seen.route, `${r.method} ${at}`, s.name, `public ${r.method} ${at}`);
    }
  }
  return problems;
}
