import { z } from 'zod';
import { baseConfigShape, mailConfigShape } from '@billpoint/kit';
import { serviceRegistry, serviceUrlEnv, type ServiceEntry } from '@billpoint/proto/services';

const optionalUrl = z.url({ error: 'must be a URL' }).optional();

const gatewayShape = {
  ...baseConfigShape,
  /** Invitation e-mails: SMTP_URL, MAIL_FROM, MAIL_OUTBOX_DIR as billing reads them (`npm start` shares one outbox). */
  ...mailConfigShape,
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** Sessions end after this long without a request. */
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(60 * 24 * 30)
    .default(60 * 24),
  /** Public https origin; makes the session cookie `__Host-` and Secure, turns on HSTS. */
  PUBLIC_URL: optionalUrl,
  /** Trust X-Forwarded-* (protocol, client address): `true`, a hop count, or comma-separated addresses/CIDRs. */
  TRUST_PROXY: z.string().optional(),
  /** The built SPA. */
  WEB_DIST: z.string().optional(),
  /**
   * `on`: the SPA's files from their build-time .br/.gz siblings, and JSON and other text answers of 1 KB or more
   * compressed on the fly (brotli or gzip, as the client accepts); `off`: every answer as it is (for comparison).
   */
  COMPRESSION: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  OIDC_ISSUER_URL: optionalUrl,
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  /** An upstream service that has not answered (headers, or the next body chunk) within this long: 504. */
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /**
   * Encrypts the stored two-factor (TOTP) secrets (AES-256-GCM under its SHA-256). Without it, a key derived from
   * INTERNAL_TOKEN_KEY: then rotating that key makes every enrolled authenticator app unusable.
   */
  TWO_FACTOR_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * An operator's notice shown to every signed-in user on the dashboard's Alerts ("System Update"), e.g. "Scheduled
   * maintenance on Sunday 02:00-03:00 UTC may briefly interrupt the service." Unset or blank: no notice.
   */
  MAINTENANCE_NOTICE: z.string().max(500, 'must be at most 500 characters').optional(),
  /** GET /api/live: a heartbeat comment this often keeps proxies from closing a quiet stream. */
  LIVE_HEARTBEAT_MS: z.coerce.number().int().min(50).max(120_000).default(15_000),
  /** Open live streams per session (browser tabs), per person in an organization and per organization, per gateway process. */
  LIVE_MAX_STREAMS_PER_SESSION: z.coerce.number().int().min(1).max(100).default(5),
  LIVE_MAX_STREAMS_PER_USER: z.coerce.number().int().min(1).max(1_000).default(5),
  LIVE_MAX_STREAMS_PER_TENANT: z.coerce.number().int().min(1).max(10_000).default(100),
  /** GET /api/live: the sessions of open streams are read again this often (a logout or role change ends them). */
  LIVE_SESSION_CHECK_MS: z.coerce.number().int().min(50).max(60_000).default(500),
  /** Live notices (all tenants) a gateway process keeps for streams that reconnect with Last-Event-ID. */
  LIVE_BUFFER_SIZE: z.coerce.number().int().min(1).max(1_000_000).default(10_000),
  /** Shared rate-limit counters (every gateway replica counts together); in memory without it. */
  REDIS_URL: z
    .url({ error: 'must be a redis:// or rediss:// URL' })
    .refine((u) => /^rediss?:\/\//.test(u), 'must be a redis:// or rediss:// URL')
    .optional(),
  /**
   * Failed password sign-ins per client IP per 15 minutes, across accounts (then 429 with Retry-After). Failures only:
   * an office signing in behind one address does not use it up. Test stacks raise it (every test signs in from
   * 127.0.0.1), except the tests of the limit itself.
   */
  SIGN_IN_FAILURES_PER_IP: z.coerce.number().int().min(1).max(1_000_000).default(40),
  /** Sign-ups (new organizations) per client IP per hour (then 429 with Retry-After); test stacks raise it too. */
  SIGN_UPS_PER_IP: z.coerce.number().int().min(1).max(1_000_000).default(10),
  /**
   * How an organization's custom domain is proven: `dns` (the cluster) looks for its TXT record
   * `_billpoint.{domain}` holding the token shown in settings; `trust` (`npm start`, one developer on one machine)
   * takes a saved domain as verified at once.
   */
  CUSTOM_DOMAIN_VERIFICATION: z.enum(['dns', 'trust'], { error: 'must be dns or trust' }).default('dns'),
  /** The resolvers the TXT checks ask, comma-separated (`10.0.0.10`, `127.0.0.1:5353`); unset: the system's. */
  DNS_SERVERS: z.string().optional(),
  /** How often the unverified custom domains are checked (across all replicas together). */
  CUSTOM_DOMAIN_CHECK_INTERVAL_MS: z.coerce.number().int().min(1_000).max(86_400_000).default(300_000),
  /**
   * Hosts that are the app itself (staff sign-in, every route), comma-separated, besides PUBLIC_URL's host, localhost,
   * 127.0.0.1 and [::1]. Any other host is an organization's verified custom domain (the portal and pay pages only) or unknown.
   */
  APP_HOSTS: z.string().optional(),
};

/**
 * The gateway's settings: its own, plus one required `<NAME>_URL` per registered service (where the cluster
 * topology reaches it; `npm start` sets them itself).
 */
export function gatewayConfigSchema(registry: readonly ServiceEntry[]) {
  const upstreamUrls: Record<string, z.ZodURL> = {};
  for (const s of registry)
    upstreamUrls[serviceUrlEnv(s.name)] = z.url({
      protocol: /^https?$/,
      error: `must be the ${s.name} service URL, e.g. http://${s.name}:${s.port} (every service in proto/src/services.ts needs one)`,
    });
  return z.object({ ...gatewayShape, ...upstreamUrls }).superRefine((c, ctx) => {
    const oidc = [c.OIDC_ISSUER_URL, c.OIDC_CLIENT_ID, c.OIDC_CLIENT_SECRET].filter(Boolean).length;
    if (oidc !== 0 && oidc !== 3) {
      for (const k of ['OIDC_ISSUER_URL', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const)
        if (!c[k])
          ctx.addIssue({
            code: 'custom',
            path: [k],
            message: 'is required when OIDC is configured (issuer, client id and secret go together)',
          });
    }
  });
}

export const configSchema = gatewayConfigSchema(serviceRegistry);
export type Config = z.output<z.ZodObject<typeof gatewayShape>> & Record<string, unknown>;

/** Where a service listens, from its `<NAME>_URL`. */
export const upstreamUrl = (c: Config, name: string) => c[serviceUrlEnv(name)] as string;
