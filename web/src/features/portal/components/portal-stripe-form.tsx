import * as React from 'react';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { useMutation } from '@tanstack/react-query';
import { PaymentMessages, type PortalPayment } from '@billpoint/proto';
import { ListLoadFailed } from '@/components/list-parts';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/hooks/use-toast';
import { formatMoney } from '@/lib/format';
import { stripeFor } from '@/lib/stripe';
import { confirmPortalPayment, openPayment } from '../api/portal-api';
import { notifyPaymentError } from '../lib/payment-notices';
import type { PaySeveralProps } from './pay-several-dialog';

/**
 * Card payment through Stripe for several invoices: the portal payment is opened when the form shows (its client
 * secret mounts Stripe's form), Stripe confirms in the page, then the portal records the payment.
 */
export default function PortalStripeForm(props: PaySeveralProps & { publishableKey: string }) {
  const { invoices, publishableKey } = props;
  const [stripe] = React.useState(() => stripeFor(publishableKey));
  const opened = useMutation({ mutationFn: () => openPayment({ invoiceIds: invoices.map((i) => i.id), method: 'card' }) });
  const { mutate } = opened;
  const started = React.useRef(false);
  React.useEffect(() => {
    // One payment per showing of the form, even when React runs effects twice.
    if (started.current) return;
    started.current = true;
    mutate();
  }, [mutate]);

  if (opened.isError) return <ListLoadFailed what="the payment form" onRetry={() => mutate()} />;
  if (!opened.data?.clientSecret) return <Spinner label="Preparing secure card form" showLabel className="py-10" />;
  return (
    <Elements stripe={stripe} options={{ clientSecret: opened.data.clientSecret, appearance: { theme: 'stripe' } }}>
      <Confirm {...props} payment={opened.data} />
    </Elements>
  );
}

function Confirm({ payment, onPaid }: PaySeveralProps & { payment: PortalPayment }) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = React.useState(false);
  const [busy, setBusy] = React.useState(false);
  const pay = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setBusy(true);
    try {
      const result = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: window.location.href },
        redirect: 'if_required',
      });
      if (result.error) {
        toast({
          variant: 'destructive',
          title: PaymentMessages.failedTitle,
          description: result.error.message ?? PaymentMessages.unexpected,
        });
        return;
      }
      onPaid(await confirmPortalPayment(payment.id));
    } catch (error) {
      notifyPaymentError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void pay(e)} className="space-y-4" aria-label="Card details">
      <PaymentElement options={{ layout: 'tabs' }} onReady={() => setReady(true)} />
      {!ready && <Spinner label="Loading card form" className="py-6" />}
      <Button type="submit" size="lg" className="w-full" disabled={!stripe || !ready || busy}>
        {busy ? 'Processing...' : `Pay ${formatMoney(payment.total, payment.currency)}`}
      </Button>
    </form>
  );
}
