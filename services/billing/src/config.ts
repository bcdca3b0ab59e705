import { z } from 'zod';
import { baseConfigShape, mailConfigShape } from '@billpoint/kit';

export const configSchema = z.object({
  ...baseConfigShape,
  PORT: z.coerce.number().int().min(0).max(65535).default(8082),
  ...mailConfigShape,
  /** The app's public origin, for the pay links in e-mails (npm start sets the local one). */
  PUBLIC_URL: z.url({ error: 'must be an http(s) URL' }).default('http://localhost:8080'),
  /** How often the overdue job runs (it also runs at start). */
  OVERDUE_INTERVAL_MS: z.coerce.number().int().min(1000).default(60_000),
  /** How often each replica looks for due recurring schedules (every replica runs the scheduler; at start too). */
  RECURRING_INTERVAL_MS: z.coerce.number().int().min(100).default(60_000),
  /** Schedules one scheduler transaction claims. */
  RECURRING_BATCH_SIZE: z.coerce.number().int().min(1).max(1000).default(100),
  /** How often payment reminders are queued and pending mail (auto-send, reminders) is sent. */
  REMINDERS_INTERVAL_MS: z.coerce.number().int().min(1000).default(300_000),
  /**
   * Where the daily job reads reference exchange rates: the ECB's daily XML (units per 1 EUR). `off`: no job runs
   * (tests; a machine that must never call out — an empty variable counts as unset, so it means the default). Offline
   * it logs a warning and tries again at its next run.
   */
  FX_RATES_URL: z
    .union([z.literal('off'), z.url({ error: 'must be an http(s) URL or off' })])
    .default('https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml'),
  /** How often the reference rates are fetched (a day; the ECB publishes once each working day around 16:00 CET). */
  FX_RATES_INTERVAL_MS: z.coerce.number().int().min(1000).default(86_400_000),
});
export type Config = z.output<typeof configSchema>;
