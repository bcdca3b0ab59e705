import { z } from 'zod';
import { baseConfigShape } from '@billpoint/kit';

const optionalUrl = z.url({ error: 'must be a URL' }).optional();

export const configSchema = z
  .object({
    ...baseConfigShape,
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    /** Upstream services (one per service the gateway routes to). */
    CUSTOMERS_URL: z.url({ error: 'must be the customers service URL, e.g. http://customers:8081' }),
    BILLING_URL: z.url({ error: 'must be the billing service URL, e.g. http://billing:8082' }),
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
    OIDC_ISSUER_URL: optionalUrl,
    OIDC_CLIENT_ID: z.string().optional(),
    OIDC_CLIENT_SECRET: z.string().optional(),
  })
  .superRefine((c, ctx) => {
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
export type Config = z.output<typeof configSchema>;
