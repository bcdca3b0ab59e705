import * as React from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { DemoCardFields } from '@/components/demo-card-fields';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { formatMoney } from '@/lib/format';
import { confirmPayment, createPaymentIntent } from '../api/pay-api';
import { cardDigits, demoCardSchema, type DemoCardValues } from '@/lib/card';
import { isAlreadyPaidAnswer, notifyConfirmError } from '../lib/notices';
import { handleInitError, type PayContext } from '../lib/pay-context';

/**
 * The demo processor's card form (no Stripe keys configured): a payment request, then its confirmation with the
 * card number. The decline test card is refused with the processor's message; any other valid number succeeds.
 */
export function DemoCardForm(ctx: PayContext) {
  const { invoice, amount } = ctx;
  const [busy, setBusy] = React.useState(false);
  const form = useForm<DemoCardValues>({
    resolver: zodResolver(demoCardSchema()),
    defaultValues: { cardNumber: '', expiry: '', cvc: '', name: '' },
  });

  const pay = form.handleSubmit(async (card) => {
    if (!amount) return;
    setBusy(true);
    try {
      let intent;
      try {
        intent = await createPaymentIntent({ invoiceId: invoice.id, amount, currency: invoice.currency });
      } catch (error) {
        handleInitError(error, ctx);
        return;
      }
      try {
        ctx.onPaid(
          await confirmPayment({ paymentIntentId: intent.paymentIntentId, invoiceId: invoice.id, cardNumber: cardDigits(card.cardNumber) }),
        );
      } catch (error) {
        if (isAlreadyPaidAnswer(error)) ctx.onAlreadyPaid();
        else notifyConfirmError(error);
      }
    } finally {
      setBusy(false);
    }
  });

  return (
    <Form {...form}>
      <form onSubmit={(e) => void pay(e)} noValidate className="space-y-4" aria-label="Card details">
        <DemoCardFields control={form.control} />
        <Button type="submit" size="lg" className="w-full" disabled={!amount || busy}>
          {busy ? 'Processing...' : amount ? `Pay ${formatMoney(amount, invoice.currency)}` : 'Pay'}
        </Button>
      </form>
    </Form>
  );
}
