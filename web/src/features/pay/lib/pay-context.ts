import type { PaymentConfirmation, PublicInvoice } from '@billpoint/proto';
import { paths } from '@/config/paths';
import { amountIssue, isAlreadyPaidAnswer, notify } from './notices';

/** What every way of paying gets from the payment panel. */
export type PayContext = {
  invoice: PublicInvoice;
  /** The amount to charge, checked (see checkAmount); null while the field holds something unpayable. */
  amount: string | null;
  /** The server recorded the payment. */
  onPaid: (confirmation: PaymentConfirmation) => void;
  /** The server refused the amount (a 400 on `amount`): said under the amount field. */
  onAmountRefused: (message: string) => void;
  /** The invoice was settled meanwhile (409): the page reloads it and shows Already Paid. */
  onAlreadyPaid: () => void;
};

/**
 * Creating the payment request failed: the invoice was settled meanwhile, or the server refused the amount (both
 * handed to the page), or else "Payment init fails". Answers which.
 */
export function handleInitError(
  error: unknown,
  ctx: Pick<PayContext, 'onAmountRefused' | 'onAlreadyPaid'>,
): 'already-paid' | 'amount-refused' | 'init-failed' {
  if (isAlreadyPaidAnswer(error)) {
    ctx.onAlreadyPaid();
    return 'already-paid';
  }
  const issue = amountIssue(error);
  if (issue) {
    ctx.onAmountRefused(issue);
    return 'amount-refused';
  }
  notify.initFailed();
  return 'init-failed';
}

/** The link Stripe returns the payer to after a redirect payment method. */
export const returnUrl = (token: string) => `${window.location.origin}${paths.paymentSuccess.getHref(token)}`;
