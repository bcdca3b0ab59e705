import { m0001Billing } from './0001-billing.ts';
import { m0002NumberingRls } from './0002-numbering-rls.ts';
import { m0003CustomersTombstone } from './0003-customers-tombstone.ts';
import { m0004ClaimInvoiceNumber } from './0004-claim-invoice-number.ts';
import { m0005Recurring } from './0005-recurring.ts';
import { m0006Payments } from './0006-payments.ts';
import { m0007Templates } from './0007-templates.ts';
import { m0008OrganizationSettings } from './0008-organization-settings.ts';
import { m0009PlanLimits } from './0009-plan-limits.ts';
import { m0010InvoiceItemTaxRates } from './0010-invoice-item-tax-rates.ts';
import { m0011Analytics } from './0011-analytics.ts';
import { m0012RecurringItemTaxRates } from './0012-recurring-item-tax-rates.ts';
import { m0013InvoiceListFilters } from './0013-invoice-list-filters.ts';
import { m0014InvoiceInsertSummaries } from './0014-invoice-insert-summaries.ts';
import { m0015CustomerCreatedAt } from './0015-customer-created-at.ts';
import { m0016DocumentSequences } from './0016-document-sequences.ts';
import { m0017Quotes } from './0017-quotes.ts';
import { m0018CreditNotes } from './0018-credit-notes.ts';
import { m0019AnalyticsNetOfCreditNotes } from './0019-analytics-net-of-credit-notes.ts';
import { m0020EInvoiceParties } from './0020-e-invoice-parties.ts';
import { m0021ExchangeRates } from './0021-exchange-rates.ts';
import { m0022QuoteCreditNoteBaseCurrency } from './0022-quote-credit-note-base-currency.ts';
import { m0023EmailTemplatesWhiteLabel } from './0023-email-templates-white-label.ts';
import { m0024Receipts } from './0024-receipts.ts';
import { m0025ClaimNumberLookup } from './0025-claim-number-lookup.ts';
import { m0026TaxedAdjustments } from './0026-taxed-adjustments.ts';
import { m0027NumberingAtIssue } from './0027-numbering-at-issue.ts';
import { m0028CreditedStatusPaidOnPaymentDay } from './0028-credited-status-paid-on-payment-day.ts';
import { m0029RecordIds } from './0029-record-ids.ts';
import { m0030CustomerPaymentTerms } from './0030-customer-payment-terms.ts';
import { m0031CustomerCurrency } from './0031-customer-currency.ts';
import { m0032InvoiceLifecyclePaymentStatus } from './0032-invoice-lifecycle-payment-status.ts';
import { m0033ThreeDecimalAmounts } from './0033-three-decimal-amounts.ts';
import { m0034Metadata } from './0034-metadata.ts';

/** Committed migrations, in order. Add new ones at the end; never edit one that has shipped. */
export const migrations = [
  m0001Billing,
  m0002NumberingRls,
  m0003CustomersTombstone,
  m0004ClaimInvoiceNumber,
  m0005Recurring,
  m0006Payments,
  m0007Templates,
  m0008OrganizationSettings,
  m0009PlanLimits,
  m0010InvoiceItemTaxRates,
  m0011Analytics,
  m0012RecurringItemTaxRates,
  m0013InvoiceListFilters,
  m0014InvoiceInsertSummaries,
  m0015CustomerCreatedAt,
  m0016DocumentSequences,
  m0017Quotes,
  m0018CreditNotes,
  m0019AnalyticsNetOfCreditNotes,
  m0020EInvoiceParties,
  // 0020: e-invoices (second half), built beside this one.
  m0021ExchangeRates,
  m0022QuoteCreditNoteBaseCurrency,
  m0023EmailTemplatesWhiteLabel,
  m0024Receipts,
  m0025ClaimNumberLookup,
  m0026TaxedAdjustments,
  m0027NumberingAtIssue,
  m0028CreditedStatusPaidOnPaymentDay,
  m0029RecordIds,
  m0030CustomerPaymentTerms,
  m0031CustomerCurrency,
  m0032InvoiceLifecyclePaymentStatus,
  m0033ThreeDecimalAmounts,
  m0034Metadata,
];
