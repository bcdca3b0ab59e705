import { TaxRateBody, type TaxCategory, type TaxRate, type TaxType } from '@billpoint/proto';
import { toIsoDate } from '@/lib/format';
import { localNumbers, numberForInput } from '@/lib/number-input';

/**
 * The Add/Edit Tax Rate form: proto's body itself, so the dialog shows the server's messages, with the rate typed as
 * the person writes numbers ("7,0" in German is 7 %).
 */
export const taxRateFormSchema = () => localNumbers(TaxRateBody, { rate: { label: 'Rate' } });
export type TaxRateFormInput = {
  name: string;
  jurisdiction: string;
  rate: string;
  type: TaxType;
  isActive: boolean;
  startDate: string;
  endDate: string;
  description: string;
  taxNumber: string;
  /** '' until chosen: the server takes S for a positive rate, Z for 0. */
  category: TaxCategory | '';
  exemptionReason: string;
  exemptionReasonCode: string;
};
export const TAX_RATE_FIELDS = [
  'name',
  'jurisdiction',
  'rate',
  'type',
  'isActive',
  'startDate',
  'endDate',
  'description',
  'taxNumber',
  'category',
  'exemptionReason',
  'exemptionReasonCode',
] as const;

export const emptyTaxRateForm = (today: Date = new Date()): TaxRateFormInput => ({
  name: '',
  jurisdiction: '',
  rate: '',
  type: 'sales_tax',
  isActive: true,
  startDate: toIsoDate(today),
  endDate: '',
  description: '',
  taxNumber: '',
  category: '',
  exemptionReason: '',
  exemptionReasonCode: '',
});

export const taxRateToForm = (t: TaxRate): TaxRateFormInput => ({
  name: t.name,
  jurisdiction: t.jurisdiction,
  rate: numberForInput(t.rate),
  type: t.type,
  isActive: t.isActive,
  startDate: t.startDate.slice(0, 10),
  endDate: t.endDate?.slice(0, 10) ?? '',
  description: t.description ?? '',
  taxNumber: t.taxNumber ?? '',
  category: t.category ?? '',
  exemptionReason: t.exemptionReason ?? '',
  exemptionReasonCode: t.exemptionReasonCode ?? '',
});
