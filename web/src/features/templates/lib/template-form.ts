import { z } from 'zod';
import { TemplateCreateBody, TemplateDefaults, type InvoiceTemplate } from '@billpoint/proto';

/**
 * The template dialog's form, derived from proto's create body so the browser shows the server's messages
 * and sends what the server accepts. Inputs hold text where the user types numbers (payment terms).
 */
const shape = TemplateCreateBody.shape;
export const templateFormSchema = TemplateCreateBody.omit({ customFields: true, customCss: true }).extend({
  paymentTerms: z.preprocess((v) => (v === '' || v == null ? v : Number(v)), shape.paymentTerms.unwrap()),
});
/** Preview PDF looks at unsaved settings: a name is not needed for that. */
export const previewFormSchema = templateFormSchema.extend({ name: z.string().optional() });
export type TemplateFormInput = z.input<typeof templateFormSchema>;
export type TemplateFormOutput = z.output<typeof templateFormSchema>;

/** Create mode: the template defaults and an empty name. */
export const emptyTemplateForm = (): TemplateFormInput => ({
  name: '',
  description: '',
  isDefault: TemplateDefaults.isDefault,
  layout: TemplateDefaults.layout,
  headerHtml: '',
  footerHtml: '',
  logoUrl: '',
  logoPosition: TemplateDefaults.logoPosition,
  logoSize: TemplateDefaults.logoSize,
  primaryColor: TemplateDefaults.primaryColor,
  secondaryColor: TemplateDefaults.secondaryColor,
  accentColor: TemplateDefaults.accentColor,
  backgroundColor: TemplateDefaults.backgroundColor,
  textColor: TemplateDefaults.textColor,
  fontFamily: TemplateDefaults.fontFamily,
  fontSize: TemplateDefaults.fontSize,
  showCompanyLogo: TemplateDefaults.showCompanyLogo,
  showPaymentTerms: TemplateDefaults.showPaymentTerms,
  showTaxBreakdown: TemplateDefaults.showTaxBreakdown,
  showItemImages: TemplateDefaults.showItemImages,
  showDiscounts: TemplateDefaults.showDiscounts,
  language: TemplateDefaults.language,
  currency: TemplateDefaults.currency,
  dateFormat: TemplateDefaults.dateFormat,
  numberFormat: TemplateDefaults.numberFormat,
  paymentTerms: String(TemplateDefaults.paymentTerms),
  notes: '',
  terms: '',
  paymentInstructions: '',
  watermarkText: '',
  watermarkOpacity: TemplateDefaults.watermarkOpacity,
  isActive: TemplateDefaults.isActive,
});

/** Edit mode: prefilled from the template. */
export function templateToForm(t: InvoiceTemplate): TemplateFormInput {
  const { id: _id, createdAt: _c, updatedAt: _u, customFields: _f, customCss: _css, ...fields } = t;
  return {
    ...fields,
    description: t.description ?? '',
    headerHtml: t.headerHtml ?? '',
    footerHtml: t.footerHtml ?? '',
    logoUrl: t.logoUrl ?? '',
    notes: t.notes ?? '',
    terms: t.terms ?? '',
    paymentInstructions: t.paymentInstructions ?? '',
    watermarkText: t.watermarkText ?? '',
    paymentTerms: String(t.paymentTerms),
  };
}
