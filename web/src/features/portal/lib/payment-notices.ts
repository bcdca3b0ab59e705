import { PaymentMessages, type PortalPaymentConfirmation } from '@billpoint/proto';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import { isHandledGlobally } from '@/lib/query-client';

/** A refused payment in the processor's own words (a decline is a 402 with its message), else the unexpected error. */
export function notifyPaymentError(error: unknown) {
  if (isHandledGlobally(error)) return;
  const message = error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.body?.message : undefined;
  toast({
    variant: 'destructive',
    title: message ? PaymentMessages.failedTitle : PaymentMessages.errorTitle,
    description: message ?? PaymentMessages.unexpected,
  });
}

export function notifyPaid(confirmation: PortalPaymentConfirmation) {
  const { payment } = confirmation;
  const n = payment.allocations.length;
  toast({
    title: 'Payment received',
    description: `${formatMoney(payment.total, payment.currency)} for ${n} ${n === 1 ? 'invoice' : 'invoices'}. A receipt is on its way by e-mail.`,
  });
}
