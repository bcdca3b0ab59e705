import { toMills, type Invoice } from '@billpoint/proto';
import { formatMoney } from '@/lib/format';
import { isPartlyPaid } from '@/lib/payment-amount';

/** Credit notes or customer credit took something off the invoice. */
const isCredited = (invoice: Invoice) => toMills(invoice.creditedAmount ?? '0') > 0n || toMills(invoice.creditApplied ?? '0') > 0n;

/**
 * Under the total in the invoice list: what was paid and what is due, when the invoice is paid in part or credited
 * with something still due (the balance after credits).
 */
export function PartPaidNote({ invoice }: { invoice: Invoice }) {
  const creditedAndDue = isCredited(invoice) && toMills(invoice.balanceDue) > 0n;
  if (!isPartlyPaid(invoice) && !creditedAndDue) return null;
  const currency = invoice.currency || 'USD';
  return (
    <div className="text-xs text-muted-foreground" data-testid="invoice-part-paid">
      {toMills(invoice.amountPaid) > 0n && <div>Amount paid: {formatMoney(invoice.amountPaid, currency)}</div>}
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

/**
 * The view's rows under the total once credit notes or customer credit touched the invoice: what was credited
 * (every credit note), the customer's credit applied, what was paid, and the balance after all of it (the API's
 * balanceDue). Without either, the part-paid rows as before.
 */
export function SettlementRows({ invoice }: { invoice: Invoice }) {
  if (!isCredited(invoice)) return <PartPaidRows invoice={invoice} />;
  const credited = toMills(invoice.creditedAmount ?? '0') > 0n;
  const applied = toMills(invoice.creditApplied ?? '0') > 0n;
  const currency = invoice.currency || 'USD';
  const money = (v: string) => formatMoney(v, currency);
  const row = (label: string, value: string, testId: string) => (
    <div className="flex justify-between gap-4">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
  return (
    <>
      {credited && row('Credited', `−${money(invoice.creditedAmount)}`, 'invoice-credited')}
      {applied && row('Credit applied', `−${money(invoice.creditApplied)}`, 'invoice-credit-applied')}
      {toMills(invoice.amountPaid) > 0n && row('Amount paid', money(invoice.amountPaid), 'invoice-amount-paid')}
      <div className="flex justify-between gap-4 font-semibold">
        <dt>Balance due</dt>
        <dd className="tabular-nums" data-testid="invoice-balance-due">
          {money(invoice.balanceDue)}
        </dd>
      </div>
    </>
  );
}
