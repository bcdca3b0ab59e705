import { m0001Payments } from './0001-payments.ts';
import { m0002Plans } from './0002-plans.ts';
import { m0003NeverOverCollected } from './0003-never-over-collected.ts';
import { m0004PlansFromProto } from './0004-plans-from-proto.ts';
import { m0005CreditNoteRefunds } from './0005-credit-note-refunds.ts';
import { m0006InvoiceExchangeRate } from './0006-invoice-exchange-rate.ts';
import { m0007PortalPayments } from './0007-portal-payments.ts';
import { m0008RecordIds } from './0008-record-ids.ts';
import { m0009ThreeDecimalAmounts } from './0009-three-decimal-amounts.ts';
import { m0010Metadata } from './0010-metadata.ts';

/** Committed migrations, in order. Add new ones at the end; never edit one that has shipped. */
export const migrations = [
  m0001Payments,
  m0002Plans,
  m0003NeverOverCollected,
  m0004PlansFromProto,
  m0005CreditNoteRefunds,
  m0006InvoiceExchangeRate,
  m0007PortalPayments,
  m0008RecordIds,
  m0009ThreeDecimalAmounts,
  m0010Metadata,
];
