import { m0001Catalog } from './0001-catalog.ts';
import { m0002PlanLimits } from './0002-plan-limits.ts';
import { m0003RecordIds } from './0003-record-ids.ts';
import { m0004OrganizationCurrency } from './0004-organization-currency.ts';
import { m0005ThreeDecimalAmounts } from './0005-three-decimal-amounts.ts';
import { m0006Metadata } from './0006-metadata.ts';

/** Committed migrations, in order. Add new ones at the end; never edit one that has shipped. */
export const migrations = [
  m0001Catalog,
  m0002PlanLimits,
  m0003RecordIds,
  m0004OrganizationCurrency,
  m0005ThreeDecimalAmounts,
  m0006Metadata,
];
