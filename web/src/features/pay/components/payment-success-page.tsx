import * as React from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Clock } from 'lucide-react';
import type { PaymentConfirmation } from '@billpoint/proto';
import { confirmPayment, usePublicInvoice } from '../api/pay-api';
import { isSettled } from '@/lib/payment-amount';
import { ContinueButton, ResultPanel } from '@/components/result-panel';
import { PayLoading, PayNotFound, PaymentFailedPanel, PaymentSucceeded } from './pay-states';
import { LinkButton } from '@/components/link-button';
import { paths } from '@/config/paths';
import { formatMoney } from '@/lib/format';

/**
 * /payment/success?invoice={token}: where Stripe returns the payer after a redirect payment method, with
 * `payment_intent` and `redirect_status` added. A succeeded one is confirmed with the server once (Stripe's webhook
 * records it too), then the invoice says where it stands: paid, or what is left to pay.
 */
export function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('invoice') ?? '';
  const intentId = params.get('payment_intent');
  const status = params.get('redirect_status');
  const confirmed = useConfirmReturn(token, status === 'succeeded' ? intentId : null);
  const confirming = confirmed === 'pending';
  const { data: invoice, isPending, isError } = usePublicInvoice(token, { enabled: !confirming && !confirmed });
  const payRest = () => void navigate(paths.pay.getHref(token));

  if (status === 'failed' || status === 'requires_payment_method') return <PaymentFailedPanel token={token} />;
  if (confirming) return <PayLoading />;
  if (confirmed) {
    // The payments ledger's own figures: the public invoice hears of the payment a moment later.
    return (
      <PaymentSucceeded
        invoiceNumber={confirmed.invoice.invoiceNumber}
        currency={confirmed.payment.currency}
        paid={confirmed.payment.amount}
        balanceDue={confirmed.invoice.balanceDue}
        settled={confirmed.invoice.paid}
        onPayRest={payRest}
      />
    );
  }
  if (isPending && token) return <PayLoading />;
  if (isError || !invoice) return <PayNotFound />;
  const settled = isSettled(invoice);
  if (settled || status === 'succeeded') {
    return (
      <PaymentSucceeded
        invoiceNumber={invoice.invoiceNumber}
        currency={invoice.currency}
        balanceDue={invoice.balanceDue}
        settled={settled}
        onPayRest={payRest}
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

/**
 * Confirms a returned payment intent with the server once: 'pending' meanwhile, then what the server recorded, or
 * null (nothing to confirm, or it failed — the webhook records the payment and the invoice shows where it stands).
 */
function useConfirmReturn(token: string, intentId: string | null): PaymentConfirmation | 'pending' | null {
  const [state, setState] = React.useState<PaymentConfirmation | 'pending' | null>(intentId && token ? 'pending' : null);
  const started = React.useRef(false);
  React.useEffect(() => {
    if (!intentId || !token || started.current) return;
    started.current = true;
    confirmPayment({ paymentIntentId: intentId, invoiceId: token }).then(setState, () => setState(null));
  }, [intentId, token]);
  return state;
}
