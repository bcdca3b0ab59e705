import { z } from 'zod';

/** Settings every process reads (services and gateway). */
export const baseConfigShape = {
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  HOST: z.string().default('0.0.0.0'),
  /** Owner connection: migrations run as this role; the runtime connects as `<schema>_app` derived from it. */
  DATABASE_URL: z.url({ error: 'must be a postgres:// URL' }),
  /** Runtime connection (role `<schema>_app`); derived from DATABASE_URL when unset. */
  DATABASE_APP_URL: z.url().optional(),
  /** Password for `<schema>_app`; migrations set it, the runtime uses it when deriving DATABASE_APP_URL. */
  DATABASE_APP_PASSWORD: z.string().min(1).optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  /** How long a request waits for a pooled connection before it is answered 503. */
  DATABASE_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5_000),
  /** `/healthz` fails (so the orchestrator restarts the process) when no connection could be had for this long. */
  HEALTH_WEDGED_AFTER_MS: z.coerce.number().int().min(1_000).default(30_000),
  /** `/readyz` answers within this bound, reporting a check that did not finish as failed. */
  READY_CHECK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(2_000),
  /** Without it the process uses the in-process bus (one-process local mode only). */
  NATS_URL: z.string().optional(),
  /** Subject/stream namespace on NATS (tests use it to keep parallel runs apart). */
  BUS_NAMESPACE: z
    .string()
    .regex(/^[a-zA-Z0-9_]+$/)
    .optional(),
  INTERNAL_TOKEN_KEY: z.string({ error: 'is required' }).min(32, 'must be at least 32 characters'),
  MIGRATE_ON_START: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().optional(),
  OTEL_SERVICE_NAME: z.string().optional(),
};

export type BaseConfig = z.output<z.ZodObject<typeof baseConfigShape>>;

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/** Parses the environment with a zod object; fails listing every missing or invalid key at once. */
export function loadConfig<S extends z.ZodObject>(schema: S, env: Record<string, string | undefined> = process.env): z.output<S> {
  // An empty variable counts as unset.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const res = schema.safeParse(present);
  if (res.success) return res.data;
  const problems = res.error.issues.map((i) => {
    const key = i.path.join('.');
    return env[key] === undefined || env[key] === '' ? `${key} is missing` : `${key} ${i.message}`;
  });
  throw new ConfigError(problems);
}
