import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { baseConfigShape, ConfigError, loadConfig } from '../src/config.ts';

const schema = z.object({ ...baseConfigShape, CUSTOMERS_URL: z.url(), PORT: z.coerce.number().default(8080) });

describe('loadConfig', () => {
  it('fails listing every missing key at once, and treats empty values as missing', () => {
    let err: unknown;
    try {
      loadConfig(schema, { DATABASE_URL: '', CUSTOMERS_URL: 'not a url' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    const problems = (err as ConfigError).problems;
    expect(problems).toContain('DATABASE_URL is missing');
    expect(problems).toContain('INTERNAL_TOKEN_KEY is missing');
    expect(problems.some((p) => p.startsWith('CUSTOMERS_URL '))).toBe(true);
    expect((err as Error).message).toMatch(/DATABASE_URL is missing[\s\S]*INTERNAL_TOKEN_KEY is missing/);
  });

  it('applies defaults and coercions', () => {
    const c = loadConfig(schema, {
      DATABASE_URL: 'postgres://u@h/db',
      INTERNAL_TOKEN_KEY: 'k'.repeat(32),
      CUSTOMERS_URL: 'http://c:8081',
      MIGRATE_ON_START: 'false',
    });
    expect(c).toMatchObject({ PORT: 8080, HOST: '0.0.0.0', LOG_LEVEL: 'info', MIGRATE_ON_START: false, DATABASE_POOL_MAX: 10 });
  });

  it('refuses a short internal token key', () => {
    expect(() => loadConfig(schema, { DATABASE_URL: 'postgres://u@h/db', INTERNAL_TOKEN_KEY: 'short', CUSTOMERS_URL: 'http://c' })).toThrow(
      /INTERNAL_TOKEN_KEY must be at least 32 characters/,
    );
  });
});
