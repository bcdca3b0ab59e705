import type { MigrationObject } from '@mikro-orm/core';
import { m0001Tax } from './0001-tax.ts';
import { m0002Ledger } from './0002-ledger.ts';
import { m0003CreditNotes } from './0003-credit-notes.ts';
import { m0004TaxCategories } from './0004-tax-categories.ts';
import { m0005RecordIds } from './0005-record-ids.ts';
import { m0006LedgerInvoiceState } from './0006-ledger-invoice-state.ts';
import { m0007ThreeDecimalAmounts } from './0007-three-decimal-amounts.ts';

/** Committed migrations, in order. Add new ones at the end; never edit one that has shipped. */
export const migrations: MigrationObject[] = [
  m0001Tax,
  m0002Ledger,
  m0003CreditNotes,
  m0004TaxCategories,
  m0005RecordIds,
  m0006LedgerInvoiceState,
  m0007ThreeDecimalAmounts,
];
