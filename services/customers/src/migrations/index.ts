import { m0001Customers } from './0001-customers.ts';
import { m0002PlanLimits } from './0002-plan-limits.ts';
import { m0003CustomerCredits } from './0003-customer-credits.ts';
import { m0004EInvoiceAddress } from './0004-e-invoice-address.ts';
import { m0005PortalEmail } from './0005-portal-email.ts';
import { m0006RecordIds } from './0006-record-ids.ts';
import { m0007OrganizationCurrency } from './0007-organization-currency.ts';
import { m0008ThreeDecimalAmounts } from './0008-three-decimal-amounts.ts';
import { m0009Metadata } from './0009-metadata.ts';

/** Committed migrations, in order. Add new ones at the end; never edit one that has shipped. */
export const migrations = [
  m0001Customers,
  m0002PlanLimits,
  m0003CustomerCredits,
  m0004EInvoiceAddress,
  m0005PortalEmail,
  m0006RecordIds,
  m0007OrganizationCurrency,
  m0008ThreeDecimalAmounts,
  m0009Metadata,
];
