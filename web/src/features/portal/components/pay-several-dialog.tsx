import * as React from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { type PortalInvoice, type PortalPaymentConfirmation } from '@billpoint/proto';
import { DemoCardFields, DemoModeBadge } from '@/components/demo-card-fields';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Form } from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import { ListLoadFailed } from '@/components/list-parts';
import { cardDigits, demoCardSchema, type DemoCardValues } from '@/lib/card';
import { formatMoney } from '@/lib/format';
import { confirmPortalPayment, openPayment, paymentConfigQueryOptions } from '../api/portal-api';
import { notifyPaymentError } from '../lib/payment-notices';

const PortalStripeForm = React.lazy(() => import('./portal-stripe-form'));

export type PaySeveralProps = {
  invoices: PortalInvoice[];
  currency: string;
  total: string;
  onPaid: (confirmation: PortalPaymentConfirmation) => void;
};

/** Pays the selected invoices' balances in one payment: the demo card form in demo mode, Stripe's otherwise. */
export function PaySeveralDialog({
  open,
  onOpenChange,
  ...props
}: PaySeveralProps & { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Pay {props.invoices.length === 1 ? '1 invoice' : `${props.invoices.length} invoices`}</DialogTitle>
          <DialogDescription>
            {props.invoices.map((i) => i.invoiceNumber).join(', ')} — {formatMoney(props.total, props.currency)} in total.
          </DialogDescription>
        </DialogHeader>
        {open && <PaymentMethod {...props} />}
      </DialogContent>
    </Dialog>
  );
}

function PaymentMethod(props: PaySeveralProps) {
  const config = useQuery(paymentConfigQueryOptions(props.invoices[0]!.publicToken));
  if (config.isPending) return <Spinner label="Loading payment form" className="py-10" />;
  if (config.isError) return <ListLoadFailed what="the payment form" onRetry={() => void config.refetch()} />;
  if (config.data.demoMode) return <DemoPayForm {...props} />;
  if (config.data.card && config.data.stripePublishableKey)
    return (
      <React.Suspense fallback={<Spinner label="Loading payment form" className="py-10" />}>
        <PortalStripeForm {...props} publishableKey={config.data.stripePublishableKey} />
      </React.Suspense>
    );
  return (
    <p role="alert" className="text-sm text-muted-foreground">
      Paying several invoices by card is not available. Open an invoice&apos;s pay page to pay it on its own.
    </p>
  );
}

function DemoPayForm({ invoices, currency, total, onPaid }: PaySeveralProps) {
  const [busy, setBusy] = React.useState(false);
  const form = useForm<DemoCardValues>({
    resolver: zodResolver(demoCardSchema()),
    defaultValues: { cardNumber: '', expiry: '', cvc: '', name: '' },
  });
  const pay = form.handleSubmit(async (card) => {
    setBusy(true);
    try {
      const payment = await openPayment({ invoiceIds: invoices.map((i) => i.id), method: 'card' });
      onPaid(await confirmPortalPayment(payment.id, cardDigits(card.cardNumber)));
    } catch (error) {
      notifyPaymentError(error);
    } finally {
      setBusy(false);
    }
  });
  return (
    <Form {...form}>
      <form onSubmit={(e) => void pay(e)} noValidate className="space-y-4" aria-label="Card details">
        <div className="flex flex-wrap items-center gap-2">
          <DemoModeBadge />
          <p className="text-sm text-muted-foreground">No real money moves: payments run with the demo processor.</p>
        </div>
        <DemoCardFields control={form.control} />
        <Button type="submit" size="lg" className="w-full" disabled={busy}>
          {busy ? 'Processing...' : `Pay ${formatMoney(total, currency)}`}
        </Button>
      </form>
    </Form>
  );
}
