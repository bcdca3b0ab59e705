import { z } from 'zod';
import { CurrencyCode, PageQuery, optionalText } from './common.ts';
import { Customer } from './customer.ts';
import { computeInvoice, normalizeMoney, toScaled, fromScaled, sumMoney } from './money.ts';

export const InvoiceStatuses = ['draft', 'sent', 'viewed', 'paid', 'overdue', 'cancelled', 'refunded'] as const;
export const InvoiceStatus = z.enum(InvoiceStatuses, { error: `Status must be one of ${InvoiceStatuses.join(', ')}` });
export type InvoiceStatus = z.infer<typeof InvoiceStatus>;

/**
 * The edit form offers Draft, Pending, Paid, Overdue (spec core §2); "Pending" is not a stored status.
 * It stands for an issued invoice awaiting payment, i.e. `sent` (and `viewed` shows as Pending too).
 */
export const EditFormStatuses = ['draft', 'pending', 'paid', 'overdue'] as const;
export type EditFormStatus = (typeof EditFormStatuses)[number];
export function statusToEditForm(s: InvoiceStatus | null | undefined): EditFormStatus {
  if (s === 'sent' || s === 'viewed') return 'pending';
  if (s === 'paid' || s === 'overdue') return s;
  return 'draft';
}
export function editFormToStatus(s: EditFormStatus): InvoiceStatus {
  return s === 'pending' ? 'sent' : s;
}

/** Messages of spec core §5. */
export const InvoiceMessages = {
  customerRequired: 'Customer is required',
  selectCustomer: 'Please select a customer',
  dueDateRequired: 'Due date is required',
  descriptionRequired: 'Description is required',
  quantityRequired: 'Quantity is required',
  rateRequired: 'Rate is required',
  itemsRequired: 'At least one item is required',
} as const;

/** Largest amount numeric(15,2) holds. */
export const MAX_MONEY_CENTS = 999_999_999_999_99n;

/** A calendar date as YYYY-MM-DD; an ISO date-time is taken at the date it names (the picker's local date). */
export const IsoDate = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .transform((v, ctx) => {
      const m = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec(v);
      const d = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : undefined;
      if (!m || !d || d.getUTCDate() !== Number(m[3]) || d.getUTCMonth() !== Number(m[2]) - 1) {
        ctx.addIssue({ code: 'custom', message: 'Date must be a valid date (YYYY-MM-DD)' });
        return z.NEVER;
      }
      return `${m[1]}-${m[2]}-${m[3]}`;
    });

/** A non-negative decimal with at most 2 places, as text or number; answers the normalized text ("3" → "3.00"). */
const decimal2 = (label: string, required: string, max = 99_999_999_999n) =>
  z.union([z.string(), z.number()], { error: required }).transform((v, ctx) => {
    const s = String(v).trim();
    if (s === '') {
      ctx.addIssue({ code: 'custom', message: required });
      return z.NEVER;
    }
    if (!/^\d+(\.\d+)?$/.test(s) && !/^-/.test(s)) {
      ctx.addIssue({ code: 'custom', message: `${label} must be a number` });
      return z.NEVER;
    }
    if (s.startsWith('-')) {
      ctx.addIssue({ code: 'custom', message: `${label} must be at least 0` });
      return z.NEVER;
    }
    if (/\.\d{3,}$/.test(s)) {
      ctx.addIssue({ code: 'custom', message: `${label} can have at most 2 decimals` });
      return z.NEVER;
    }
    const scaled = toScaled(s, 2);
    if (scaled > max * 100n) {
      ctx.addIssue({ code: 'custom', message: `${label} is too large` });
      return z.NEVER;
    }
    return fromScaled(scaled, 2);
  });

const percent = (label: string) =>
  z.union([z.string(), z.number()], { error: `${label} must be a number` }).transform((v, ctx) => {
    const s = String(v).trim() || '0';
    if (!/^\d+(\.\d{1,2})?$/.test(s) || toScaled(s, 2) > 10000n) {
      ctx.addIssue({ code: 'custom', message: `${label} must be a percentage from 0 to 100 with at most 2 decimals` });
      return z.NEVER;
    }
    return normalizeMoney(s);
  });

const money = (label: string) => decimal2(label, `${label} is required`);
const ignoredFigure = z.union([z.string(), z.number()]).nullish(); // client figures are recomputed, never stored

const itemFields = {
  description: z
    .string({ error: InvoiceMessages.descriptionRequired })
    .trim()
    .min(1, InvoiceMessages.descriptionRequired)
    .max(1000, 'Description must be at most 1000 characters'),
  quantity: decimal2('Quantity', InvoiceMessages.quantityRequired, 1_000_000_000n),
  rate: decimal2('Rate', InvoiceMessages.rateRequired),
  /** Ignored: the server computes quantity × rate. */
  amount: ignoredFigure,
  /** The line's percentage when it names no tax rate (else the invoice's); ignored when `taxRateId` is given. */
  taxRate: percent('Tax rate').nullish(),
  taxAmount: ignoredFigure,
  productId: z.number().int().positive().nullish(),
  /**
   * One of the tenant's tax rates (GET /api/tax-rates): the line's percentage becomes the rate's. It must be active
   * and valid on the invoice's issue date (else a 400 naming `items.N.taxRateId`).
   */
  taxRateId: z
    .number({ error: 'Tax rate must be a tax rate id' })
    .int('Tax rate must be a tax rate id')
    .positive('Tax rate must be a tax rate id')
    .max(Number.MAX_SAFE_INTEGER, 'Tax rate must be a tax rate id')
    .nullish(),
};

export const InvoiceItemInput = z.strictObject(itemFields);
export type InvoiceItemInput = z.input<typeof InvoiceItemInput>;
export const InvoiceItemUpdateInput = z.strictObject({ id: z.number().int().positive().nullish(), ...itemFields });

const currency = CurrencyCode;
const exchangeRate = z.union([z.string(), z.number()], { error: 'Exchange rate must be a number' }).transform((v, ctx) => {
  const s = String(v).trim();
  if (!/^\d+(\.\d{1,6})?$/.test(s) || toScaled(s, 6) === 0n) {
    ctx.addIssue({ code: 'custom', message: 'Exchange rate must be a positive number with at most 6 decimals' });
    return z.NEVER;
  }
  return fromScaled(toScaled(s, 6), 6);
});
const invoiceNumber = z
  .string({ error: 'Invoice number must be text' })
  .trim()
  .min(1, 'Invoice number cannot be empty')
  .max(50, 'Invoice number must be at most 50 characters')
  .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, 'Invoice number may use letters, digits and . _ / -');
/** The invoice's template (areas §3 invoices.templateId); null: the tenant's default template when the PDF is made. */
const templateId = z
  .number({ error: 'Template must be a template id' })
  .int('Template must be a template id')
  .positive('Template must be a template id')
  .max(Number.MAX_SAFE_INTEGER, 'Template must be a template id')
  .nullable();

const customerId = (message: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v),
    z.number({ error: message }).int(message).positive(message),
  );

/** Totals must fit numeric(15,2). */
function checkFits(items: { quantity: string; rate: string }[], ctx: z.RefinementCtx, path: (string | number)[]) {
  let sum = 0n;
  items.forEach((it, i) => {
    const line = computeInvoice([it]).lines[0]!.amount;
    const cents = toScaled(line, 2);
    sum += cents;
    if (cents > MAX_MONEY_CENTS) ctx.addIssue({ code: 'custom', path: [...path, i, 'rate'], message: 'Line amount is too large' });
  });
  if (sum > MAX_MONEY_CENTS) ctx.addIssue({ code: 'custom', path, message: 'Invoice total is too large' });
}

/** POST /api/invoices (spec core §3 "Invoice create payload"). Totals sent by the client are ignored. */
export const InvoiceCreateBody = z
  .strictObject({
    invoice: z.strictObject({
      customerId: customerId(InvoiceMessages.customerRequired),
      /** Omit (or send the next-number answer) to take the next number of the sequence. */
      invoiceNumber: invoiceNumber.nullish(),
      issueDate: IsoDate('Issue date must be a date').nullish(),
      dueDate: IsoDate(InvoiceMessages.dueDateRequired),
      /** New invoices are always drafts (spec core §4); a status sent here is ignored. */
      status: z.string().nullish(),
      currency: currency.default('USD'),
      exchangeRate: exchangeRate.default('1.000000'),
      taxRate: percent('Tax rate').default('0.00'),
      discountAmount: money('Discount').default('0.00'),
      shippingAmount: money('Shipping').default('0.00'),
      notes: optionalText(5000, 'Notes'),
      terms: optionalText(5000, 'Terms'),
      paymentInstructions: optionalText(5000, 'Payment instructions'),
      templateId: templateId.optional().transform((v) => v ?? null),
      subtotal: ignoredFigure,
      taxAmount: ignoredFigure,
      total: ignoredFigure,
    }),
    items: z
      .array(InvoiceItemInput, { error: InvoiceMessages.itemsRequired })
      .min(1, InvoiceMessages.itemsRequired)
      .max(500, 'At most 500 items'),
  })
  .superRefine((b, ctx) => checkFits(b.items, ctx, ['items']));
export type InvoiceCreateBody = z.input<typeof InvoiceCreateBody>;
export type InvoiceCreate = z.output<typeof InvoiceCreateBody>;

/** PUT /api/invoices/{id} (spec core §7). Items replace the stored ones; fields left out keep their values. */
export const InvoiceUpdateBody = z
  .strictObject({
    customerId: customerId(InvoiceMessages.selectCustomer),
    issueDate: IsoDate('Issue date must be a date').optional(),
    dueDate: IsoDate(InvoiceMessages.dueDateRequired).optional(),
    status: InvoiceStatus.optional(),
    currency: currency.optional(),
    exchangeRate: exchangeRate.optional(),
    taxRate: percent('Tax rate').optional(),
    discountAmount: money('Discount').optional(),
    shippingAmount: money('Shipping').optional(),
    notes: optionalText(5000, 'Notes').optional(),
    terms: optionalText(5000, 'Terms').optional(),
    paymentInstructions: optionalText(5000, 'Payment instructions').optional(),
    /** Left out: kept; null: the tenant's default template. */
    templateId: templateId.optional(),
    total: ignoredFigure,
    subtotal: ignoredFigure,
    taxAmount: ignoredFigure,
    items: z
      .array(InvoiceItemUpdateInput, { error: InvoiceMessages.itemsRequired })
      .min(1, InvoiceMessages.itemsRequired)
      .max(500, 'At most 500 items'),
  })
  .superRefine((b, ctx) => checkFits(b.items, ctx, ['items']));
export type InvoiceUpdateBody = z.input<typeof InvoiceUpdateBody>;
export type InvoiceUpdate = z.output<typeof InvoiceUpdateBody>;

export const InvoiceListQuery = PageQuery.extend({ status: InvoiceStatus.optional() });
export type InvoiceListQuery = z.infer<typeof InvoiceListQuery>;

/** The customer as billing knows it (its read model, fed by customers' events). */
export const InvoiceCustomer = Customer.pick({ id: true, name: true, email: true, phone: true, address: true, company: true });
export type InvoiceCustomer = z.infer<typeof InvoiceCustomer>;

export const InvoiceItem = z.object({
  id: z.number().int(),
  productId: z.number().int().nullable(),
  description: z.string(),
  quantity: z.string(),
  rate: z.string(),
  amount: z.string(),
  taxRate: z.string(),
  taxAmount: z.string(),
  /** The tenant's tax rate the line was taxed at, its name and type as they were then; null for a bare percentage. */
  taxRateId: z.number().int().nullable(),
  taxRateName: z.string().nullable(),
  taxType: z.string().nullable(),
});
export type InvoiceItem = z.infer<typeof InvoiceItem>;

/** An invoice as the API answers it; money as decimal strings, dates as YYYY-MM-DD. */
export const Invoice = z.object({
  id: z.number().int(),
  invoiceNumber: z.string(),
  customerId: z.number().int(),
  customer: InvoiceCustomer.nullable(),
  status: InvoiceStatus,
  issueDate: z.string(),
  dueDate: z.string(),
  currency: z.string(),
  exchangeRate: z.string(),
  subtotal: z.string(),
  taxRate: z.string(),
  taxAmount: z.string(),
  discountAmount: z.string(),
  shippingAmount: z.string(),
  total: z.string(),
  totalInBaseCurrency: z.string(),
  notes: z.string().nullable(),
  terms: z.string().nullable(),
  paymentInstructions: z.string().nullable(),
  sentAt: z.string().nullable(),
  viewedAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  remindersSent: z.number().int(),
  lastReminderAt: z.string().nullable(),
  /** The recurring schedule that generated the invoice (null for invoices made by hand). */
  recurringInvoiceId: z.number().int().nullable(),
  /** The template its PDF is made with; null: the tenant's default template (else the built-in classic). */
  templateId: z.number().int().nullable(),
  /** Completed payments minus refunds (kept from the payments service's events), and what is left to pay. */
  amountPaid: z.string(),
  balanceDue: z.string(),
  /** Unguessable token of the public pay page (/pay/{token}); only in the single-invoice answer. */
  publicToken: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Present in the single-invoice answer. */
  items: z.array(InvoiceItem).optional(),
});
export type Invoice = z.infer<typeof Invoice>;

export const NextNumber = z.object({ invoiceNumber: z.string() });
export type NextNumber = z.infer<typeof NextNumber>;

/** The analytics periods (areas §2: Last 7 days, Last 30 days, Last 90 days, Last year). */
export const AnalyticsPeriods = ['7d', '30d', '90d', '1y'] as const;
export type AnalyticsPeriod = (typeof AnalyticsPeriods)[number];
/** Days a period spans, today (UTC) included: 7d is today and the 6 days before. */
export const AnalyticsPeriodDays: Record<AnalyticsPeriod, number> = { '7d': 7, '30d': 30, '90d': 90, '1y': 365 };

/**
 * GET /api/dashboard/stats query. Without `period`: all time (what the dashboard shows). Without `currency`: every
 * currency, amounts in the base currency (total × the invoice's exchange rate, as the dashboard shows); with it:
 * only invoices (and payments, schedules) in that currency, amounts in it, nothing converted.
 */
export const DashboardStatsQuery = z.object({
  period: z.enum(AnalyticsPeriods, { error: `Period must be one of ${AnalyticsPeriods.join(', ')}` }).optional(),
  currency: CurrencyCode.optional(),
});
export type DashboardStatsQuery = z.infer<typeof DashboardStatsQuery>;

/**
 * GET /api/dashboard/stats: the dashboard's fields and the analytics shape of areas §3, all computed from rollups kept
 * in the transaction of every invoice, payment and schedule change. "In the period" means: issued (issue date) on or
 * after `periodStart` for invoice figures, paid (paid date, UTC) on or after it for revenue, dated on or after it for
 * payments. Amounts: in `currency` when one was asked for, else in the base currency. Percentages have one decimal.
 */
export const DashboardStats = z.object({
  /** The period asked for (null: all time) and its first day (YYYY-MM-DD, UTC), and the currency asked for. */
  period: z.enum(AnalyticsPeriods).nullable(),
  periodStart: z.string().nullable(),
  currency: z.string().nullable(),
  /** Totals of paid invoices (marked paid by hand or by payments); with a period, those paid in it. */
  totalRevenue: z.number(),
  /** Totals of sent, viewed and overdue invoices issued in the period. */
  outstanding: z.number(),
  /** Totals of overdue invoices issued in the period. */
  overdue: z.number(),
  /** The tenant's customers (not deleted), whatever the period and currency. */
  totalCustomers: z.number().int(),
  /** Invoices issued in the period (every status), of them paid, overdue, pending (sent or viewed). */
  totalInvoices: z.number().int(),
  paidInvoices: z.number().int(),
  overdueInvoices: z.number().int(),
  pendingInvoices: z.number().int(),
  /** Total of the invoices issued in the period ÷ their number, to the cent (half up); 0 without invoices. */
  averageInvoiceValue: z.number(),
  /** Sent or viewed invoices due today or within 7 days (in the currency, whatever the period). */
  dueSoonInvoices: z.number().int(),
  /** Payment success rate (areas §9): paid ÷ total invoices of the period × 100, to 0.1 (0 without invoices). */
  paymentSuccessRate: z.number(),
  /** Revenue by the month invoices were paid (YYYY-MM): all time every month from the first (at least 12); with a period the months it touches. */
  revenueByMonth: z.array(z.object({ month: z.string(), revenue: z.number() })),
  /** Invoiced totals of the period in each invoice currency, in that currency (every currency, whatever `currency` says), largest first. */
  currencyBreakdown: z.array(z.object({ currency: z.string(), total: z.number() })),
  /** The 5 customers who paid most (all time; in `currency` when asked), with what they paid. */
  topCustomers: z.array(z.object({ id: z.number().int(), name: z.string(), company: z.string().nullable(), totalSpent: z.number() })),
  /** The 5 most recent invoices (created; with a period: latest issued in it), with the customer's name. */
  recentInvoices: z.array(Invoice),
  /**
   * Active recurring schedules normalised to a month (weekly × 52/12, quarterly ÷ 3, annually ÷ 12), exact to the
   * cent, one entry per currency (schedules carry no exchange rate, so currencies are never summed together).
   */
  monthlyRecurringRevenue: z.array(z.object({ currency: z.string(), amount: z.string() })),
  /**
   * Payments received in the period by method: completed payments (later refunded ones included) and the amount
   * kept after refunds, in the payment currency (`currency`) or the base currency. Methods without payments are absent.
   */
  paymentMethodStats: z.array(z.object({ method: z.string(), amount: z.number(), count: z.number().int() })),
  /**
   * Growth: revenue of the period against the same number of days just before it, in percent to 0.1 (the period;
   * all time compares the last 30 days). Null when the previous period had no revenue. `previousRevenue` is that figure.
   */
  revenueGrowth: z.number().nullable(),
  previousRevenue: z.number(),
  /** Mean days from issue date to paid date of the invoices paid in the period, to 0.1; null when none was paid. */
  averageDaysToPayment: z.number().nullable(),
  /** Retention: customers with two invoices or more ÷ customers with at least one, × 100 to 0.1 (all time, in `currency`); null without invoiced customers. */
  customerRetentionRate: z.number().nullable(),
  /** Automation: invoices of the period generated by recurring schedules (those are the ones sent automatically) ÷ all its invoices, × 100 to 0.1; null without invoices. */
  automationRate: z.number().nullable(),
  /** Lifetime value: paid invoices' totals ÷ customers with at least one invoice (all time, in `currency`), to the cent; null without invoiced customers. */
  customerLifetimeValue: z.number().nullable(),
  /**
   * Churn: schedules stopped in the period (paused, ended, customer deleted, deleted) ÷ schedules active at its start
   * (active now − started in it + stopped in it), × 100 to 0.1 (all time: the last 30 days); null when none was active.
   */
  churnRate: z.number().nullable(),
  /** Acquisition cost: Billpoint does not know what was spent to win customers, so always null (shown as "—"). */
  customerAcquisitionCost: z.number().nullable(),
});
export type DashboardStats = z.infer<typeof DashboardStats>;

export const InvoiceEvents = {
  Created: 'evt.billing.invoice.created',
  Updated: 'evt.billing.invoice.updated',
  Sent: 'evt.billing.invoice.sent',
  Paid: 'evt.billing.invoice.paid',
  Overdue: 'evt.billing.invoice.overdue',
  Deleted: 'evt.billing.invoice.deleted',
} as const;

/**
 * Payload of every invoice event: the invoice without its items or token, plus its lines that name a product
 * (catalog keeps stock and product revenue from them). `productLines` is absent on events that did not load the
 * lines (a bulk status change): the lines are then as the previous event said.
 */
export const InvoiceEventData = Invoice.omit({ items: true, publicToken: true }).extend({
  productLines: z.array(z.object({ productId: z.number().int(), quantity: z.string(), amount: z.string() })).optional(),
  /**
   * The invoice's tax per rate (the ledger books sales tax payable from it): one entry per distinct (tax rate id,
   * percentage) among the lines, lines without tax included with rate "0.00". Absent like `productLines`.
   */
  taxLines: z
    .array(
      z.object({
        taxRateId: z.number().int().nullable(),
        name: z.string().nullable(),
        type: z.string().nullable(),
        rate: z.string(),
        taxableAmount: z.string(),
        taxAmount: z.string(),
      }),
    )
    .optional(),
});
export type InvoiceEventData = z.infer<typeof InvoiceEventData>;
export type InvoiceTaxLine = NonNullable<InvoiceEventData['taxLines']>[number];

/**
 * The invoice's tax per rate (InvoiceEventData.taxLines): the lines grouped by (tax rate id, percentage) in the order
 * they first appear; each group's taxable amount is the sum of its line amounts and its tax the sum of the lines' tax
 * (each line rounded on its own, as computeInvoice does), so the groups' tax adds up to the invoice's taxAmount.
 */
export function taxLinesOf(
  items: readonly Pick<InvoiceItem, 'amount' | 'taxRate' | 'taxAmount' | 'taxRateId' | 'taxRateName' | 'taxType'>[],
): InvoiceTaxLine[] {
  const groups = new Map<string, InvoiceTaxLine & { amounts: string[]; taxes: string[] }>();
  for (const it of items) {
    const rate = fromScaled(toScaled(it.taxRate || '0', 2), 2);
    const key = `${it.taxRateId ?? ''}|${rate}`;
    let g = groups.get(key);
    if (!g) {
      g = {
        taxRateId: it.taxRateId ?? null,
        name: it.taxRateName ?? null,
        type: it.taxType ?? null,
        rate,
        taxableAmount: '0.00',
        taxAmount: '0.00',
        amounts: [],
        taxes: [],
      };
      groups.set(key, g);
    }
    g.amounts.push(it.amount);
    g.taxes.push(it.taxAmount);
  }
  return [...groups.values()].map(({ amounts, taxes, ...g }) => ({ ...g, taxableAmount: sumMoney(amounts), taxAmount: sumMoney(taxes) }));
}
