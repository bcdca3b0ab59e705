import { z } from 'zod';
import { CurrencyCode } from './common.ts';
import { IsoDate } from './invoice/input.ts';
import { divMills, divRound, fromMills, fromScaled, toMills, toScaled } from './money.ts';
import { defineRpc } from './rpc.ts';

/**
 * Exchange rates. The organization's `defaultCurrency` is its base currency; a rate is the number of base
 * units one unit of another currency is worth on a day (base USD, EUR at "1.1000000000": €1 = $1.10). Rates are exact
 * decimals with at most 10 places, never floats: they are computed on scaled BigInts (RATE_SCALE) and stored as
 * numeric(24,10). The rate "in force" on a day is the newest one dated that day or before.
 */
export const RATE_SCALE = 10;
/** The largest rate accepted (12 integer digits: numeric(24,10) keeps 14). */
const MAX_RATE = 10n ** 12n;

/** Where a rate came from: the daily reference job (the ECB's rates by default) or typed by a member. */
export const ExchangeRateSources = ['ecb', 'manual'] as const;
export const ExchangeRateSource = z.enum(ExchangeRateSources);
export type ExchangeRateSource = z.infer<typeof ExchangeRateSource>;

/** A rate as the API takes it: a decimal > 0 with at most 10 places, as text or number; answered as 10-place text. */
export const ExchangeRateValue = z
  .union([z.string(), z.number()], { error: 'Rate must be a number' })
  .transform((v, ctx) => {
    const s = String(v).trim();
    if (!/^\d+(\.\d{1,10})?$/.test(s)) {
      ctx.addIssue({ code: 'custom', message: 'Rate must be a positive number with at most 10 decimals' });
      return z.NEVER;
    }
    const scaled = toScaled(s, RATE_SCALE);
    if (scaled === 0n || scaled >= MAX_RATE * 10n ** BigInt(RATE_SCALE)) {
      ctx.addIssue({ code: 'custom', message: 'Rate must be greater than 0 and less than 1000000000000' });
      return z.NEVER;
    }
    return fromScaled(scaled, RATE_SCALE);
  })
  .meta({
    description: 'Base-currency units for one unit of the currency: a number > 0 and < 10^12 with at most 10 decimals, as text or number.',
    anyOf: [
      { type: 'string', pattern: '^\\s*0*\\d{1,12}(\\.\\d{1,10})?\\s*$' },
      { type: 'number', exclusiveMinimum: 0, maximum: 999_999_999_999, multipleOf: 1e-10 },
    ],
  });

/** GET /api/exchange-rates?date=YYYY-MM-DD (default today, UTC): the rates in force that day. */
export const ExchangeRatesQuery = z.object({ date: IsoDate('Date must be a date').optional() });
export type ExchangeRatesQuery = z.infer<typeof ExchangeRatesQuery>;

/** The currency of PUT /api/exchange-rates/{currency}. */
export const ExchangeRateParams = z.object({ currency: CurrencyCode });

/** PUT /api/exchange-rates/{currency}: a manual rate for the day (default today, UTC); the daily job never overwrites it. */
export const ExchangeRatePutBody = z.strictObject({
  rate: ExchangeRateValue,
  date: IsoDate('Date must be a date').nullish(),
});
export type ExchangeRatePutBody = z.input<typeof ExchangeRatePutBody>;

export const ExchangeRate = z.object({
  currency: z.string(),
  /** The day the rate was set for (on or before the asked day). */
  date: z.string(),
  rate: z.string(),
  source: ExchangeRateSource,
  updatedAt: z.string(),
});
export type ExchangeRate = z.infer<typeof ExchangeRate>;

export const ExchangeRates = z.object({
  /** The organization's base currency (its default currency). */
  base: z.string(),
  /** The day asked about. */
  date: z.string(),
  rates: z.array(ExchangeRate),
});
export type ExchangeRates = z.infer<typeof ExchangeRates>;

/** { tenantId, currency, date } → the rate in force (base units per unit), "1.0000000000" for the base itself, or null. */
export const BillingExchangeRateRpc = defineRpc({
  subject: 'rpc.billing.exchange-rate',
  service: 'billing',
  request: z.object({ tenantId: z.uuid(), currency: z.string(), date: z.string() }),
  response: z.object({ base: z.string(), rate: z.string().nullable() }),
});

/**
 * { tenantId, currency, from, to } → the base currency and the rates of `currency` from the one in force on `from`
 * through those dated up to `to`, oldest first (tax converts a period's figures day by day).
 */
export const BillingExchangeRatesRpc = defineRpc({
  subject: 'rpc.billing.exchange-rates',
  service: 'billing',
  request: z.object({ tenantId: z.uuid(), currency: z.string(), from: z.string(), to: z.string() }),
  response: z.object({ base: z.string(), rates: z.array(z.object({ day: z.string(), rate: z.string() })) }),
});

/**
 * amount × rate rounded half-up to cents: the base-currency figure of an amount (amount with up to 3 places, rate with
 * up to 10; the base currencies an organization can have have at most 2 decimals).
 */
export function inBase(amount: string, rate: string): string {
  return fromMills(divMills(toMills(amount) * toScaled(rate, RATE_SCALE), 10n ** BigInt(RATE_SCALE), 2));
}

/** A rate rounded half-up to `places` decimals (an invoice keeps 6). */
export const roundRate = (rate: string, places: number) => fromScaled(toScaled(rate, places), places);

/**
 * Cross rate through a reference currency: `perRef` units of C and `basePerRef` units of the base per one unit of the
 * reference (the ECB's "1 EUR = x C") give base units per one C = basePerRef ÷ perRef, rounded half-up to 10 places.
 */
export function crossRate(basePerRef: string, perRef: string): string {
  const s = 10n ** BigInt(RATE_SCALE);
  return fromScaled(divRound(toScaled(basePerRef, RATE_SCALE) * s, toScaled(perRef, RATE_SCALE)), RATE_SCALE);
}
