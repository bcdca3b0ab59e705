import type { Payment, PaymentEventData } from '@billpoint/proto';

const ts = (col: string) => `to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A payment answer (alias `p`): money and dates as text. */
export const PAYMENT_COLUMNS = `p.id::text as id, p.invoice_id::text as invoice_id, p.invoice_number, p.amount::text as amount,
  p.currency, p.exchange_rate::text as exchange_rate, p.amount_in_base_currency::text as amount_in_base_currency,
  p.refunded_amount::text as refunded_amount, p.payment_date::text as payment_date, p.payment_method,
  p.payment_processor, p.transaction_id, p.reference, p.status, p.fees::text as fees, p.notes,
  p.metadata, p.failure_message, ${ts('p.created_at')} as created_at, p.invoice_exchange_rate::text as invoice_exchange_rate`;

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
  failure_message: string | null;
  created_at: string;
  invoice_exchange_rate: string | null;
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
  createdAt: r.created_at,
});

export const toEventData = (r: PaymentRow): PaymentEventData => ({
  ...toPayment(r),
  invoiceNumber: r.invoice_number,
  invoiceExchangeRate: r.invoice_exchange_rate,
});
