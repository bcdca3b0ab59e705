import { z } from 'zod';
import { documentText } from './text.ts';
import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import { LOGO_URL_PATTERN } from './template.ts';
import { TaxRoundings } from './tax-engine.ts';
import { optionalCountry } from './country.ts';
import { CustomDomainStatus, PortalSlug } from './portal/identity.ts';
import { TimeZone } from './time-zones.ts';
import { VatFilingFrequencies } from './vat-deadlines.ts';

/** Organization settings (the Settings screen, organization_settings). The gateway owns the organization. */
export const SettingsCurrencies = ['USD', 'EUR', 'GBP', 'JPY', 'CAD', 'AUD'] as const;
export const SettingsLanguages = ['en', 'es', 'fr', 'de', 'it', 'pt'] as const;

export const SettingsMessages = {
  companyNameRequired: 'Company name is required',
  websiteInvalid: 'Please enter a valid website URL',
  saveFailed: 'Failed to save organization settings. Please try again.',
} as const;

/** An optional http(s) scheme, optional www, a domain, a TLD of 2+ letters, an optional path. */
export const WEBSITE_PATTERN =
  /^([Hh][Tt][Tt][Pp][Ss]?:\/\/)?([Ww]{3}\.)?[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}(\/[^\s]*)?$/;

const text = (max: number, label: string) =>
  documentText(
    z
      .string({ error: `${label} must be text` })
      .trim()
      .max(max, `${label} must be at most ${max} characters`),
    label,
  )
    .nullish()
    .transform((v) => (v ? v : null));

export const BillingAddress = z.strictObject({
  address: text(500, 'Address'),
  phone: text(50, 'Phone'),
  email: z.preprocess((v) => (v === '' ? null : v), z.email({ error: 'Billing e-mail must be a valid e-mail' }).max(254).nullish()),
  taxId: text(50, 'Tax ID'),
  /** The seller's postal address in parts (EN 16931 BT-35, BT-38, BT-37, BT-40); `address` stays the display line. */
  street: text(200, 'Street'),
  postalCode: text(20, 'Postal code'),
  city: text(100, 'City'),
  country: optionalCountry('Country'),
});

export const BankDetailsMessages = {
  ibanInvalid: 'IBAN is not valid (check its country code, length and check digits)',
  bicInvalid: 'BIC must be a valid 8 or 11 character BIC',
} as const;

/** Where customers pay by credit transfer (EN 16931 BG-17: IBAN BT-84, account name BT-85, BIC BT-86). */
export const BankDetails = z.strictObject({
  iban: z
    .string({ error: 'IBAN must be text' })
    .nullish()
    .transform((v, ctx) => {
      const iban = v ? electronicFormatIBAN(v) : null;
      if (!iban) return null;
      if (!isValidIBAN(iban)) {
        ctx.addIssue({ code: 'custom', message: BankDetailsMessages.ibanInvalid });
        return z.NEVER;
      }
      return iban;
    })
    .meta({ type: ['string', 'null'], description: 'IBAN; spaces are removed; its checksum is checked.' }),
  bic: z
    .string({ error: 'BIC must be text' })
    .nullish()
    .transform((v, ctx) => {
      const bic = v?.replace(/\s+/g, '').toUpperCase() || null;
      if (bic && !isValidBIC(bic)) {
        ctx.addIssue({ code: 'custom', message: BankDetailsMessages.bicInvalid });
        return z.NEVER;
      }
      return bic;
    })
    .meta({ type: ['string', 'null'], description: 'BIC (8 or 11 characters).' }),
  accountHolder: text(200, 'Account holder'),
});
export type BankDetails = z.output<typeof BankDetails>;
const NO_BANK_DETAILS = { iban: null, bic: null, accountHolder: null };
const NO_BILLING_ADDRESS = {
  address: null,
  phone: null,
  email: null,
  taxId: null,
  street: null,
  postalCode: null,
  city: null,
  country: null,
};

/** POST /api/organization-settings: the settings form (with its defaults; only admins may save). */
export const OrganizationSettingsBody = z.strictObject({
  companyName: documentText(
    z.string({ error: SettingsMessages.companyNameRequired }).trim().min(1, SettingsMessages.companyNameRequired).max(200),
    'Company name',
  ),
  /** The organization's name (the spec's call); defaults to the company name. */
  organizationName: documentText(
    z.string().trim().max(200, 'Organization name must be at most 200 characters'),
    'Organization name',
  ).nullish(),
  companyEmail: z.preprocess((v) => (v === '' ? null : v), z.email({ error: 'Company e-mail must be a valid e-mail' }).max(254).nullish()),
  companyWebsite: z.preprocess(
    (v) => (v === '' ? null : v),
    z.string().trim().max(300).regex(WEBSITE_PATTERN, { error: SettingsMessages.websiteInvalid }).nullish(),
  ),
  defaultCurrency: z.enum(SettingsCurrencies, { error: `Currency must be one of ${SettingsCurrencies.join(', ')}` }).default('USD'),
  defaultLanguage: z.enum(SettingsLanguages, { error: `Language must be one of ${SettingsLanguages.join(', ')}` }).default('en'),
  /** Any IANA zone (aliases stored under their canonical name). */
  timezone: TimeZone.default('UTC'),
  customDomain: z.preprocess(
    (v) => (v === '' ? null : v),
    z
      .string()
      .trim()
      .toLowerCase()
      .max(253)
      .regex(/^([A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/, { error: 'Custom domain must be a domain name' })
      .nullish(),
  ),
  invoicePrefix: z
    .string({ error: 'Invoice prefix is required' })
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,11}$/, { error: 'Invoice prefix must be 1–12 letters, digits, - or _' })
    .default('INV'),
  /** The prefix of new quote numbers (QUO-0001…); the quote sequence continues under a new prefix. */
  quotePrefix: z
    .string({ error: 'Quote prefix is required' })
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,11}$/, { error: 'Quote prefix must be 1–12 letters, digits, - or _' })
    .default('QUO'),
  billingAddress: BillingAddress.default(NO_BILLING_ADDRESS),
  bankDetails: BankDetails.default(NO_BANK_DETAILS),
  /** Invoice e-mails carry the Factur-X PDF (PDF/A-3 with its EN 16931 XML) instead of the plain PDF. */
  attachFacturX: z.boolean({ error: 'Attach Factur-X must be true or false' }).default(false),
  /**
   * How VAT is rounded on new documents: once per rate (`per_rate`, the default and EN 16931's rule) or per line
   * (`per_line`, for sales-tax jurisdictions that round each line). Absent keeps it.
   */
  taxRounding: z.enum(TaxRoundings, { error: `Tax rounding must be one of ${TaxRoundings.join(', ')}` }).optional(),
  /** How often the organization files its VAT return (monthly at first); absent keeps it. */
  vatFilingFrequency: z
    .enum(VatFilingFrequencies, { error: `VAT filing frequency must be one of ${VatFilingFrequencies.join(', ')}` })
    .optional(),
  /** Germany's permanent one-month extension of VAT returns (Dauerfristverlängerung), off at first; absent keeps it. */
  vatDeadlineExtension: z.boolean({ error: 'VAT deadline extension must be true or false' }).optional(),
  /** The customer portal's address `/portal/{portalSlug}`; absent keeps it (made from the name at first). */
  portalSlug: PortalSlug.optional(),
  /**
   * No "Billpoint" on the portal, pay pages, PDFs and e-mails: the Enterprise plan only (a lower plan gets a
   * 403 naming the plan). Absent keeps it.
   */
  isWhiteLabel: z.boolean({ error: 'White-label must be true or false' }).optional(),
  // Only the form Upload Logo answers (`/api/logos/{key}`); the gateway also asks billing that the key is this
  // tenant's (BillingLogoOwnedRpc). Anything else (an external URL, `javascript:`, `data:`) is refused here. Absent
  // keeps the organization's logo; null (or '') removes it.
  logoUrl: z.preprocess(
    (v) => (v === '' ? null : v),
    z
      .string()
      .trim()
      .max(200)
      // A pattern, not a refine: the contract fuzzer generates values from it.
      .regex(LOGO_URL_PATTERN, { error: 'Logo must be a logo uploaded with Upload Logo' })
      .nullish(),
  ),
});
export type OrganizationSettingsInput = z.output<typeof OrganizationSettingsBody>;

export const OrganizationSettings = z.object({
  organizationName: z.string(),
  companyName: z.string(),
  companyEmail: z.string().nullable(),
  companyWebsite: z.string().nullable(),
  defaultCurrency: z.string(),
  defaultLanguage: z.string(),
  timezone: z.string(),
  customDomain: z.string().nullable(),
  invoicePrefix: z.string(),
  quotePrefix: z.string(),
  billingAddress: z.object({
    address: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    taxId: z.string().nullable(),
    street: z.string().nullable().default(null),
    postalCode: z.string().nullable().default(null),
    city: z.string().nullable().default(null),
    country: z.string().nullable().default(null),
  }),
  bankDetails: z
    .object({ iban: z.string().nullable(), bic: z.string().nullable(), accountHolder: z.string().nullable() })
    .default(NO_BANK_DETAILS),
  attachFacturX: z.boolean().default(false),
  /** Defaults for events written before the setting existed. */
  taxRounding: z.enum(TaxRoundings).default('per_rate'),
  vatFilingFrequency: z.enum(VatFilingFrequencies).default('monthly'),
  vatDeadlineExtension: z.boolean().default(false),
  logoUrl: z.string().nullable(),
  /** The customer portal's address; empty for events written before the portal existed. */
  portalSlug: z.string().default(''),
  /** As saved; it takes effect only on the Enterprise plan (`whiteLabelActive`). */
  isWhiteLabel: z.boolean().default(false),
  /** True when white-label is on and the plan is Enterprise: what the portal, pay pages, PDFs and e-mails follow. */
  whiteLabelActive: z.boolean().default(false),
  customDomainStatus: CustomDomainStatus.default({
    domain: null,
    txtName: null,
    txtValue: null,
    verified: false,
    verifiedAt: null,
    lastCheckedAt: null,
  }),
  updatedAt: z.string().nullable(),
});
export type OrganizationSettings = z.infer<typeof OrganizationSettings>;

/** `evt.gateway.organization.updated`: what other services keep of the organization (billing: PDF seller, prefix, time zone). */
export const OrganizationUpdatedData = OrganizationSettings.extend({
  id: z.uuid(),
  /** Absent on events written before quotes existed (the quote prefix then stays as it was). */
  quotePrefix: z.string().optional(),
});
export type OrganizationUpdatedData = z.infer<typeof OrganizationUpdatedData>;
export const OrganizationUpdated = 'evt.gateway.organization.updated';
