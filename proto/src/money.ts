/**
 * Money and quantities as exact decimals. Amounts travel as strings ("1234.50", "1.005" for dinars), are stored as
 * numeric with the scale they are written with, and every computation happens on scaled BigInts, never on JS floats.
 * The browser and the services use these same functions, so a line amount shown while typing is the one the server
 * stores.
 */

/** Parses a decimal (string or number) into an integer scaled by 10^scale; more digits than `scale` are rounded half away from zero. Throws on anything that is not a plain decimal. */
export function toScaled(value: string | number, scale: number): bigint {
  const s = typeof value === 'number' ? numberToPlain(value) : value.trim();
  const m = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(s);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) throw new RangeError(`Not a decimal number: ${JSON.stringify(value)}`);
  const [, sign, whole = '', frac = ''] = m;
  const kept = frac.slice(0, scale).padEnd(scale, '0');
  let n = BigInt((whole || '0') + kept);
  const rest = frac.slice(scale);
  if (rest !== '' && rest[0]! >= '5') n += 1n; // half-up on the magnitude
  return sign === '-' ? -n : n;
}

function numberToPlain(n: number): string {
  if (!Number.isFinite(n)) throw new RangeError(`Not a finite number: ${n}`);
  // toFixed(10) avoids exponent notation for the magnitudes money uses; the shortest repr keeps exactness.
  const s = String(n);
  return /e/i.test(s) ? n.toFixed(10) : s;
}

/** Formats an integer scaled by 10^scale as a plain decimal with exactly `scale` fraction digits. */
export function fromScaled(n: bigint, scale: number): string {
  const neg = n < 0n;
  const digits = (neg ? -n : n).toString().padStart(scale + 1, '0');
  const out = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return neg && n !== 0n ? `-${out}` : out;
}

/** Divides with rounding half away from zero. */
export function divRound(a: bigint, b: bigint): bigint {
  const q = a / b;
  const r = a % b;
  if (r === 0n) return q;
  const twice = (r < 0n ? -r : r) * 2n;
  const away = twice >= (b < 0n ? -b : b);
  if (!away) return q;
  return a < 0n !== b < 0n ? q - 1n : q + 1n;
}

/**
 * The finest money scale any currency needs: thousandths ("mills"), the minor unit of the dinars and rials (KWD, BHD,
 * OMR, JOD, TND, LYD, IQD). Sums, differences and comparisons on mills are exact for every currency; a product or a
 * quotient is rounded to its currency's own minor unit with `roundMills`.
 */
export const MONEY_SCALE = 3;
export const toMills = (v: string | number) => toScaled(v, MONEY_SCALE);
/**
 * Mills as an amount with at least 2 decimals and the third only when it is not zero: "12.50", "1.005". Amounts
 * rounded to a 2-decimal currency therefore read exactly as they always have.
 */
export function fromMills(m: bigint): string {
  const s = fromScaled(m, MONEY_SCALE);
  return s.endsWith('0') ? s.slice(0, -1) : s;
}

const millsStep = (decimals: number) => 10n ** BigInt(MONEY_SCALE - Math.min(Math.max(decimals, 0), MONEY_SCALE));

/** Mills rounded half away from zero to `decimals` places (0 for yen, 2 for euros, 3 for dinars). */
export function roundMills(m: bigint, decimals: number): bigint {
  const step = millsStep(decimals);
  return divRound(m, step) * step;
}

/**
 * `numerator / denominator` in mills, rounded once, half away from zero, to `decimals` places: an average, a share or
 * a percentage of an amount, never rounded twice.
 */
export function divMills(numerator: bigint, denominator: bigint, decimals: number): bigint {
  const step = millsStep(decimals);
  return divRound(numerator, denominator * step) * step;
}

/** Whether an amount has no more decimals than its currency's minor unit allows. */
export const fitsMinorUnit = (v: string | number, decimals: number) => roundMills(toMills(v), decimals) === toMills(v);

/** "12.5" → "12.50"; rounds half-up to `decimals` places (2 unless a currency's own minor unit is given). */
export const normalizeMoney = (v: string | number, decimals = 2) => fromMills(roundMills(toMills(v), decimals));

/** amount × percent / 100, rounded half-up to `decimals` places (2 unless a currency's own minor unit is given). */
export function percentOf(amount: string | number, percent: string | number, decimals = 2): string {
  const a = toMills(amount);
  const p = toScaled(percent, 4);
  return fromMills(divMills(a * p, 1_000_000n, decimals)); // mills · 10^4 / (100 · 10^4)
}

export function sumMoney(values: readonly (string | number)[]): string {
  return fromMills(values.reduce<bigint>((acc, v) => acc + toMills(v), 0n));
}

export function subtractMoney(a: string | number, b: string | number): string {
  return fromMills(toMills(a) - toMills(b));
}

export function compareMoney(a: string | number, b: string | number): number {
  const d = toMills(a) - toMills(b);
  return d === 0n ? 0 : d < 0n ? -1 : 1;
}

/** A decimal string as a JS number for display and charts only (never for arithmetic). */
export const moneyToNumber = (v: string) => Number(v);

const minorUnits = new Map<string, number>();
/** ISO 4217 minor unit of a currency: JPY 0, EUR 2, KWD 3 (Intl knows the table); an unknown code has 2. */
export function currencyMinorUnits(currency: string): number {
  let digits = minorUnits.get(currency);
  if (digits === undefined) {
    try {
      digits = new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      digits = 2;
    }
    // Building a NumberFormat is the costly part; the answers are kept (bounded: codes are three letters).
    if (minorUnits.size < 2000) minorUnits.set(currency, digits);
  }
  return digits;
}

/** Digits after the decimal point an amount of this currency has (JPY 0, USD 2, KWD 3): its ISO minor unit. */
export const currencyDecimals = (currency: string) => Math.min(currencyMinorUnits(currency), MONEY_SCALE);
