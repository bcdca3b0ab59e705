import { PaymentMessages } from '@billpoint/proto';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';

/** The payment notices of the pay page, word for word. */
export const notify = {
  initFailed: () => toast({ variant: 'destructive', title: PaymentMessages.initFailed }),
  failed: (message: string) => toast({ variant: 'destructive', title: PaymentMessages.failedTitle, description: message }),
  unexpected: () => toast({ variant: 'destructive', title: PaymentMessages.errorTitle, description: PaymentMessages.unexpected }),
  paypalConfirmFailed: () => toast({ variant: 'destructive', title: PaymentMessages.paypalConfirmFailed }),
  paypalFailed: () =>
    toast({ variant: 'destructive', title: PaymentMessages.paypalFailedTitle, description: PaymentMessages.paypalFailed }),
  cancelled: () => toast({ title: PaymentMessages.cancelled }),
};

/**
 * A refused confirmation: the processor's own words (a decline is a 402 with its message; a refused request a 4xx
 * with ours) are 'Payment Failed'; no answer, or a server fault, is the unexpected 'Payment Error'.
 */
export function notifyConfirmError(error: unknown) {
  const message = error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.body?.message : undefined;
  if (message) notify.failed(message);
  else notify.unexpected();
}

/** The server's word on the amount field (a 400 whose issue is `amount`), if that is why the call was refused. */
export function amountIssue(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 400) return undefined;
  return error.body?.issues?.find((issue) => issue.path === 'amount')?.message;
}

/** 409: the invoice was settled meanwhile (another tab, a manual payment). */
export const isAlreadyPaidAnswer = (error: unknown) => error instanceof ApiError && error.status === 409;
