import { divMills, fromMills, toMills, toScaled, type PayableInvoice, type Payment, type PaymentEventData } from '@billpoint/proto';
import type { EntityManager } from '@billpoint/kit';
import type { Attempt } from './ledger.ts';

const ts = (col: string) => `to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A payment answer (alias `p`): money and dates as text. */
export const PAYMENT_COLUMNS = `p.id::text as id, p.invoice_id::text as invoice_id, p.invoice_number, p.amount::text as amount,
  p.currency, p.exchange_rate::text as exchange_rate, p.amount_in_base_currency::text as amount_in_base_currency,
  p.refunded_amount::text as refunded_amount, p.payment_date::text as payment_date, p.payment_method,
  p.payment_processor, p.transaction_id, p.reference, p.status, p.fees::text as fees, p.notes,
  p.metadata, p.integrator_metadata, p.failure_message, ${ts('p.created_at')} as created_at, p.invoice_exchange_rate::text as invoice_exchange_rate,
  p.portal_payment_id::text as portal_payment_id`;

export interface PaymentRow {
  id: string;
  invoice_id: string;
  invoice_number: string;
  amount: string;
  currency: string;
  exchange_rate: string;
  amount_in_base_currency: string;
  refunded_amount: string;
  payment_date: string;
  payment_method: Payment['paymentMethod'];
  payment_processor: string | null;
  transaction_id: string | null;
  reference: string | null;
  status: Payment['status'];
  fees: string;
  notes: string | null;
  metadata: Record<string, unknown>;
  /** The integrator's keys (`metadata` of the answer); the row's own `metadata` is the processors' and stays inside. */
  integrator_metadata?: Record<string, string> | null;
  failure_message: string | null;
  created_at: string;
  invoice_exchange_rate: string | null;
  /** The portal payment (pay-several) this payment is its invoice's part of. */
  portal_payment_id: string | null;
}

export const toPayment = (r: PaymentRow): Payment => ({
  id: Number(r.id),
  invoiceId: Number(r.invoice_id),
  amount: r.amount,
  currency: r.currency,
  exchangeRate: r.exchange_rate,
  amountInBaseCurrency: r.amount_in_base_currency,
  refundedAmount: r.refunded_amount,
  paymentDate: r.payment_date,
  paymentMethod: r.payment_method,
  paymentProcessor: r.payment_processor,
  transactionId: r.transaction_id,
  reference: r.reference,
  status: r.status,
  fees: r.fees,
  notes: r.notes,
  metadata: r.integrator_metadata ?? {},
  createdAt: r.created_at,
});

export const toEventData = (r: PaymentRow): PaymentEventData => ({
  ...toPayment(r),
  invoiceNumber: r.invoice_number,
  invoiceExchangeRate: r.invoice_exchange_rate,
});

/**
 * Inserts a payment row in the caller's transaction (the caller holds the invoice's lock and has checked the
 * balance): `rate` is the payment day's exchange rate (rate.ts), the base amount follows from it.
 */
export async function insertPayment(
  em: EntityManager,
  inv: PayableInvoice,
  a: Attempt,
  rate: string,
  portalPaymentId: string | null = null,
): Promise<PaymentRow> {
  const base = fromMills(divMills(toMills(a.amount) * toScaled(rate, 6), 1_000_000n, 2));
  const [row] = await em.execute<PaymentRow[]>(
    `insert into payments.payments as p (tenant_id, user_id, invoice_id, invoice_number, amount, currency, exchange_rate,
       amount_in_base_currency, invoice_exchange_rate, payment_date, payment_method, payment_processor, transaction_id,
       reference, status, notes, metadata, completed_at, portal_payment_id, integrator_metadata)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, coalesce(?::date, current_date), ?, ?, ?, ?, ?, ?, ?::jsonb,
             case when ? = 'completed' then now() end, ?::uuid, ?::jsonb)
     returning ${PAYMENT_COLUMNS}`,
    [
      ...[inv.tenantId, a.userId ?? null, inv.invoiceId, inv.invoiceNumber, a.amount, inv.currency, rate, base, inv.exchangeRate],
      ...[a.paymentDate ?? null, a.method, a.processor, a.transactionId ?? null, a.reference ?? null, a.status ?? 'pending'],
      ...[a.notes ?? null, JSON.stringify(a.metadata ?? {}), a.status ?? 'pending', portalPaymentId],
      JSON.stringify(a.integratorMetadata ?? {}),
    ],
  );
  return row!;
}
