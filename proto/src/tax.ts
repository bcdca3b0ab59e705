import { z } from 'zod';
import { CursorFields, CursorMode, PageQuery, optionalText } from './common.ts';
import { IsoDate } from './invoice.ts';
import { fromMills, fromScaled, toMills, toScaled } from './money.ts';
import { defineRpc } from './rpc.ts';
import { documentText } from './text.ts';

/**
 * The tax service's contracts (the Expense manager and Tax management screens): tax rates, expense
 * categories, expenses, financial reports and the tax summary. Money travels as exact decimal strings.
 */

export const TaxTypes = ['sales_tax', 'vat', 'gst', 'service_tax', 'withholding', 'other'] as const;
export type TaxType = (typeof TaxTypes)[number];

/**
 * EN 16931 VAT category codes (UNTDID 5305 subset, BT-151): S standard, Z zero rated, E exempt, AE reverse charge,
 * K intra-community supply, G export outside the EU, O not subject to VAT.
 */
export const TaxCategories = ['S', 'Z', 'E', 'AE', 'K', 'G', 'O'] as const;
export type TaxCategory = (typeof TaxCategories)[number];
export const TaxCategoryLabels: Record<TaxCategory, string> = {
  S: 'Standard rate',
  Z: 'Zero rated',
  E: 'Exempt from tax',
  AE: 'Reverse charge',
  K: 'Intra-community supply',
  G: 'Export outside the EU',
  O: 'Not subject to VAT',
};
/** The category a rate takes when none is set: S for a positive rate, Z for 0. */
export const defaultTaxCategory = (rate: string): TaxCategory => (/^0*(\.0*)?$/.test(rate.trim()) ? 'Z' : 'S');

export const TaxMessages = {
  nameRequired: 'Name is required',
  jurisdictionRequired: 'Jurisdiction is required',
  rateRequired: 'Rate is required',
  startDateRequired: 'Start date is required',
  taxRateCreated: 'Tax Rate Created',
  taxRateCreateFailed: 'Failed to create tax rate',
  reportGenerated: 'Report Generated',
  reportGenerateFailed: 'Failed to generate report',
} as const;

export const ExpenseMessages = {
  descriptionRequired: 'Description is required',
  amountPositive: 'Amount must be greater than 0',
  dateRequired: 'Date is required',
  created: 'Expense created successfully',
  missingInfoTitle: 'Missing Information',
  missingInfo: 'Please enter a description and amount first',
  aiFailedTitle: 'AI Categorization Failed',
  aiFailed: 'Using manual categorization',
  empty: 'No expenses found',
} as const;

/** A percentage 0–100 with at most 2 decimals (the precision invoice lines and products keep), answered "7.25". */
export const Percent = (label: string, required: string) =>
  z.union([z.string(), z.number()], { error: required }).transform((v, ctx) => {
    const s = String(v).trim();
    if (s === '') {
      ctx.addIssue({ code: 'custom', message: required });
      return z.NEVER;
    }
    if (!/^\d{1,3}(\.\d{1,2})?$/.test(s) || toScaled(s, 2) > 10000n) {
      ctx.addIssue({ code: 'custom', message: `${label} must be a percentage from 0 to 100 with at most 2 decimals` });
      return z.NEVER;
    }
    return fromScaled(toScaled(s, 2), 2);
  });

/**
 * A positive amount with at most 3 decimals, the finest minor unit (≤ 999,999,999,999.999), answered "12.50"; the
 * currency's own minor unit is checked where the currency is known.
 */
export const PositiveMoney = (label: string, message: string) =>
  z.union([z.string(), z.number()], { error: message }).transform((v, ctx) => {
    const s = String(v).trim();
    if (!/^\d{1,12}(\.\d{1,3})?$/.test(s) || toMills(s) === 0n) {
      ctx.addIssue({
        code: 'custom',
        message: s.startsWith('-') || /^0*(\.0*)?$/.test(s) ? message : `${label} must be a number with at most 3 decimals`,
      });
      return z.NEVER;
    }
    return fromMills(toMills(s));
  });

export const optionalId = (label: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? null : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v),
    z
      .number({ error: `${label} must be an id` })
      .int(`${label} must be an id`)
      .positive(`${label} must be an id`)
      .max(Number.MAX_SAFE_INTEGER)
      .nullish(),
  );

// ---------------------------------------------------------------------------------------------------------------
// Tax rates
// ---------------------------------------------------------------------------------------------------------------

const taxRateFields = {
  name: documentText(
    z.string({ error: TaxMessages.nameRequired }).trim().min(1, TaxMessages.nameRequired).max(100, 'Name must be at most 100 characters'),
    'Name',
  ),
  jurisdiction: z
    .string({ error: TaxMessages.jurisdictionRequired })
    .trim()
    .min(1, TaxMessages.jurisdictionRequired)
    .max(100, 'Jurisdiction must be at most 100 characters'),
  rate: Percent('Rate', TaxMessages.rateRequired),
  type: z.enum(TaxTypes, { error: `Type must be one of ${TaxTypes.join(', ')}` }).default('sales_tax'),
  isActive: z.boolean({ error: 'Active must be true or false' }).default(true),
  startDate: IsoDate(TaxMessages.startDateRequired),
  endDate: z.preprocess((v) => (v === '' ? null : v), IsoDate('End date must be a date').nullish()),
  description: optionalText(1000, 'Description'),
  taxNumber: optionalText(100, 'Tax number'),
  /** EN 16931 VAT category of lines taxed at this rate; default S for a positive rate, Z for 0. */
  category: z.preprocess(
    (v) => (v === '' ? null : v),
    z.enum(TaxCategories, { error: `Category must be one of ${TaxCategories.join(', ')}` }).nullish(),
  ),
  /** Why a line is exempt (BT-120/BT-121): required by e-invoices for E, AE, K, G and O. */
  exemptionReason: optionalText(300, 'Exemption reason'),
  exemptionReasonCode: z.preprocess(
    (v) => (v === '' ? null : v),
    z
      .string({ error: 'Exemption reason code must be text' })
      .trim()
      .toUpperCase()
      .regex(/^VATEX-[A-Z0-9-]{1,30}$/, { error: 'Exemption reason code must be a VATEX code such as VATEX-EU-AE' })
      .nullish(),
  ),
};

/** POST /api/tax-rates and PUT /api/tax-rates/{id} (the tax rate form). endDate, when given, is on or after startDate. */
export const TaxRateBody = z.strictObject(taxRateFields).superRefine((b, ctx) => {
  if (b.endDate && b.endDate < b.startDate)
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'End date must be on or after the start date' });
});
export type TaxRateBody = z.input<typeof TaxRateBody>;

/**
 * PATCH /api/tax-rates/{id}: only the fields given change (no defaults fill the others); the rate that results is
 * judged as a whole by TaxRateBody, so an end date before the kept start date is refused naming endDate.
 */
export const TaxRatePatchBody = z.strictObject({
  name: taxRateFields.name.optional(),
  jurisdiction: taxRateFields.jurisdiction.optional(),
  rate: taxRateFields.rate.optional(),
  type: z.enum(TaxTypes, { error: `Type must be one of ${TaxTypes.join(', ')}` }).optional(),
  isActive: z.boolean({ error: 'Active must be true or false' }).optional(),
  startDate: taxRateFields.startDate.optional(),
  endDate: taxRateFields.endDate,
  description: taxRateFields.description.optional(),
  taxNumber: taxRateFields.taxNumber.optional(),
  category: taxRateFields.category,
  exemptionReason: taxRateFields.exemptionReason.optional(),
  exemptionReasonCode: taxRateFields.exemptionReasonCode,
});
export type TaxRatePatchBody = z.input<typeof TaxRatePatchBody>;

export const TaxRate = z.object({
  id: z.number().int(),
  name: z.string(),
  jurisdiction: z.string(),
  rate: z.string(),
  type: z.enum(TaxTypes),
  isActive: z.boolean(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  description: z.string().nullable(),
  taxNumber: z.string().nullable(),
  /** Absent on events and answers from before e-invoices: read as the rate's default category. */
  category: z.enum(TaxCategories).nullable().default(null),
  exemptionReason: z.string().nullable().default(null),
  exemptionReasonCode: z.string().nullable().default(null),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TaxRate = z.infer<typeof TaxRate>;
/** GET /api/tax-rates (`taxRates[]`). */
export const TaxRateList = z.object({ taxRates: z.array(TaxRate) });

/** { tenantId, ids } → those of the tenant's tax rates that exist (deleted ones included, flagged inactive): billing checks an invoice line's rate. */
export const TaxRatesGetRpc = defineRpc({
  subject: 'rpc.tax.tax-rate.get',
  service: 'tax',
  request: z.object({ tenantId: z.uuid(), ids: z.array(z.number().int().positive()).max(500) }),
  response: z.array(TaxRate),
});

// ---------------------------------------------------------------------------------------------------------------
// Expense categories
// ---------------------------------------------------------------------------------------------------------------

/** The categories every new organization starts with (the product categories plus the usual expense ones), each with a colour. */
export const DefaultExpenseCategories: readonly { name: string; color: string; keywords: string[] }[] = [
  { name: 'Software', color: '#3B82F6', keywords: ['software', 'saas', 'subscription', 'license', 'app', 'cloud'] },
  { name: 'Hardware', color: '#6366F1', keywords: ['laptop', 'computer', 'monitor', 'keyboard', 'hardware', 'printer'] },
  { name: 'Services', color: '#0EA5E9', keywords: ['service', 'services', 'contractor', 'freelance'] },
  { name: 'Consulting', color: '#8B5CF6', keywords: ['consulting', 'consultant', 'advisory', 'legal', 'accountant'] },
  { name: 'Training', color: '#14B8A6', keywords: ['training', 'course', 'workshop', 'conference', 'seminar', 'book'] },
  { name: 'Support', color: '#64748B', keywords: ['support', 'maintenance', 'repair'] },
  { name: 'Licenses', color: '#A855F7', keywords: ['license', 'licence', 'permit', 'registration'] },
  { name: 'Subscriptions', color: '#EC4899', keywords: ['subscription', 'membership', 'monthly', 'annual'] },
  { name: 'Travel', color: '#F59E0B', keywords: ['flight', 'airline', 'hotel', 'taxi', 'uber', 'train', 'airbnb', 'travel'] },
  { name: 'Meals', color: '#EF4444', keywords: ['restaurant', 'lunch', 'dinner', 'coffee', 'cafe', 'meal', 'food'] },
  { name: 'Office Supplies', color: '#10B981', keywords: ['paper', 'pens', 'stationery', 'supplies', 'toner', 'office'] },
  { name: 'Rent', color: '#78716C', keywords: ['rent', 'lease', 'office space', 'coworking'] },
  { name: 'Utilities', color: '#06B6D4', keywords: ['electricity', 'water', 'gas', 'internet', 'phone', 'utility'] },
  { name: 'Marketing', color: '#F97316', keywords: ['ads', 'advertising', 'marketing', 'campaign', 'promotion', 'seo'] },
  { name: 'Insurance', color: '#84CC16', keywords: ['insurance', 'policy', 'premium', 'liability'] },
  { name: 'Bank Fees', color: '#94A3B8', keywords: ['fee', 'bank', 'charge', 'interest', 'stripe fee'] },
];

const HexColor = z
  .string({ error: 'Color must be a hex colour like #3B82F6' })
  .trim()
  .regex(/^#[0-9A-Fa-f]{6}$/, 'Color must be a hex colour like #3B82F6')
  .transform((v) => v.toUpperCase());

/** POST /api/expense-categories and PUT /api/expense-categories/{id}. */
export const ExpenseCategoryBody = z.strictObject({
  name: z
    .string({ error: 'Category name is required' })
    .trim()
    .min(1, 'Category name is required')
    .max(60, 'Category name must be at most 60 characters'),
  color: HexColor.default('#3B82F6'),
  description: optionalText(500, 'Description'),
  taxDeductible: z.boolean({ error: 'Tax deductible must be true or false' }).default(true),
  keywords: z
    .array(z.string().trim().min(1).max(50), { error: 'Keywords must be a list of words' })
    .max(50, 'At most 50 keywords')
    .default([]),
});
export type ExpenseCategoryBody = z.input<typeof ExpenseCategoryBody>;

export const ExpenseCategory = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string(),
  description: z.string().nullable(),
  taxDeductible: z.boolean(),
  keywords: z.array(z.string()),
  isSystem: z.boolean(),
  /** false once archived (deleted while expenses use it): kept for history, not offered for new expenses. */
  isActive: z.boolean(),
});
export type ExpenseCategory = z.infer<typeof ExpenseCategory>;

export const ExpenseCategoryEvents = {
  Created: 'evt.tax.expense-category.created',
  Updated: 'evt.tax.expense-category.updated',
  Deleted: 'evt.tax.expense-category.deleted',
} as const;
export const ExpenseCategoryEventData = ExpenseCategory;

export const TaxRateEvents = {
  Created: 'evt.tax.tax-rate.created',
  Updated: 'evt.tax.tax-rate.updated',
  Deleted: 'evt.tax.tax-rate.deleted',
} as const;
export const TaxRateEventData = TaxRate;

/** { tenantId } → the tenant's active categories (the ai service constrains its answers to them). */
export const ExpenseCategoriesListRpc = defineRpc({
  subject: 'rpc.tax.expense-category.list',
  service: 'tax',
  request: z.object({ tenantId: z.uuid() }),
  response: z.array(ExpenseCategory),
});

/** GET /api/expenses/summary: the four cards of the expense manager, per currency (never summed across currencies). */
export const ExpenseSummary = z.object({
  totalTransactions: z.number().int(),
  /** Distinct categories the expenses use. */
  categories: z.number().int(),
  totals: z.array(z.object({ currency: z.string(), total: z.string(), average: z.string(), count: z.number().int() })),
});
export type ExpenseSummary = z.infer<typeof ExpenseSummary>;

// ---------------------------------------------------------------------------------------------------------------
// List queries (tax-core)
// ---------------------------------------------------------------------------------------------------------------

const QueryFlag = (label: string) => z.enum(['true', 'false'], { error: `${label} must be true or false` }).transform((v) => v === 'true');

/**
 * GET /api/tax-rates: `?active=true` keeps the rates that are active and valid today (start ≤ today ≤ end). Every rate
 * at once (`{ taxRates }`), or with `pagination=cursor` a cursor page of `limit` (the public API's list).
 */
export const TaxRateListQuery = z.object({ active: QueryFlag('active').default(false), ...CursorMode, limit: CursorFields.limit });
export type TaxRateListQuery = z.infer<typeof TaxRateListQuery>;
/** The public API's tax-rate list: a cursor page, `active` as on the screen. */
export const ApiTaxRateListQuery = z.strictObject({ ...CursorFields, active: QueryFlag('active').optional() });

/** GET /api/expense-categories: active ones, `?includeArchived=true` adds the archived ones. */
export const ExpenseCategoryListQuery = z.object({ includeArchived: QueryFlag('includeArchived').default(false) });
export type ExpenseCategoryListQuery = z.infer<typeof ExpenseCategoryListQuery>;

/** The filters the expense list and its summary share (`search` bounded like every list's). */
const expenseFilters = {
  search: PageQuery.shape.search,
  categoryId: z.coerce
    .number({ error: 'categoryId must be an id' })
    .int('categoryId must be an id')
    .positive('categoryId must be an id')
    .max(Number.MAX_SAFE_INTEGER)
    .optional(),
  from: IsoDate('from must be a date').optional(),
  to: IsoDate('to must be a date').optional(),
};
const fromBeforeTo = (q: { from?: string; to?: string }, ctx: z.RefinementCtx) => {
  if (q.from && q.to && q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must be on or after from' });
};

/**
 * GET /api/expenses: newest date first, a plain array with `x-total-count`. `search` is a case-insensitive
 * substring of description, vendor or notes; `categoryId` one category; `from`/`to` dates inclusive.
 */
export const ExpenseListQuery = PageQuery.extend(expenseFilters).superRefine(fromBeforeTo);
export type ExpenseListQuery = z.infer<typeof ExpenseListQuery>;

/** GET /api/expenses/summary: the list's filters, so the cards describe the whole filtered set (every page of it). */
export const ExpenseSummaryQuery = z.object(expenseFilters).superRefine(fromBeforeTo);
export type ExpenseSummaryQuery = z.infer<typeof ExpenseSummaryQuery>;
