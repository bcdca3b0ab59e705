import type { InvoiceTemplate, TemplateInput } from '@billpoint/proto';

/**
 * Templates are SQL like the rest of billing (not MikroORM entities): the single default needs row locks in a fixed
 * order and a partial unique index the service works with directly, and reads go through the one-round-trip
 * tenant reader like invoices do.
 */

/** Every stored field: its API name and its column. */
export const TEMPLATE_FIELDS = [
  ['name', 'name'],
  ['description', 'description'],
  ['isDefault', 'is_default'],
  ['layout', 'layout'],
  ['headerHtml', 'header_html'],
  ['footerHtml', 'footer_html'],
  ['logoUrl', 'logo_url'],
  ['logoPosition', 'logo_position'],
  ['logoSize', 'logo_size'],
  ['primaryColor', 'primary_color'],
  ['secondaryColor', 'secondary_color'],
  ['accentColor', 'accent_color'],
  ['backgroundColor', 'background_color'],
  ['textColor', 'text_color'],
  ['fontFamily', 'font_family'],
  ['fontSize', 'font_size'],
  ['showCompanyLogo', 'show_company_logo'],
  ['showPaymentTerms', 'show_payment_terms'],
  ['showTaxBreakdown', 'show_tax_breakdown'],
  ['showItemImages', 'show_item_images'],
  ['showDiscounts', 'show_discounts'],
  ['language', 'language'],
  ['currency', 'currency'],
  ['dateFormat', 'date_format'],
  ['numberFormat', 'number_format'],
  ['paymentTerms', 'payment_terms'],
  ['notes', 'notes'],
  ['terms', 'terms'],
  ['paymentInstructions', 'payment_instructions'],
  ['customFields', 'custom_fields'],
  ['customCss', 'custom_css'],
  ['watermarkText', 'watermark_text'],
  ['watermarkOpacity', 'watermark_opacity'],
  ['isActive', 'is_active'],
] as const satisfies readonly (readonly [keyof TemplateInput, string])[];

const ts = (col: string) => `to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The answer's columns (alias `t`), each named by its API field. */
export const TEMPLATE_COLUMNS = [
  't.id::text as "id"',
  ...TEMPLATE_FIELDS.map(([f, c]) => `t.${c} as "${f}"`),
  `${ts('t.created_at')} as "createdAt"`,
  `${ts('t.updated_at')} as "updatedAt"`,
].join(', ');

export type TemplateRow = Omit<InvoiceTemplate, 'id' | 'watermarkOpacity' | 'customFields'> & {
  id: string | number;
  watermarkOpacity: number | string;
  customFields: Record<string, string> | string;
};

export function toTemplate(r: TemplateRow): InvoiceTemplate {
  return {
    ...r,
    id: Number(r.id),
    currency: r.currency.trim(),
    watermarkOpacity: Number(r.watermarkOpacity),
    customFields: typeof r.customFields === 'string' ? (JSON.parse(r.customFields) as Record<string, string>) : r.customFields,
  };
}

/** A field's value as the `?` parameter of its column (jsonb as text). */
export const columnValue = (field: keyof TemplateInput, v: unknown) => (field === 'customFields' ? JSON.stringify(v ?? {}) : v);
const cast = (field: keyof TemplateInput) => (field === 'customFields' ? '?::jsonb' : '?');

/** INSERT of every field (`?` in TEMPLATE_FIELDS order after the tenant), answering the row. */
export const INSERT_TEMPLATE_SQL = `insert into billing.invoice_templates as t (tenant_id, ${TEMPLATE_FIELDS.map(([, c]) => c).join(', ')})
  values (?, ${TEMPLATE_FIELDS.map(([f]) => cast(f)).join(', ')}) returning ${TEMPLATE_COLUMNS}`;

/** UPDATE of the given fields of one template (`?` per field, then id and tenant), answering the row. */
export function updateTemplateSql(fields: (keyof TemplateInput)[]): string {
  const sets = fields.map((f) => `${TEMPLATE_FIELDS.find(([name]) => name === f)![1]} = ${cast(f)}`);
  return `update billing.invoice_templates as t set ${[...sets, 'updated_at = now()'].join(', ')}
    where t.id = ? and t.tenant_id = ? returning ${TEMPLATE_COLUMNS}`;
}
