import { toMills, type Invoice, type Payment } from '@billpoint/proto';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatMoney, formatShortDate } from '@/lib/format';
import { labelOf, PAYMENT_STATUS_LABELS } from '@/lib/labels';
import { usePayments } from '../api/payments';
import { RecordPaymentDialog } from './record-payment-dialog';
import { usePermission } from '@/lib/auth';
import { PAYMENT_METHOD_LABELS } from '@/lib/payment-methods';

const METHOD_LABELS = PAYMENT_METHOD_LABELS;

/**
 * Attempts the payer never finished (a pay page opened, a card form shown), and attempts cancelled (refused before
 * money was taken, or expired unused) are not payments.
 */
const shown = (p: Payment) => p.status !== 'pending' && p.status !== 'cancelled';
/** Never counted: a failed attempt, money refunded as an overpayment. */
const struck = (p: Payment) => p.status === 'failed' || p.status === 'overpaid';

function PaymentRow({ payment }: { payment: Payment }) {
  return (
    <li className="flex items-start justify-between gap-3 py-2" data-testid="invoice-payment">
      <div className="min-w-0">
        <p className="font-medium">{METHOD_LABELS[payment.paymentMethod]}</p>
        <p className="text-xs text-muted-foreground">
          {formatShortDate(payment.paymentDate)}
          {payment.reference && ` · ${payment.reference}`}
        </p>
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1">
        <span className={struck(payment) ? 'tabular-nums text-muted-foreground line-through' : 'tabular-nums font-medium'}>
          {formatMoney(payment.amount, payment.currency)}
        </span>
        {payment.status === 'completed' && toMills(payment.refundedAmount) > 0n && (
          <span className="text-xs text-muted-foreground" data-testid="invoice-payment-refunded">
            {formatMoney(payment.refundedAmount, payment.currency)} refunded
          </span>
        )}
        {payment.status !== 'completed' && (
          <Badge variant={struck(payment) ? 'destructive' : 'secondary'}>{labelOf(PAYMENT_STATUS_LABELS, payment.status)}</Badge>
        )}
      </div>
    </li>
  );
}

/** The invoice's payments (pay page, provider webhooks, recorded by hand) and the way to record one. */
export function InvoicePayments({ invoice }: { invoice: Invoice }) {
  const { data, isPending, isError } = usePayments(invoice.id);
  const payments = (data ?? []).filter(shown);
  const canRecord = usePermission('payments.record');
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle>Payments</CardTitle>
        {canRecord && <RecordPaymentDialog invoice={invoice} />}
      </CardHeader>
      <CardContent>
        {isPending ? (
          <Skeleton className="h-10 w-full" />
        ) : isError ? (
          <p className="text-sm text-muted-foreground">The payments could not be loaded.</p>
        ) : payments.length === 0 ? (
          <p className="text-sm text-muted-foreground">No payments recorded yet.</p>
        ) : (
          <ul className="divide-y text-sm" aria-label="Payments">
            {payments.map((p) => (
              <PaymentRow key={p.id} payment={p} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
