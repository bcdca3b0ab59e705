import { z } from 'zod';
import { documentText } from './text.ts';
import { CursorFields, CursorMode, Id, PageQuery, optionalText } from './common.ts';
import { Metadata, MetadataInput, withMetadataFilter } from './metadata.ts';
import { InvoiceItem, IsoDate, TaxRateIdField } from './invoice.ts';
import { currencyDecimals, divMills, fromMills, fromScaled, toMills, toScaled } from './money.ts';

/** Recurring invoices ("subscriptions" in the interface). */
export const Frequencies = ['weekly', 'monthly', 'quarterly', 'annually'] as const;
export const Frequency = z.enum(Frequencies, { error: `Frequency must be one of ${Frequencies.join(', ')}` });
export type Frequency = z.infer<typeof Frequency>;

/** Currencies a subscription may bill in. */
export const SubscriptionCurrencies = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'JPY'] as const;

/** Messages of the Subscription form. */
export const RecurringMessages = {
  nameRequired: 'Subscription name is required',
  customerRequired: 'Customer is required',
  startDateRequired: 'Start date is required',
  itemsRequired: 'At least one item is required',
  descriptionRequired: 'Description is required',
  quantityMin: 'Quantity must be at least 1',
  unitPricePositive: 'Unit price must be positive',
  amountPositive: 'Amount must be positive',
  endBeforeStart: 'End date must be on or after the start date',
} as const;

const MONTHS: Record<Frequency, number> = { weekly: 0, monthly: 1, quarterly: 3, annually: 12 };

const parse = (d: string) => {
  const [y, m, day] = d.split('-').map(Number) as [number, number, number];
  return { y, m, day };
};
const iso = (y: number, m: number, d: number) =>
  `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
const daysInMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/**
 * The invoice date of period `n` (0 = the start date) of a schedule. Always computed from the anchor, never from
 * the previous period, so dates never drift: monthly from Jan 31 gives Feb 28 (29 in a leap year), Mar 31,
 * Apr 30; quarterly and annually clamp the same way; weekly adds 7 days.
 */
export function periodDate(start: string, frequency: Frequency, n: number): string {
  const { y, m, day } = parse(start);
  if (frequency === 'weekly') return new Date(Date.UTC(y, m - 1, day + 7 * n)).toISOString().slice(0, 10);
  const total = y * 12 + (m - 1) + MONTHS[frequency] * n;
  const ty = Math.floor(total / 12);
  const tm = (total % 12) + 1;
  return iso(ty, tm, Math.min(day, daysInMonth(ty, tm)));
}

/**
 * The periods from `fromPeriod` on whose date has come by `today` (and is not after `endDate`), in order: what a
 * run must produce. Bounded by `limit` so a schedule started decades ago cannot stall a run.
 */
export function duePeriods(
  s: { startDate: string; frequency: Frequency; endDate?: string | null },
  fromPeriod: number,
  today: string,
  limit = 1000,
): { period: number; date: string }[] {
  const out: { period: number; date: string }[] = [];
  for (let n = fromPeriod; out.length < limit; n++) {
    const date = periodDate(s.startDate, s.frequency, n);
    if (date > today || (s.endDate && date > s.endDate)) break;
    out.push({ period: n, date });
  }
  return out;
}

/** The first period whose date is after `today`: where a resumed schedule continues, without back-billing. */
export function firstFuturePeriod(s: { startDate: string; frequency: Frequency }, fromPeriod: number, today: string): number {
  let n = fromPeriod;
  while (periodDate(s.startDate, s.frequency, n) <= today) n++;
  return n;
}

/** A non-negative decimal (≤ 2 places) given as text or number, answered as normalized text. */
const amount = (message: string, min: bigint) =>
  z.union([z.string(), z.number()], { error: message }).transform((v, ctx) => {
    const s = String(v).trim();
    if (!/^\d{1,11}(\.\d{1,2})?$/.test(s) || toScaled(s, 2) < min) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return fromScaled(toScaled(s, 2), 2);
  });

const blank = (v: unknown) => v == null || (typeof v === 'string' && v.trim() === '');

export const RecurringItemInput = z.strictObject({
  description: documentText(
    z
      .string({ error: RecurringMessages.descriptionRequired })
      .trim()
      .min(1, RecurringMessages.descriptionRequired)
      .max(1000, 'Description must be at most 1000 characters'),
    'Description',
  ),
  quantity: amount(RecurringMessages.quantityMin, 100n),
  unitPrice: amount(RecurringMessages.unitPricePositive, 0n),
  /** Ignored: the server computes quantity × unitPrice. */
  amount: z.union([z.string(), z.number()]).nullish(),
  productId: z.number().int().positive().nullish(),
  /**
   * One of the tenant's tax rates (GET /api/tax-rates), as on invoice lines: the line is taxed at the rate's percentage
   * and every invoice the schedule generates carries it. It must be active and in force on the schedule's next invoice
   * date (else a 400 naming `items.N.taxRateId`).
   */
  taxRateId: TaxRateIdField,
});
export type RecurringItemInput = z.input<typeof RecurringItemInput>;

const customerId = z.preprocess(
  (v) => (v === '' || v === null ? undefined : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v),
  z
    .number({ error: RecurringMessages.customerRequired })
    .int(RecurringMessages.customerRequired)
    .positive(RecurringMessages.customerRequired),
);

const fields = {
  name: documentText(
    z
      .string({ error: RecurringMessages.nameRequired })
      .trim()
      .min(1, RecurringMessages.nameRequired)
      .max(200, 'Subscription name must be at most 200 characters'),
    'Subscription name',
  ),
  customerId,
  frequency: Frequency,
  startDate: IsoDate(RecurringMessages.startDateRequired),
  endDate: z.preprocess((v) => (blank(v) ? null : v), IsoDate('End date must be a date').nullable()),
  /**
   * Left out: on a creation the customer's currency, else the organization's; on a replacement the schedule keeps the
   * currency it was created with.
   */
  currency: z.enum(SubscriptionCurrencies, { error: `Currency must be one of ${SubscriptionCurrencies.join(', ')}` }).optional(),
  autoSend: z.boolean({ error: 'Auto send must be true or false' }).default(false),
  notes: optionalText(5000, 'Notes'),
  /** Items with a blank description are dropped, then at least one must remain. */
  items: z.preprocess(
    (v) =>
      Array.isArray(v) ? v.filter((it) => !(it && typeof it === 'object' && blank((it as { description?: unknown }).description))) : v,
    z
      .array(RecurringItemInput, { error: RecurringMessages.itemsRequired })
      .min(1, RecurringMessages.itemsRequired)
      .max(500, 'At most 500 items'),
  ),
  /** Ignored: computed from the items. */
  total: z.union([z.string(), z.number()]).nullish(),
  /** Ignored: the first invoice date is the start date. */
  nextInvoiceDate: z.string().nullish(),
  isActive: z.boolean({ error: 'Active must be true or false' }).optional(),
  /** On PUT merged into the stored keys (`""` removes one); left out: kept. */
  metadata: MetadataInput.optional(),
};

const checkDates = (b: { startDate: string; endDate?: string | null }, ctx: z.RefinementCtx) => {
  if (b.endDate && b.endDate < b.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: RecurringMessages.endBeforeStart });
};

/** POST /api/recurring-invoices and PUT /api/recurring-invoices/{id} (the edit form sends the whole schedule). */
export const RecurringBody = z.strictObject(fields).superRefine(checkDates);
/** What a client sends (the schema's preprocessing makes its inferred input type too loose to be useful). */
export interface RecurringBody {
  name: string;
  customerId: number | string;
  frequency: Frequency;
  startDate: string;
  endDate?: string | null;
  currency?: (typeof SubscriptionCurrencies)[number];
  autoSend?: boolean;
  notes?: string | null;
  items: RecurringItemInput[];
  total?: string | number | null;
  nextInvoiceDate?: string | null;
  isActive?: boolean;
  metadata?: Record<string, string>;
}
export type RecurringInput = z.output<typeof RecurringBody>;

/** PATCH /api/recurring-invoices/{id}: pause or resume. */
export const RecurringPatchBody = z.strictObject({ isActive: z.boolean({ error: 'isActive must be true or false' }) });

const ScheduleState = z.enum(['all', 'active', 'inactive'], { error: 'Status must be all, active or inactive' });
export const RecurringListQuery = withMetadataFilter(
  PageQuery.extend({
    status: ScheduleState.default('all'),
    frequency: z.union([z.literal('all'), Frequency]).default('all'),
    customerId: Id.optional(),
    ...CursorMode,
  }),
);
export type RecurringListQuery = z.infer<typeof RecurringListQuery>;
/** The public API's list of recurring invoices: a cursor page, by state, frequency and customer. */
export const ApiRecurringListQuery = withMetadataFilter(
  z.strictObject({
    ...CursorFields,
    status: ScheduleState.optional(),
    frequency: Frequency.optional(),
    customerId: Id.optional(),
  }),
);

/**
 * A schedule line: an invoice line's fields (its tax as on invoice items: the percentage, "0.00" untaxed; the line's
 * tax to the cent, half up; the tenant's rate with its name and type as they were when the schedule was saved), with
 * the unit price named as the schedule form names it.
 */
export const RecurringItem = InvoiceItem.omit({ rate: true }).extend({ unitPrice: z.string() });
export type RecurringItem = z.infer<typeof RecurringItem>;

export const RecurringInvoice = z.object({
  id: z.number().int(),
  name: z.string(),
  customerId: z.number().int(),
  customer: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  frequency: Frequency,
  startDate: z.string(),
  endDate: z.string().nullable(),
  nextInvoiceDate: z.string().nullable(),
  lastInvoiceDate: z.string().nullable(),
  isActive: z.boolean(),
  autoSend: z.boolean(),
  currency: z.string(),
  /** What each generated invoice comes to: the items' amounts plus their tax. */
  total: z.string(),
  totalInvoicesGenerated: z.number().int(),
  notes: z.string().nullable(),
  items: z.array(RecurringItem),
  /** Absent on events written before metadata: read as none. */
  metadata: Metadata.default({}),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RecurringInvoice = z.infer<typeof RecurringInvoice>;

export const RecurringEvents = {
  Created: 'evt.billing.subscription.created',
  Updated: 'evt.billing.subscription.updated',
  Cancelled: 'evt.billing.subscription.cancelled',
} as const;
export const RecurringEventData = RecurringInvoice.omit({ items: true });

/** Money per currency, exact (decimal text). */
export const CurrencyAmount = z.object({ currency: z.string(), amount: z.string() });
export type CurrencyAmount = z.infer<typeof CurrencyAmount>;

/**
 * GET /api/recurring-invoices/summary: the four cards of /subscriptions over all of the tenant's schedules.
 * monthlyRevenue: active schedules normalised to a month (weekly × 52/12, quarterly ÷ 3, annually ÷ 12), per
 * currency; averageValue: that divided by the active count in the currency.
 */
export const RecurringSummary = z.object({
  total: z.number().int(),
  active: z.number().int(),
  inactive: z.number().int(),
  monthlyRevenue: z.array(CurrencyAmount),
  averageValue: z.array(CurrencyAmount),
});
export type RecurringSummary = z.infer<typeof RecurringSummary>;

/** POST /api/recurring-invoices/{id}/run: the invoices this call produced (none when nothing was due). */
export const RecurringRunResult = z.object({
  generated: z.number().int(),
  invoices: z.array(z.object({ id: z.number().int(), invoiceNumber: z.string(), issueDate: z.string() })),
  schedule: RecurringInvoice,
});
export type RecurringRunResult = z.infer<typeof RecurringRunResult>;

/** How many invoices a schedule starting at `startDate` produces at once when created today (catch-up). */
export const invoicesDueNow = (s: { startDate: string; frequency: Frequency; endDate?: string | null }, today: string) =>
  duePeriods(s, 0, today).length;

/**
 * Payment reminders (an organization setting, off by default): one e-mail `daysBefore` days before the due date,
 * then one every `everyDaysAfter` days after it while unpaid, at most `maxReminders` in all, never two on a day.
 */
export const ReminderSettings = z.object({
  enabled: z.boolean(),
  daysBefore: z.number().int(),
  everyDaysAfter: z.number().int(),
  maxReminders: z.number().int(),
});
export type ReminderSettings = z.infer<typeof ReminderSettings>;
export const DEFAULT_REMINDER_SETTINGS: ReminderSettings = { enabled: false, daysBefore: 3, everyDaysAfter: 7, maxReminders: 3 };

const days = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);

/** PUT /api/reminder-settings. */
export const ReminderSettingsBody = z.strictObject({
  enabled: z.boolean({ error: 'Enabled must be true or false' }),
  daysBefore: days('Days before the due date', 0, 60),
  everyDaysAfter: days('Days between reminders', 1, 90),
  maxReminders: days('Maximum reminders', 1, 10),
});
export type ReminderSettingsBody = z.input<typeof ReminderSettingsBody>;

/** Periods a year of each frequency: the monthly figure is the yearly one over 12. */
const PER_YEAR: Record<Frequency, bigint> = { weekly: 52n, monthly: 12n, quarterly: 4n, annually: 1n };

/**
 * Monthly recurring revenue per currency from the sums of active schedules' totals by (currency, frequency):
 * (weekly × 52 + monthly × 12 + quarterly × 4 + annually) ÷ 12, rounded half-up to the cent once, at the end.
 * Also the average per active schedule of each currency. Sorted by currency.
 */
export function monthlyRecurring(rows: readonly { currency: string; frequency: Frequency; total: string; count: number }[]): {
  monthly: CurrencyAmount[];
  average: CurrencyAmount[];
} {
  const yearly = new Map<string, { mills: bigint; count: number }>();
  for (const r of rows) {
    const acc = yearly.get(r.currency) ?? { mills: 0n, count: 0 };
    acc.mills += toMills(r.total) * PER_YEAR[r.frequency];
    acc.count += r.count;
    yearly.set(r.currency, acc);
  }
  const currencies = [...yearly.keys()].sort();
  return {
    monthly: currencies.map((currency) => ({
      currency,
      amount: fromMills(divMills(yearly.get(currency)!.mills, 12n, currencyDecimals(currency))),
    })),
    average: currencies.map((currency) => {
      const { mills, count } = yearly.get(currency)!;
      return { currency, amount: fromMills(count ? divMills(mills, 12n * BigInt(count), currencyDecimals(currency)) : 0n) };
    }),
  };
}
