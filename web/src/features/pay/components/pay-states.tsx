import { CircleCheck, CircleX } from 'lucide-react';
import { PaymentMessages } from '@billpoint/proto';
import { LinkButton } from '@/components/link-button';
import { Button } from '@/components/ui/button';
import { ContinueButton, NotFoundPanel, ResultPanel } from '@/components/result-panel';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { formatMoney } from '@/lib/format';

export function PayLoading() {
  return <Spinner label="Loading invoice" showLabel className="py-24" />;
}

/** Any failure to load the public invoice. */
export function PayNotFound() {
  return <NotFoundPanel title={PaymentMessages.notFoundTitle} message={PaymentMessages.notFound} />;
}

/** Nothing left to pay. */
export function AlreadyPaid({ invoiceNumber, total, currency }: { invoiceNumber: string; total: string; currency: string }) {
  return (
    <ResultPanel icon={CircleCheck} tone="success" title={PaymentMessages.alreadyPaid} actions={<ContinueButton />}>
      <p className="text-muted-foreground">
        Invoice {invoiceNumber} for {formatMoney(total, currency)} has been paid in full. Thank you!
      </p>
    </ResultPanel>
  );
}

/**
 * After a payment went through: what was paid, and either "paid in full" or what is left (with a way back to the
 * form for the rest). Continue goes to '/'.
 */
export function PaymentSucceeded({
  invoiceNumber,
  currency,
  paid,
  balanceDue,
  settled,
  onPayRest,
}: {
  invoiceNumber: string;
  currency: string;
  /** This payment, when known. */
  paid?: string;
  balanceDue: string;
  settled: boolean;
  onPayRest?: () => void;
}) {
  const money = (v: string) => formatMoney(v, currency);
  return (
    <ResultPanel
      icon={CircleCheck}
      tone="success"
      title={PaymentMessages.successTitle}
      actions={
        <>
          {!settled && onPayRest && (
            <Button variant="outline" onClick={onPayRest}>
              Pay remaining balance
            </Button>
          )}
          <ContinueButton />
        </>
      }
    >
      <p className="text-muted-foreground">
        {paid
          ? `Your payment of ${money(paid)} for invoice ${invoiceNumber} was received.`
          : `Your payment for invoice ${invoiceNumber} was received.`}
      </p>
      {settled ? (
        <p className="font-medium">The invoice is paid in full. Thank you!</p>
      ) : (
        <p className="font-medium">
          Remaining balance: <span data-testid="remaining-balance">{money(balanceDue)}</span>
        </p>
      )}
    </ResultPanel>
  );
}

/** A redirect payment the provider refused (the return page). */
export function PaymentFailedPanel({ token }: { token: string }) {
  return (
    <ResultPanel
      icon={CircleX}
      tone="destructive"
      title={PaymentMessages.failedTitle}
      actions={<LinkButton to={paths.pay.getHref(token)}>Try again</LinkButton>}
    >
      <p className="text-muted-foreground">The payment was not completed. You have not been charged.</p>
    </ResultPanel>
  );
}
