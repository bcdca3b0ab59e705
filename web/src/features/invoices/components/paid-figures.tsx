import type { Invoice } from '@billpoint/proto';
import { formatMoney } from '@/lib/format';
import { isPartlyPaid } from '@/lib/payment-amount';

/** Under the total in the invoice list: what was paid and what is due, when the invoice is paid in part. */
export function PartPaidNote({ invoice }: { invoice: Invoice }) {
  if (!isPartlyPaid(invoice)) return null;
  const currency = invoice.currency || 'USD';
  return (
    <div className="text-xs text-muted-foreground" data-testid="invoice-part-paid">
      <div>Amount paid: {formatMoney(invoice.amountPaid, currency)}</div>
      <div>Balance due: {formatMoney(invoice.balanceDue, currency)}</div>
    </div>
  );
}

/** The view's summary rows for an invoice paid in part. */
export function PartPaidRows({ invoice }: { invoice: Invoice }) {
  if (!isPartlyPaid(invoice)) return null;
  const currency = invoice.currency || 'USD';
  return (
    <>
      <div className="flex justify-between gap-4">
        <dt className="text-muted-foreground">Amount paid</dt>
        <dd className="tabular-nums">{formatMoney(invoice.amountPaid, currency)}</dd>
      </div>
      <div className="flex justify-between gap-4 font-semibold">
        <dt>Balance due</dt>
        <dd className="tabular-nums">{formatMoney(invoice.balanceDue, currency)}</dd>
      </div>
    </>
  );
}
