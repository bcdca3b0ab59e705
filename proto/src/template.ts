import { z } from 'zod';
import { documentText } from './text.ts';
import { CurrencyCode, optionalText } from './common.ts';
import { defineRpc } from './rpc.ts';

/** Invoice templates (the Invoice templates screen, invoice_templates, the Template form). */
export const TemplateLayouts = ['classic', 'modern', 'minimal', 'professional'] as const;
export type TemplateLayout = (typeof TemplateLayouts)[number];
/** What each layout is (the screen shows these descriptions). */
export const TemplateLayoutLabels: Record<TemplateLayout, string> = {
  classic: 'Classic (traditional)',
  modern: 'Modern (clean, contemporary)',
  minimal: 'Minimal (simple)',
  professional: 'Professional (formal business)',
};
export const LogoPositions = ['left', 'center', 'right'] as const;
export const TemplateSizes = ['small', 'medium', 'large'] as const;
/** The template fonts; the PDF embeds Inter itself and metric-compatible faces for the others. */
export const TemplateFonts = ['Inter', 'Arial', 'Helvetica', 'Times New Roman'] as const;
export type TemplateFont = (typeof TemplateFonts)[number];
export const TemplateDateFormats = ['MM/DD/YYYY', 'DD/MM/YYYY', 'YYYY-MM-DD', 'DD.MM.YYYY', 'MMM D, YYYY'] as const;
export type TemplateDateFormat = (typeof TemplateDateFormats)[number];
export const TemplateNumberFormats = ['1,234.56', '1.234,56', '1 234,56', '1234.56'] as const;
export type TemplateNumberFormat = (typeof TemplateNumberFormats)[number];
/** The template languages; the PDF's labels follow the template's language. */
export const TemplateLanguages = ['en', 'es', 'fr', 'de', 'it', 'pt'] as const;
export type TemplateLanguage = (typeof TemplateLanguages)[number];

/** Messages of the Template form and of the rules the server adds. */
export const TemplateMessages = {
  nameRequired: 'Template name is required',
  layout: `Layout must be one of ${TemplateLayouts.join(', ')}`,
  logoPosition: `Logo position must be one of ${LogoPositions.join(', ')}`,
  logoSize: `Logo size must be one of ${TemplateSizes.join(', ')}`,
  fontSize: `Font size must be one of ${TemplateSizes.join(', ')}`,
  fontFamily: `Font must be one of ${TemplateFonts.join(', ')}`,
  logoUrl: 'Logo URL must be a logo uploaded with Upload Logo',
  keepDefault: 'This is the default template: make another template the default instead',
} as const;

/** The defaults of every template field. */
export const TemplateDefaults = {
  description: null,
  isDefault: false,
  layout: 'classic',
  headerHtml: null,
  footerHtml: null,
  logoUrl: null,
  logoPosition: 'left',
  logoSize: 'medium',
  primaryColor: '#3B82F6',
  secondaryColor: '#64748B',
  accentColor: '#10B981',
  backgroundColor: '#FFFFFF',
  textColor: '#1F2937',
  fontFamily: 'Inter',
  fontSize: 'medium',
  showCompanyLogo: true,
  showPaymentTerms: true,
  showTaxBreakdown: true,
  showItemImages: false,
  showDiscounts: true,
  language: 'en',
  currency: 'USD',
  dateFormat: 'MM/DD/YYYY',
  numberFormat: '1,234.56',
  paymentTerms: 30,
  notes: null,
  terms: null,
  paymentInstructions: null,
  customFields: {},
  customCss: null,
  watermarkText: null,
  watermarkOpacity: 0.1,
  isActive: true,
} as const;

/** Where an uploaded logo is served: `/api/logos/{key}`, the key unguessable (32 random bytes, base64url). */
export const LOGO_URL_PREFIX = '/api/logos/';
export const LogoKey = z.string().regex(/^[A-Za-z0-9_-]{43}$/, { error: 'Logo not found' });
/** The form Upload Logo answers: `/api/logos/{43-character key}`. */
export const LOGO_URL_PATTERN = /^\/api\/logos\/([A-Za-z0-9_-]{43})$/;
export const logoKeyOf = (url: string | null | undefined) => {
  const m = url ? LOGO_URL_PATTERN.exec(url) : null;
  return m ? m[1]! : null;
};

/**
 * `rpc.billing.logo.owned`: whether `key` is one of the tenant's uploaded logos (billing keeps them). The gateway asks
 * it before it stores an organization's `logoUrl`, so the organization can only show a logo it uploaded itself.
 */
export const BillingLogoOwnedRpc = defineRpc({
  subject: 'rpc.billing.logo.owned',
  service: 'billing',
  request: z.object({ tenantId: z.uuid(), key: LogoKey }),
  response: z.object({ owned: z.boolean() }),
});

const HEX = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
/** A colour as `#RRGGBB` (upper case); `#abc` is taken as `#AABBCC`. Free text on screen, checked here. */
const colour = (label: string) =>
  z
    .string({ error: `${label} must be a colour like #3B82F6` })
    .trim()
    .regex(HEX, `${label} must be a colour like #3B82F6`)
    .transform((v) => (v.length === 4 ? `#${[...v.slice(1)].map((c) => c + c).join('')}` : v).toUpperCase());

const name = z
  .string({ error: TemplateMessages.nameRequired })
  .trim()
  .min(1, TemplateMessages.nameRequired)
  .max(100, 'Template name must be at most 100 characters');
const logoUrl = z
  .string({ error: TemplateMessages.logoUrl })
  .trim()
  .max(200, TemplateMessages.logoUrl)
  .nullish()
  .transform((v, ctx) => {
    if (v == null || v === '') return null;
    if (!logoKeyOf(v)) {
      ctx.addIssue({ code: 'custom', message: TemplateMessages.logoUrl });
      return z.NEVER;
    }
    return v;
  });
const customFields = z
  .record(
    documentText(
      z.string().trim().min(1, 'A custom field needs a name').max(50, 'Custom field names are at most 50 characters'),
      'A custom field name',
    ),
    documentText(
      z.string({ error: 'Custom field values must be text' }).max(500, 'Custom field values are at most 500 characters'),
      'A custom field value',
    ),
    { error: 'Custom fields must be names with text values' },
  )
  .refine((r) => Object.keys(r).length <= 20, 'At most 20 custom fields');

/** Every field of the form, none defaulted (the update reads it this way: fields left out keep their values). */
const fields = {
  name,
  description: optionalText(500, 'Description'),
  isDefault: z.boolean({ error: 'isDefault must be true or false' }),
  layout: z.enum(TemplateLayouts, { error: TemplateMessages.layout }),
  headerHtml: optionalText(2000, 'Header text'),
  footerHtml: optionalText(2000, 'Footer text'),
  logoUrl,
  logoPosition: z.enum(LogoPositions, { error: TemplateMessages.logoPosition }),
  logoSize: z.enum(TemplateSizes, { error: TemplateMessages.logoSize }),
  primaryColor: colour('Primary color'),
  secondaryColor: colour('Secondary color'),
  accentColor: colour('Accent color'),
  backgroundColor: colour('Background color'),
  textColor: colour('Text color'),
  fontFamily: z.enum(TemplateFonts, { error: TemplateMessages.fontFamily }),
  fontSize: z.enum(TemplateSizes, { error: TemplateMessages.fontSize }),
  showCompanyLogo: z.boolean({ error: 'showCompanyLogo must be true or false' }),
  showPaymentTerms: z.boolean({ error: 'showPaymentTerms must be true or false' }),
  showTaxBreakdown: z.boolean({ error: 'showTaxBreakdown must be true or false' }),
  showItemImages: z.boolean({ error: 'showItemImages must be true or false' }),
  showDiscounts: z.boolean({ error: 'showDiscounts must be true or false' }),
  language: z.enum(TemplateLanguages, { error: `Language must be one of ${TemplateLanguages.join(', ')}` }),
  currency: CurrencyCode,
  dateFormat: z.enum(TemplateDateFormats, { error: `Date format must be one of ${TemplateDateFormats.join(', ')}` }),
  numberFormat: z.enum(TemplateNumberFormats, { error: `Number format must be one of ${TemplateNumberFormats.join(', ')}` }),
  paymentTerms: z
    .number({ error: 'Payment terms must be a number of days' })
    .int('Payment terms must be a whole number of days')
    .min(0, 'Payment terms must be at least 0 days')
    .max(365, 'Payment terms must be at most 365 days'),
  notes: optionalText(5000, 'Notes'),
  terms: optionalText(5000, 'Terms'),
  paymentInstructions: optionalText(5000, 'Payment instructions'),
  customFields,
  customCss: optionalText(10000, 'Custom CSS'),
  watermarkText: optionalText(60, 'Watermark text'),
  watermarkOpacity: z
    .number({ error: 'Watermark opacity must be a number from 0 to 1' })
    .min(0, 'Watermark opacity must be from 0 to 1')
    .max(1, 'Watermark opacity must be from 0 to 1'),
  isActive: z.boolean({ error: 'isActive must be true or false' }),
};

const d = TemplateDefaults;
/** POST /api/invoice-templates: name required, every other field takes its default (TemplateDefaults); unknown fields are refused. */
export const TemplateCreateBody = z.strictObject({
  ...fields,
  isDefault: fields.isDefault.default(d.isDefault),
  layout: fields.layout.default(d.layout),
  logoPosition: fields.logoPosition.default(d.logoPosition),
  logoSize: fields.logoSize.default(d.logoSize),
  primaryColor: fields.primaryColor.default(d.primaryColor),
  secondaryColor: fields.secondaryColor.default(d.secondaryColor),
  accentColor: fields.accentColor.default(d.accentColor),
  backgroundColor: fields.backgroundColor.default(d.backgroundColor),
  textColor: fields.textColor.default(d.textColor),
  fontFamily: fields.fontFamily.default(d.fontFamily),
  fontSize: fields.fontSize.default(d.fontSize),
  showCompanyLogo: fields.showCompanyLogo.default(d.showCompanyLogo),
  showPaymentTerms: fields.showPaymentTerms.default(d.showPaymentTerms),
  showTaxBreakdown: fields.showTaxBreakdown.default(d.showTaxBreakdown),
  showItemImages: fields.showItemImages.default(d.showItemImages),
  showDiscounts: fields.showDiscounts.default(d.showDiscounts),
  language: fields.language.default(d.language),
  currency: fields.currency.default(d.currency),
  dateFormat: fields.dateFormat.default(d.dateFormat),
  numberFormat: fields.numberFormat.default(d.numberFormat),
  paymentTerms: fields.paymentTerms.default(d.paymentTerms),
  customFields: fields.customFields.default({}),
  watermarkOpacity: fields.watermarkOpacity.default(d.watermarkOpacity),
  isActive: fields.isActive.default(d.isActive),
});
export type TemplateCreateBody = z.input<typeof TemplateCreateBody>;
export type TemplateInput = z.output<typeof TemplateCreateBody>;

/** PUT /api/invoice-templates/{id}: the same fields; those left out keep their values. */
export const TemplateUpdateBody = z.strictObject(fields).partial();
export type TemplateUpdateBody = z.input<typeof TemplateUpdateBody>;
export type TemplateUpdate = z.output<typeof TemplateUpdateBody>;

/** POST /api/invoice-templates/preview: the unsaved settings of the dialog (a name is not needed to look). */
export const TemplatePreviewBody = TemplateCreateBody.extend({ name: z.string().max(100).optional() });
export type TemplatePreviewBody = z.input<typeof TemplatePreviewBody>;

/** A template as the API answers it. */
export const InvoiceTemplate = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  isDefault: z.boolean(),
  layout: z.enum(TemplateLayouts),
  headerHtml: z.string().nullable(),
  footerHtml: z.string().nullable(),
  logoUrl: z.string().nullable(),
  logoPosition: z.enum(LogoPositions),
  logoSize: z.enum(TemplateSizes),
  primaryColor: z.string(),
  secondaryColor: z.string(),
  accentColor: z.string(),
  backgroundColor: z.string(),
  textColor: z.string(),
  fontFamily: z.enum(TemplateFonts),
  fontSize: z.enum(TemplateSizes),
  showCompanyLogo: z.boolean(),
  showPaymentTerms: z.boolean(),
  showTaxBreakdown: z.boolean(),
  showItemImages: z.boolean(),
  showDiscounts: z.boolean(),
  language: z.enum(TemplateLanguages),
  currency: z.string(),
  dateFormat: z.enum(TemplateDateFormats),
  numberFormat: z.enum(TemplateNumberFormats),
  paymentTerms: z.number().int(),
  notes: z.string().nullable(),
  terms: z.string().nullable(),
  paymentInstructions: z.string().nullable(),
  customFields: z.record(z.string(), z.string()),
  customCss: z.string().nullable(),
  watermarkText: z.string().nullable(),
  watermarkOpacity: z.number(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type InvoiceTemplate = z.infer<typeof InvoiceTemplate>;
/** What a PDF needs of a template (a saved one, or the unsaved settings of a preview). */
export type TemplateSettings = Omit<InvoiceTemplate, 'id' | 'name' | 'createdAt' | 'updatedAt'> & { name?: string };

/** The answer of POST /api/upload-logo (multipart, field `logo`). */
export const UploadLogoAnswer = z.object({ url: z.string() });
export type UploadLogoAnswer = z.infer<typeof UploadLogoAnswer>;
/** The upload's form field, its size limit (5MB) and the types it takes, by their bytes. */
export const LOGO_FIELD = 'logo';
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml'] as const;
