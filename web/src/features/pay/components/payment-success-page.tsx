import * as React from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Clock } from 'lucide-react';
import { confirmPayment, usePublicInvoice } from '../api/pay-api';
import { isSettled } from '@/lib/payment-amount';
import { ContinueButton, PayLoading, PayNotFound, PaymentFailedPanel, PaymentSucceeded, ResultPanel } from './pay-states';
import { LinkButton } from '@/components/link-button';
import { paths } from '@/config/paths';
import { formatMoney } from '@/lib/format';

/**
 * /payment/success?invoice={token} (areas §2): where Stripe returns the payer after a redirect payment method, with
 * `payment_intent` and `redirect_status` added. A succeeded one is confirmed with the server once (Stripe's webhook
 * records it too), then the invoice says where it stands: paid, or what is left to pay.
 */
export function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('invoice') ?? '';
  const intentId = params.get('payment_intent');
  const status = params.get('redirect_status');
  const confirming = useConfirmReturn(token, status === 'succeeded' ? intentId : null);
  const { data: invoice, isPending, isError } = usePublicInvoice(token, { enabled: !confirming });

  if (status === 'failed' || status === 'requires_payment_method') return <PaymentFailedPanel token={token} />;
  if (confirming || (isPending && token)) return <PayLoading />;
  if (isError || !invoice) return <PayNotFound />;
  const settled = isSettled(invoice);
  if (settled || status === 'succeeded') {
    return (
      <PaymentSucceeded
        invoiceNumber={invoice.invoiceNumber}
        currency={invoice.currency}
        balanceDue={invoice.balanceDue}
        settled={settled}
        onPayRest={() => void navigate(paths.pay.getHref(token))}
      />
    );
  }
  const processing = status === 'processing';
  return (
    <ResultPanel
      icon={Clock}
      tone="muted"
      title={processing ? 'Payment Processing' : `Invoice ${invoice.invoiceNumber}`}
      actions={
        <>
          <LinkButton to={paths.pay.getHref(token)} variant="outline">
            Pay remaining balance
          </LinkButton>
          <ContinueButton />
        </>
      }
    >
      {processing && <p className="text-muted-foreground">Your payment is being processed. The balance below changes once it completes.</p>}
      <p className="font-medium">
        Remaining balance: <span data-testid="remaining-balance">{formatMoney(invoice.balanceDue, invoice.currency)}</span>
      </p>
    </ResultPanel>
  );
}

/** Confirms a returned payment intent with the server once; true while that is under way. */
function useConfirmReturn(token: string, intentId: string | null): boolean {
  const [pending, setPending] = React.useState(intentId !== null && token !== '');
  const started = React.useRef(false);
  React.useEffect(() => {
    if (!intentId || !token || started.current) return;
    started.current = true;
    // A failure changes nothing for the payer: the webhook records the payment, the invoice below says where it stands.
    void confirmPayment({ paymentIntentId: intentId, invoiceId: token })
      .catch(() => undefined)
      .finally(() => setPending(false));
  }, [intentId, token]);
  return pending;
}
