import * as React from 'react';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { createPaymentIntent } from '../api/pay-api';
import { handleInitError, type PayContext } from './pay-context';

/** How long the amount must stay unchanged before a new payment request is made for it. */
export const AMOUNT_SETTLE_MS = 600;

export type ReadyIntent = { status: 'ready'; amount: string; clientSecret: string; paymentIntentId: string };
type IntentState = { status: 'loading' } | { status: 'failed' } | { status: 'refused' } | ReadyIntent;

/**
 * The payment request for the amount in the field (made as soon as the form shows): created again when
 * the amount settles on another valid value, never for an invalid one. A late answer for an older amount is dropped.
 */
export function usePaymentIntent(ctx: PayContext): IntentState & { retry: () => void } {
  const { invoice } = ctx;
  const amount = useDebouncedValue(ctx.amount, AMOUNT_SETTLE_MS);
  const [state, setState] = React.useState<IntentState>({ status: 'loading' });
  const [attempt, setAttempt] = React.useState(0);
  const handlers = React.useRef(ctx);
  handlers.current = ctx;

  React.useEffect(() => {
    if (!amount) return;
    let live = true;
    setState({ status: 'loading' });
    createPaymentIntent({ invoiceId: invoice.id, amount, currency: invoice.currency }).then(
      (answer) => live && setState({ status: 'ready', amount, clientSecret: answer.clientSecret, paymentIntentId: answer.paymentIntentId }),
      (error: unknown) => {
        if (!live) return;
        // A refused amount is said under the field; the form waits for another one.
        const why = handleInitError(error, handlers.current);
        setState({ status: why === 'init-failed' ? 'failed' : 'refused' });
      },
    );
    return () => {
      live = false;
    };
  }, [amount, attempt, invoice.id, invoice.currency]);

  return { ...state, retry: () => setAttempt((n) => n + 1) };
}
