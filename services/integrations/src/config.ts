import { z } from 'zod';
import { baseConfigShape } from '@billpoint/kit';

export const configSchema = z.object({
  ...baseConfigShape,
  PORT: z.coerce.number().int().min(0).max(65535).default(8087),
  /**
   * Lets webhooks go to loopback, private and link-local addresses (a receiver on this machine). `npm start` and the
   * tests set it; the chart and compose never do: in a cluster it would open the pod's network to SSRF.
   */
  WEBHOOK_ALLOW_PRIVATE: z
    .enum(['true', 'false', ''], { error: 'WEBHOOK_ALLOW_PRIVATE must be true or false' })
    .default('false')
    .transform((v) => v === 'true'),
  /** How often each replica looks for due webhook deliveries. */
  WEBHOOK_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  /** Deliveries each replica attempts at once. */
  WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(200).default(20),
  /** How often events older than the retention (30 days) are deleted from the events log. */
  EVENT_RETENTION_INTERVAL_MS: z.coerce.number().int().min(1000).max(86_400_000).default(3_600_000),
});
export type Config = z.output<typeof configSchema>;
