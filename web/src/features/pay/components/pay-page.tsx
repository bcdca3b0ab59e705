import * as React from 'react';
import { useParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import type { PaymentConfirmation, PublicInvoice } from '@billpoint/proto';
import { useToast } from '@/hooks/use-toast';
import { formatInvoiceDate, formatMoney } from '@/lib/format';
import { publicInvoiceKey, usePublicInvoice } from '../api/pay-api';
import { isSettled } from '@/lib/payment-amount';
import { InvoiceSummary } from './invoice-summary';
import { AlreadyPaid, PayLoading, PayNotFound, PaymentSucceeded } from './pay-states';
import { PaymentPanel } from './payment-panel';

/**
 * The public invoice payment page, /pay/{token} and /payment/{token}: loading, not found, already paid,
 * the payment form, and 'Payment Successful!' after a payment. No sign-in.
 */
export function PayPage() {
  const { id: token = '' } = useParams();
  const queryClient = useQueryClient();
  const { data: invoice, isPending, isError, refetch } = usePublicInvoice(token);
  const [done, setDone] = React.useState<PaymentConfirmation | null>(null);
  const { dismiss } = useToast();

  const paid = (confirmation: PaymentConfirmation) => {
    setDone(confirmation);
    dismiss(); // an earlier decline or cancellation is history now
    // The confirmation's figures come from the payments ledger itself; the public invoice catches up a moment later
    // (billing applies the payment's event), so it is not read again here.
    queryClient.setQueryData<PublicInvoice>(publicInvoiceKey(token), (old) =>
      old
        ? {
            ...old,
            amountPaid: confirmation.invoice.amountPaid,
            balanceDue: confirmation.invoice.balanceDue,
            status: confirmation.invoice.paid ? 'paid' : old.status,
          }
        : old,
    );
  };

  if (done && invoice) {
    return (
      <PaymentSucceeded
        invoiceNumber={done.invoice.invoiceNumber}
        currency={invoice.currency}
        paid={done.payment.amount}
        balanceDue={done.invoice.balanceDue}
        settled={done.invoice.paid}
        onPayRest={() => setDone(null)}
      />
    );
  }
  if (isPending) return <PayLoading />;
  if (isError || !invoice) return <PayNotFound />;
  if (isSettled(invoice)) return <AlreadyPaid invoiceNumber={invoice.invoiceNumber} total={invoice.total} currency={invoice.currency} />;

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Pay Invoice {invoice.invoiceNumber}</h1>
        <p className="mt-1 text-muted-foreground">
          {invoice.seller.name} sent you an invoice for {formatMoney(invoice.total, invoice.currency)}, due{' '}
          {formatInvoiceDate(invoice.dueDate)}.
        </p>
      </div>
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-5">
        <div className="lg:col-span-3">
          <InvoiceSummary invoice={invoice} />
        </div>
        <div className="lg:col-span-2">
          {/* A new balance (after a payment) starts the form afresh. */}
          <PaymentPanel key={invoice.balanceDue} invoice={invoice} onPaid={paid} onAlreadyPaid={() => void refetch()} />
        </div>
      </div>
    </div>
  );
}
