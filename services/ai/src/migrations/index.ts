import type { MigrationObject } from '@mikro-orm/core';
import { m0001Ai } from './0001-ai.ts';
import { m0002Insights } from './0002-insights.ts';
import { m0003ChurnLocale } from './0003-churn-locale.ts';
import { m0004InvoiceDrafts } from './0004-invoice-drafts.ts';
import { m0005InvoiceRates } from './0005-invoice-rates.ts';
import { m0006RecordIds } from './0006-record-ids.ts';
import { m0007VatFiling } from './0007-vat-filing.ts';
import { m0008ThreeDecimalAmounts } from './0008-three-decimal-amounts.ts';

/** Committed migrations, in order. Add new ones at the end; never edit one that has shipped. */
export const migrations: MigrationObject[] = [
  m0001Ai,
  m0002Insights,
  m0003ChurnLocale,
  m0004InvoiceDrafts,
  m0005InvoiceRates,
  m0006RecordIds,
  m0007VatFiling,
  m0008ThreeDecimalAmounts,
];
