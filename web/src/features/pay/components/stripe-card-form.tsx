import * as React from 'react';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { compareMoney, PaymentMessages, subtractMoney, sumMoney } from '@billpoint/proto';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatMoney } from '@/lib/format';
import { stripeFor } from '@/lib/stripe';
import { confirmPayment } from '../api/pay-api';
import { notify } from '../lib/notices';
import { returnUrl, type PayContext } from '../lib/pay-context';
import { usePaymentIntent, type ReadyIntent } from '../lib/use-payment-intent';

function useStripeJs(key: string | null) {
  const [state, setState] = React.useState<{ stripe: Stripe | null; failed: boolean }>({ stripe: null, failed: false });
  React.useEffect(() => {
    if (!key) return setState({ stripe: null, failed: true });
    let live = true;
    stripeFor(key).then(
      (stripe) => live && setState({ stripe, failed: !stripe }),
      () => live && setState({ stripe: null, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [key]);
  return state;
}

function InitFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="space-y-3 rounded-md border border-destructive/40 bg-destructive/5 p-4 text-sm">
      <p>{PaymentMessages.initFailed}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/**
 * Card payments through Stripe Elements: the payment request is created as soon as the form shows, and
 * again when the amount changes; Stripe confirms in the page (`redirect: 'if_required'`), then the server records it.
 */
export default function StripeCardForm(ctx: PayContext) {
  const { stripe, failed } = useStripeJs(ctx.invoice.payment.stripePublishableKey);
  const intent = usePaymentIntent(ctx);
  if (failed || intent.status === 'failed') return <InitFailed onRetry={intent.retry} />;
  if (intent.status === 'refused')
    return <p className="py-6 text-center text-sm text-muted-foreground">Enter an amount you can pay to continue.</p>;
  if (!stripe || intent.status !== 'ready') return <Spinner label="Preparing secure card form" showLabel className="py-10" />;
  return (
    // A new payment request (another amount) is a new client secret, which Elements only takes when mounted anew.
    <Elements key={intent.clientSecret} stripe={stripe} options={{ clientSecret: intent.clientSecret, appearance: { theme: 'stripe' } }}>
      <StripeConfirm ctx={ctx} intent={intent} />
    </Elements>
  );
}

function StripeConfirm({ ctx, intent }: { ctx: PayContext; intent: ReadyIntent }) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = React.useState(false);
  const [busy, setBusy] = React.useState(false);
  const { invoice } = ctx;
  const current = intent.amount === ctx.amount;

  const pay = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements || !current) return;
    setBusy(true);
    try {
      const result = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: returnUrl(invoice.id) },
        redirect: 'if_required',
      });
      if (result.error) return notify.failed(result.error.message ?? PaymentMessages.unexpected);
      if (result.paymentIntent.status !== 'succeeded') return notify.unexpected();
      try {
        ctx.onPaid(await confirmPayment({ paymentIntentId: result.paymentIntent.id, invoiceId: invoice.id }));
      } catch {
        // Stripe took the money; its webhook records the payment even though this confirmation did not get through.
        const balanceDue = subtractMoney(invoice.balanceDue, intent.amount);
        ctx.onPaid({
          success: true,
          demoMode: false,
          payment: { id: 0, amount: intent.amount, currency: invoice.currency, status: 'completed' },
          invoice: {
            invoiceNumber: invoice.invoiceNumber,
            total: invoice.total,
            amountPaid: sumMoney([invoice.amountPaid, intent.amount]),
            balanceDue,
            paid: compareMoney(balanceDue, '0') <= 0,
          },
        });
      }
    } catch {
      notify.unexpected();
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void pay(e)} className="space-y-4" aria-label="Card details">
      <PaymentElement options={{ layout: 'tabs' }} onReady={() => setReady(true)} />
      {!ready && <Spinner label="Loading card form" className="py-6" />}
      <Button type="submit" size="lg" className="w-full" disabled={!stripe || !ready || busy || !current}>
        {busy ? 'Processing...' : `Pay ${formatMoney(intent.amount, invoice.currency)}`}
      </Button>
    </form>
  );
}
