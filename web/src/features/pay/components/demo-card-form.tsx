import * as React from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { DEMO_DECLINE_CARD, DEMO_SUCCESS_CARD } from '@billpoint/proto';
import { TextField } from '@/components/form-fields';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { formatMoney } from '@/lib/format';
import { confirmPayment, createPaymentIntent } from '../api/pay-api';
import { cardDigits, demoCardSchema, groupDigits, type DemoCardValues } from '../lib/card';
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
        <div className="rounded-md border border-dashed bg-muted/50 p-3 text-sm" data-testid="demo-test-cards">
          <p className="font-medium">Test cards</p>
          <ul className="mt-1 space-y-0.5 text-muted-foreground">
            <li>
              <span className="font-mono text-foreground">{groupDigits(DEMO_SUCCESS_CARD)}</span> — payment succeeds
            </li>
            <li>
              <span className="font-mono text-foreground">{groupDigits(DEMO_DECLINE_CARD)}</span> — card is declined
            </li>
          </ul>
          <p className="mt-1 text-muted-foreground">Use any future expiry date and any 3-digit CVC.</p>
        </div>
        <TextField
          control={form.control}
          name="cardNumber"
          label="Card number"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
        />
        <div className="grid grid-cols-2 gap-4">
          <TextField
            control={form.control}
            name="expiry"
            label="Expiry (MM / YY)"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM / YY"
          />
          <TextField control={form.control} name="cvc" label="CVC" inputMode="numeric" autoComplete="cc-csc" placeholder="123" />
        </div>
        <TextField control={form.control} name="name" label="Name on card" autoComplete="cc-name" />
        <Button type="submit" size="lg" className="w-full" disabled={!amount || busy}>
          {busy ? 'Processing...' : amount ? `Pay ${formatMoney(amount, invoice.currency)}` : 'Pay'}
        </Button>
      </form>
    </Form>
  );
}
