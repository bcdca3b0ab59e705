import type { TaxCategory, TaxRate, TaxType } from '@billpoint/proto';
import { isoDate, isoTime } from '../sql.ts';

/** A tax rate answer (alias `r`). A deleted rate reads as inactive (the RPC answers those too). */
export const TAX_RATE_COLUMNS = `r.id::text as id, r.name, r.jurisdiction, r.rate::text as rate, r.type,
  (r.is_active and r.deleted_at is null) as is_active, ${isoDate('r.start_date')} as start_date,
  ${isoDate('r.end_date')} as end_date, r.description, r.tax_number, r.category,
  r.exemption_reason, r.exemption_reason_code, ${isoTime('r.created_at')} as created_at,
  ${isoTime('r.updated_at')} as updated_at`;

export interface TaxRateRow {
  id: string;
  name: string;
  jurisdiction: string;
  rate: string;
  type: string;
  is_active: boolean;
  start_date: string;
  end_date: string | null;
  description: string | null;
  tax_number: string | null;
  category: string;
  exemption_reason: string | null;
  exemption_reason_code: string | null;
  created_at: string;
  updated_at: string;
}

export const toTaxRate = (r: TaxRateRow): TaxRate => ({
  id: Number(r.id),
  name: r.name,
  jurisdiction: r.jurisdiction,
  rate: r.rate,
  type: r.type as TaxType,
  isActive: r.is_active,
  startDate: r.start_date,
  endDate: r.end_date,
  description: r.description,
  taxNumber: r.tax_number,
  category: r.category as TaxCategory,
  exemptionReason: r.exemption_reason,
  exemptionReasonCode: r.exemption_reason_code,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});
