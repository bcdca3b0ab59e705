import { z } from 'zod';
import { documentText } from './text.ts';
import { CurrencyCode, CursorMode, PageQuery, decimalJsonSchema, optionalText } from './common.ts';
import { optionalCountry } from './country.ts';
import { Metadata, MetadataInput, withMetadataFilter } from './metadata.ts';

export const CustomerTypes = ['individual', 'business'] as const;
export const CustomerType = z.enum(CustomerTypes, { error: 'Customer type must be individual or business' });
export type CustomerType = z.infer<typeof CustomerType>;

/** Currencies the customer form offers; any ISO 4217 code is accepted by the API. */
export const CustomerCurrencies = ['USD', 'EUR', 'GBP', 'CAD', 'AUD'] as const;

export const CUSTOMER_DEFAULTS = {
  currency: 'USD',
  language: 'en',
  paymentTerms: 30,
  customerType: 'business',
  isActive: true,
} as const satisfies Partial<Customer>;

/** Messages of the customer edit form; the create form uses the same ones. */
export const CustomerMessages = {
  nameRequired: 'Name is required',
  emailInvalid: 'Valid email is required',
} as const;

const name = documentText(
  z
    .string({ error: CustomerMessages.nameRequired })
    .trim()
    .min(1, CustomerMessages.nameRequired)
    .max(200, 'Name must be at most 200 characters'),
  'Name',
);
const email = z
  .string({ error: CustomerMessages.emailInvalid })
  .trim()
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email({ error: CustomerMessages.emailInvalid }))
  .meta({ format: 'email', description: 'An e-mail address (spaces around it are trimmed).' });
const currency = CurrencyCode;
const language = z
  .string({ error: 'Language must be text' })
  .trim()
  .regex(/^[a-z]{2}(-[A-Z]{2})?$/, 'Language must be a code such as en or en-US');
/** Days; non-numeric input becomes 0. */
const paymentTerms = z
  .preprocess(
    (v) => {
      if (v === null || v === undefined) return v;
      const n = typeof v === 'number' ? v : Number(String(v).trim());
      return Number.isFinite(n) && String(v).trim() !== '' ? n : 0;
    },
    z
      .number({ error: 'Payment terms must be a number of days' })
      .int('Payment terms must be a whole number of days')
      .min(0, 'Payment terms must be at least 0')
      .max(3650, 'Payment terms must be at most 3650 days'),
  )
  .meta({
    type: ['integer', 'string'],
    description: 'Days, 0–3650. Text is read as a number; text that is not a number counts as 0.',
  });
/** Money as text with at most 2 decimals, e.g. "5000" or "5000.50"; empty means none. */
const creditLimit = z
  .union([z.string(), z.number()], { error: 'Credit limit must be an amount' })
  .nullish()
  .transform((v, ctx) => {
    if (v === null || v === undefined) return null;
    const s = String(v).trim();
    if (s === '') return null;
    if (!/^\d{1,13}(\.\d{1,2})?$/.test(s)) {
      ctx.addIssue({ code: 'custom', message: 'Credit limit must be a positive amount with at most 2 decimals' });
      return z.NEVER;
    }
    const [whole, frac = ''] = s.split('.');
    return `${BigInt(whole!).toString()}.${frac.padEnd(2, '0')}`;
  })
  .meta(
    decimalJsonSchema({
      digits: 13,
      places: 2,
      max: 9_999_999_999_999.99,
      empty: true,
      nullable: true,
      description: 'An amount ≥ 0 with at most 2 decimals, as text ("5000.50") or number; empty or null: none.',
    }),
  );
const website = optionalText(500, 'Website').refine(
  (v) => v == null || /^https?:\/\//i.test(v) || !/^[a-z][a-z0-9+.-]*:/i.test(v),
  'Website must be an http or https address',
);
const tags = z
  .array(
    z.string({ error: 'Each tag must be text' }).trim().min(1, 'A tag cannot be empty').max(50, 'A tag must be at most 50 characters'),
    {
      error: 'Tags must be a list of text',
    },
  )
  .max(50, 'At most 50 tags');

const editable = {
  name,
  email,
  phone: optionalText(50, 'Phone'),
  address: optionalText(1000, 'Address'),
  company: optionalText(200, 'Company'),
  taxId: optionalText(100, 'Tax ID'),
  /** The buyer's postal address in parts (EN 16931 BT-50, BT-53, BT-52, BT-55), beside the display `address`. */
  street: optionalText(200, 'Street'),
  postalCode: optionalText(20, 'Postal code'),
  city: optionalText(100, 'City'),
  country: optionalCountry('Country'),
  /** The buyer reference (BT-10): for German public buyers the Leitweg-ID XRechnung requires. */
  buyerReference: optionalText(200, 'Buyer reference'),
  currency,
  language,
  paymentTerms,
  creditLimit,
  customerType: CustomerType,
  industry: optionalText(100, 'Industry'),
  website,
  isActive: z.boolean({ error: 'Active must be true or false' }),
  tags,
  metadata: MetadataInput,
};

/**
 * POST /api/customers. The web form sends name, email, phone, address, company and taxId;
 * the API accepts every editable field, each with its default. Unknown fields are refused.
 */
export const CustomerCreateBody = z.strictObject({
  ...editable,
  /** Left out: the organization's default currency. */
  currency: currency.optional(),
  language: language.default(CUSTOMER_DEFAULTS.language),
  paymentTerms: paymentTerms.default(CUSTOMER_DEFAULTS.paymentTerms),
  creditLimit: creditLimit.default(null),
  customerType: CustomerType.default(CUSTOMER_DEFAULTS.customerType),
  isActive: editable.isActive.default(CUSTOMER_DEFAULTS.isActive),
  tags: tags.default([]),
  phone: editable.phone.default(null),
  address: editable.address.default(null),
  company: editable.company.default(null),
  taxId: editable.taxId.default(null),
  street: editable.street.default(null),
  postalCode: editable.postalCode.default(null),
  city: editable.city.default(null),
  country: editable.country.default(null),
  buyerReference: editable.buyerReference.default(null),
  industry: editable.industry.default(null),
  website: website.default(null),
  metadata: MetadataInput.optional(),
});
export type CustomerCreateBody = z.input<typeof CustomerCreateBody>;
export type CustomerCreate = z.output<typeof CustomerCreateBody>;

/**
 * PUT /api/customers/{id}: the customer form. name and email are required;
 * any other field left out keeps its stored value.
 */
export const CustomerUpdateBody = z.strictObject({
  ...editable,
  phone: editable.phone.optional(),
  address: editable.address.optional(),
  company: editable.company.optional(),
  taxId: editable.taxId.optional(),
  street: editable.street.optional(),
  postalCode: editable.postalCode.optional(),
  city: editable.city.optional(),
  country: editable.country.optional(),
  buyerReference: editable.buyerReference.optional(),
  currency: currency.optional(),
  language: language.optional(),
  paymentTerms: paymentTerms.optional(),
  creditLimit: creditLimit.optional(),
  customerType: CustomerType.optional(),
  industry: editable.industry.optional(),
  website: website.optional(),
  isActive: editable.isActive.optional(),
  tags: tags.optional(),
  metadata: MetadataInput.optional(),
});
export type CustomerUpdateBody = z.input<typeof CustomerUpdateBody>;
export type CustomerUpdate = z.output<typeof CustomerUpdateBody>;

/** PATCH /api/customers/{id} (the public API): only the fields sent change; nothing has a default. */
export const CustomerPatchBody = z.strictObject(editable).partial();
export type CustomerPatchBody = z.input<typeof CustomerPatchBody>;
export type CustomerPatch = z.output<typeof CustomerPatchBody>;

/**
 * GET /api/customers: offset pages with the total in x-total-count (the web app, `limit` 500 unless sent), or with
 * `pagination=cursor` the public API's cursor pages (`limit` 10 unless sent, at most 100; x-has-more). `search` filters both.
 */
export const CustomerListQuery = withMetadataFilter(
  PageQuery.extend({
    limit: z.coerce
      .number()
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(500, 'limit must be at most 500')
      .optional(),
    ...CursorMode,
  }),
);
export type CustomerListQuery = z.infer<typeof CustomerListQuery>;

/** A customer as the API answers it. */
export const Customer = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  company: z.string().nullable(),
  taxId: z.string().nullable(),
  /** Absent on events written before e-invoices: read as null. */
  street: z.string().nullable().default(null),
  postalCode: z.string().nullable().default(null),
  city: z.string().nullable().default(null),
  country: z.string().nullable().default(null),
  buyerReference: z.string().nullable().default(null),
  currency: z.string(),
  language: z.string(),
  paymentTerms: z.number().int(),
  creditLimit: z.string().nullable(),
  customerType: CustomerType,
  industry: z.string().nullable(),
  website: z.string().nullable(),
  isActive: z.boolean(),
  tags: z.array(z.string()),
  customFields: z.record(z.string(), z.unknown()),
  /** Absent on events written before metadata: read as none. */
  metadata: Metadata.default({}),
  userId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * The customer's credit (credit notes with resolution `credit`, applied to its next issued invoices) in
   * its own currency, "0.00" when none; kept by the customers service from billing's `customer_credit.changed`.
   * Present in the customers service's answers (one, lists); absent from events.
   */
  creditBalance: z.string().optional(),
  /** Every currency in which the customer has credit (non-zero), by currency. */
  creditBalances: z.array(z.object({ currency: z.string(), amount: z.string() })).optional(),
});
export type Customer = z.infer<typeof Customer>;
