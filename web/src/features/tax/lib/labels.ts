import type { FinancialReport, ReportPeriod, TaxType } from '@billpoint/proto';

/** Readable names of the six tax types. */
export const TAX_TYPE_LABELS: Record<TaxType, string> = {
  sales_tax: 'Sales Tax',
  vat: 'VAT',
  gst: 'GST',
  service_tax: 'Service Tax',
  withholding: 'Withholding',
  other: 'Other',
};

/** Readable names of the report types (the screen offers profit_loss, sales_tax, vat_return, tax_summary). */
export const REPORT_TYPE_LABELS: Record<FinancialReport['type'], string> = {
  profit_loss: 'Profit & Loss',
  balance_sheet: 'Balance Sheet',
  cash_flow: 'Cash Flow',
  tax_summary: 'Tax Summary',
  sales_tax: 'Sales Tax Report',
  vat_return: 'VAT Return',
  quarterly_tax: 'Quarterly Tax',
  annual_tax: 'Annual Tax',
};

export const PERIOD_LABELS: Record<ReportPeriod, string> = {
  'current-month': 'Current Month',
  'current-quarter': 'Current Quarter',
  'current-year': 'Current Year',
};

/** Generated green, filed blue, draft yellow, archived grey. */
export const REPORT_STATUS_STYLE: Record<FinancialReport['status'], string> = {
  generated: 'border-transparent bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-300',
  filed: 'border-transparent bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-300',
  draft: 'border-transparent bg-yellow-100 text-yellow-800 dark:bg-yellow-950 dark:text-yellow-300',
  archived: 'border-transparent bg-gray-100 text-gray-700 dark:bg-gray-800 dark:text-gray-300',
};
