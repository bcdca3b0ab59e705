import { z } from 'zod';
import { decimalExample, readDecimal, toScaled } from '@billpoint/proto';

/** The locale the person types numbers in: their browser's first language. */
export function inputLocale(): string {
  const lang = typeof navigator !== 'undefined' ? navigator.languages?.[0] || navigator.language : undefined;
  try {
    return Intl.NumberFormat.supportedLocalesOf(lang ?? [])[0] ?? 'en-US';
  } catch {
    return 'en-US';
  }
}

export type NumberCheck = { ok: true; value: string } | { ok: false; message: string };

export interface NumberRules {
  /** Most decimals it may have (trailing zeros beyond them are fine). */
  decimals?: number;
  negative?: boolean;
  locale?: string;
}

/**
 * A number typed into a field named `label`, read as the person's locale writes numbers. Answers the canonical
 * decimal ("1000.50"), or a message naming the field that shows how to write it; an ambiguous entry is never read.
 */
export function checkNumber(raw: string, label: string, rules: NumberRules = {}): NumberCheck {
  const locale = rules.locale ?? inputLocale();
  const example = decimalExample(locale, rules.decimals === 0 ? 0 : 2);
  const r = readDecimal(raw, locale, { negative: rules.negative });
  if (!r.ok) {
    if (r.code === 'empty') return { ok: false, message: `Enter ${label.toLowerCase()}` };
    if (r.code === 'ambiguous') return { ok: false, message: `${label}: "${raw.trim()}" could be read two ways. Write it like ${example}` };
    return { ok: false, message: `${label} must be a number, like ${example}` };
  }
  const kept = (r.value.split('.')[1] ?? '').replace(/0+$/, '');
  if (rules.decimals !== undefined && kept.length > rules.decimals) {
    return {
      ok: false,
      message:
        rules.decimals === 0
          ? `${label} has no decimals`
          : `${label}: use at most ${rules.decimals} decimal${rules.decimals === 1 ? '' : 's'}`,
    };
  }
  return { ok: true, value: r.value };
}

/** A decimal from the API ("1000.5") as the person's locale writes it, to fill a field they will edit ("1000,50"). */
export function numberForInput(value: string | number | null | undefined, decimals?: number, locale = inputLocale()): string {
  if (value === null || value === undefined || value === '') return '';
  const s = String(value);
  if (!/^-?\d+(\.\d+)?$/.test(s)) return s;
  const places = s.split('.')[1]?.length ?? 0;
  const digits = decimals ?? places;
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: decimals ?? places,
    maximumFractionDigits: Math.max(digits, places),
    useGrouping: false,
  }).format(s as Intl.StringNumericLiteral);
}

/**
 * The zod field of a form for a typed number: reads it (see checkNumber), then checks the bounds. Optional fields
 * answer '' for an empty entry.
 */
export function localNumber(
  label: string,
  rules: NumberRules & { optional?: boolean; min?: number; max?: number; positive?: boolean } = {},
) {
  return z.string().transform((raw, ctx) => {
    if (rules.optional && raw.trim() === '') return '';
    const r = checkNumber(raw, label, rules);
    if (!r.ok) {
      ctx.addIssue({ code: 'custom', message: r.message });
      return z.NEVER;
    }
    // Bounds compared exactly, as scaled integers.
    const scale = Math.max(r.value.split('.')[1]?.length ?? 0, 6);
    const n = toScaled(r.value, scale);
    const bound = (b: number) => toScaled(String(b), scale);
    if (rules.positive && n <= 0n) ctx.addIssue({ code: 'custom', message: `${label} must be greater than 0` });
    else if (rules.min !== undefined && n < bound(rules.min))
      ctx.addIssue({ code: 'custom', message: `${label} must be at least ${numberForInput(rules.min, undefined, rules.locale)}` });
    else if (rules.max !== undefined && n > bound(rules.max))
      ctx.addIssue({ code: 'custom', message: `${label} must be at most ${numberForInput(rules.max, undefined, rules.locale)}` });
    return r.value;
  });
}

type FieldRules = NumberRules & { label: string };

/**
 * A form schema whose named number fields are typed as the person writes numbers: each is read first (see
 * checkNumber; a message naming the field when it cannot be), then checked by the schema's own rule for it, which
 * also answers for an empty field.
 */
export function localNumbers<S extends z.ZodObject>(schema: S, fields: Partial<Record<keyof S['shape'] & string, FieldRules>>) {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, rules] of Object.entries(fields) as [string, FieldRules][]) {
    const own = schema.shape[name] as z.ZodType;
    shape[name] = z.preprocess(
      (raw) => {
        // Nothing typed is the schema's own business (required, or a default).
        if (typeof raw !== 'string' || raw.trim() === '') return raw;
        // A minus is read too: whether the field takes negatives is the schema's rule, with its own message.
        const r = checkNumber(raw, rules.label, { negative: true, ...rules });
        return r.ok ? r.value : new Unreadable(r.message);
      },
      z.custom<unknown>((v) => !(v instanceof Unreadable), { error: (i) => (i.input as Unreadable).message }).pipe(own),
    );
  }
  return schema.safeExtend(shape as never) as unknown as S;
}

class Unreadable {
  readonly message: string;
  constructor(message: string) {
    this.message = message;
  }
}

/**
 * An optional typed number (empty is none: undefined), read as the person writes numbers and then checked by the
 * server's rule `own` for it.
 */
export function optionalLocalNumber<T extends z.ZodType>(label: string, own: T) {
  return z.string().transform((v, ctx) => {
    if (!v.trim()) return undefined;
    const read = checkNumber(v, label, { negative: true });
    const r = read.ok ? own.safeParse(read.value) : undefined;
    if (r?.success && r.data != null) return r.data as NonNullable<z.output<T>>;
    ctx.addIssue({ code: 'custom', message: read.ok ? (r?.error?.issues[0]?.message ?? `${label} must be a number`) : read.message });
    return z.NEVER;
  });
}

/** The typed text of a number field as far as it can be read yet (a running total while typing), else '0'. */
export function typedSoFar(v: unknown): string {
  const r = readDecimal(String(v ?? ''), inputLocale());
  return r.ok ? r.value : '0';
}
