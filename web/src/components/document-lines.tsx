import type * as React from 'react';
import type { InvoiceItem } from '@billpoint/proto';
import { percentLabel, rateLabel } from '@/components/line-tax-field';
import { useIsPhone } from '@/components/list-page';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatMoney } from '@/lib/format';
import { formatQuantity, viewFigures } from '@/lib/line-items';

/** One labelled figure of a document's details (Issue Date, Valid Until …). */
export function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="space-y-1">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium">{children}</dd>
    </div>
  );
}

/** A line taxed at nothing: no tax rate and no percentage. */
const isUntaxed = (item: InvoiceItem) => item.taxRateId == null && Number(item.taxRate) === 0;

/** A line's tax: its amount, and beneath it the rate it was taxed at ("VAT 20% (20%)", or the bare "8.25%"); `none` for none. */
function LineTax({ item, money, none = '—' }: { item: InvoiceItem; money: (v: string) => string; none?: string }) {
  if (isUntaxed(item)) return <span className="text-muted-foreground">{none}</span>;
  return (
    <>
      {money(item.taxAmount)}
      <span className="block text-xs text-muted-foreground">
        {item.taxRateName ? rateLabel(item.taxRateName, item.taxRate) : `${percentLabel(item.taxRate)}%`}
      </span>
    </>
  );
}

/**
 * The lines of an invoice or a quote as stored: Description, Qty, Rate, Tax, Amount — a table from 768 px; on a phone
 * a list (the description, then quantity × rate, tax and amount beneath), so no column is cut off.
 */
export function DocumentLinesTable({
  items,
  currency,
  label,
  testId,
}: {
  items: readonly InvoiceItem[];
  currency: string;
  label: string;
  /** Each row's test id (its tax cell: `<testId>-tax`). */
  testId: string;
}) {
  const money = (v: string) => formatMoney(v, currency);
  if (useIsPhone())
    return (
      <ul aria-label={label} className="divide-y">
        {items.map((item) => (
          <li key={item.id} data-testid={testId} className="space-y-1 py-3 text-sm first:pt-0 last:pb-0">
            <p className="font-medium break-words">{item.description}</p>
            <div className="flex items-start justify-between gap-4">
              <div className="min-w-0 text-muted-foreground">
                <p className="tabular-nums">
                  {formatQuantity(item.quantity)} × {money(item.rate)}
                </p>
                <div className="tabular-nums" data-testid={`${testId}-tax`}>
                  {!isUntaxed(item) && 'Tax '}
                  <LineTax item={item} money={money} none="No tax" />
                </div>
              </div>
              <p className="font-medium tabular-nums">{money(item.amount)}</p>
            </div>
          </li>
        ))}
      </ul>
    );
  return (
    <Table aria-label={label}>
      <TableHeader>
        <TableRow>
          <TableHead>Description</TableHead>
          <TableHead className="text-right">Qty</TableHead>
          <TableHead className="text-right">Rate</TableHead>
          <TableHead className="text-right">Tax</TableHead>
          <TableHead className="text-right">Amount</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {items.map((item) => (
          <TableRow key={item.id} data-testid={testId}>
            <TableCell className="whitespace-normal">{item.description}</TableCell>
            <TableCell className="text-right tabular-nums">{formatQuantity(item.quantity)}</TableCell>
            <TableCell className="text-right tabular-nums">{money(item.rate)}</TableCell>
            <TableCell className="text-right tabular-nums" data-testid={`${testId}-tax`}>
              <LineTax item={item} money={money} />
            </TableCell>
            <TableCell className="text-right tabular-nums">{money(item.amount)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** One row of a summary: label and figure; `strong` is the total line. */
export function SummaryRow({ label, value, strong, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <div className={strong ? 'flex justify-between gap-4 border-t pt-2 text-base font-semibold' : 'flex justify-between gap-4'}>
      <dt className={strong ? undefined : 'text-muted-foreground'}>{label}</dt>
      <dd className="tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** Subtotal, Tax and Total of the stored lines (see viewFigures), then whatever the document adds (`children`). */
export function DocumentSummary({
  items,
  currency,
  testId,
  children,
}: {
  items: readonly InvoiceItem[];
  currency: string;
  testId: string;
  children?: React.ReactNode;
}) {
  const { subtotal, tax, total } = viewFigures(items);
  const money = (v: string) => formatMoney(v, currency);
  return (
    <dl className="space-y-2 text-sm" data-testid={testId}>
      <SummaryRow label="Subtotal" value={money(subtotal)} />
      <SummaryRow label="Tax" value={money(tax)} />
      <SummaryRow label="Total" value={money(total)} strong />
      {children}
    </dl>
  );
}
