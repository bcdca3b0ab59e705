import { z } from 'zod';
import { baseConfigShape } from '@billpoint/kit';

const optional = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());

export const configSchema = z.object({
  ...baseConfigShape,
  PORT: z.coerce.number().int().min(0).max(65535).default(8086),
  /** With a key, categorization asks OpenAI (structured output) and falls back to the local model on any error. */
  OPENAI_API_KEY: optional,
  /** An OpenAI-compatible server instead of api.openai.com (tests point it at a local stand-in). */
  OPENAI_BASE_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url().optional()),
  OPENAI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  /** How long a categorization waits for OpenAI before the local model answers. */
  /** How often every tenant's insights are regenerated (daily). */
  INSIGHTS_INTERVAL_MS: z.coerce.number().int().min(1000).default(86_400_000),
  OPENAI_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3000),
});
export type Config = z.output<typeof configSchema>;
