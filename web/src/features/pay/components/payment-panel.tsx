import * as React from 'react';
import { CreditCard, Wallet } from 'lucide-react';
import type { PaymentConfirmation, PublicInvoice } from '@billpoint/proto';
import { DemoModeBadge } from '@/components/demo-card-fields';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { checkAmount, initialAmount } from '@/lib/payment-amount';
import type { PayContext } from '../lib/pay-context';
import { AmountField } from './amount-field';
import { DemoCardForm } from './demo-card-form';
import { DemoPaypalButton } from './demo-paypal-button';

// The providers' code loads only when it is needed (and never in demo mode).
const StripeCardForm = React.lazy(() => import('./stripe-card-form'));
const PaypalPanel = React.lazy(() => import('./paypal-panel'));

const loading = <Spinner label="Loading payment form" className="py-10" />;

/**
 * How the payer pays: the amount (the balance by default), then card only, or Card and PayPal tabs when PayPal is
 * offered (the card payment page has layout tabs). Demo mode is labelled and uses the demo forms.
 */
export function PaymentPanel({
  invoice,
  onPaid,
  onAlreadyPaid,
}: {
  invoice: PublicInvoice;
  onPaid: (confirmation: PaymentConfirmation) => void;
  onAlreadyPaid: () => void;
}) {
  const [text, setText] = React.useState(() => initialAmount(invoice.balanceDue, invoice.currency));
  const [refused, setRefused] = React.useState<{ text: string; message: string }>();
  const check = checkAmount(text, invoice.balanceDue, invoice.currency);
  const serverMessage = refused?.text === text ? refused.message : undefined;
  const ctx: PayContext = {
    invoice,
    amount: check.ok && !serverMessage ? check.amount : null,
    onPaid,
    onAlreadyPaid,
    onAmountRefused: (message) => setRefused({ text, message }),
  };
  const { demoMode, card, paypal } = invoice.payment;
  const cardForm = demoMode ? (
    <DemoCardForm {...ctx} />
  ) : (
    <React.Suspense fallback={loading}>
      <StripeCardForm {...ctx} />
    </React.Suspense>
  );
  const paypalForm = demoMode ? (
    <DemoPaypalButton {...ctx} />
  ) : (
    <React.Suspense fallback={loading}>
      <PaypalPanel {...ctx} />
    </React.Suspense>
  );
  const takesCard = demoMode || card;

  return (
    <Card aria-labelledby="payment-title">
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle id="payment-title" className="text-xl">
          Payment
        </CardTitle>
        {demoMode && <DemoModeBadge />}
      </CardHeader>
      <CardContent className="space-y-6">
        {demoMode && (
          <p className="text-sm text-muted-foreground">No real money moves: this page is running with the demo payment processor.</p>
        )}
        <AmountField
          value={text}
          onChange={setText}
          error={check.ok ? serverMessage : check.message}
          balanceDue={invoice.balanceDue}
          currency={invoice.currency}
          reading={check.ok ? check.amount : null}
        />
        {takesCard && paypal ? (
          <Tabs defaultValue="card">
            <TabsList aria-label="Payment method">
              <TabsTrigger value="card">
                <CreditCard aria-hidden="true" />
                Card
              </TabsTrigger>
              <TabsTrigger value="paypal">
                <Wallet aria-hidden="true" />
                PayPal
              </TabsTrigger>
            </TabsList>
            {/* The card form stays mounted (its payment request too) while PayPal is looked at. */}
            <TabsContent value="card" forceMount className="data-[state=inactive]:hidden">
              {cardForm}
            </TabsContent>
            <TabsContent value="paypal">{paypalForm}</TabsContent>
          </Tabs>
        ) : takesCard ? (
          cardForm
        ) : paypal ? (
          paypalForm
        ) : (
          <p role="alert" className="text-sm text-muted-foreground">
            Online payment is not available for this invoice. Please contact {invoice.seller.name} to pay it.
          </p>
        )}
      </CardContent>
    </Card>
  );
}
