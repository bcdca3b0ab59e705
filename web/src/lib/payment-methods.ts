import type { PaymentMethod } from '@billpoint/proto';

/** How a payment method reads on screen (the invoice's payments, the analytics breakdown). */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  credit_card: 'Card',
  stripe: 'Card (Stripe)',
  paypal: 'PayPal',
  bank_transfer: 'Bank transfer',
  cash: 'Cash',
  check: 'Check',
  other: 'Other',
};
export const paymentMethodLabel = (method: string) => PAYMENT_METHOD_LABELS[method as PaymentMethod] ?? method;
