import type * as React from 'react';
import { SummaryRow } from '@/components/document-lines';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatMoney } from '@/lib/format';
import { formatQuantity, isZeroMoney } from '@/lib/line-items';

/** What the public pages (the pay page, the quote page) show of a document to someone without an account. */

/** Who the document is for: name, e-mail and address under a caption ("Billed to", "Prepared for"). */
export function PublicParty({
  caption,
  customer,
}: {
  caption: string;
  customer: { name: string; email: string | null; address: string | null } | null;
}) {
  return (
    <div className="min-w-0 space-y-1">
      <dt className="text-xs text-muted-foreground">{caption}</dt>
      <dd className="font-medium break-words">{customer?.name ?? '—'}</dd>
      {customer?.email && <dd className="break-all text-muted-foreground">{customer.email}</dd>}
      {customer?.address && <dd className="whitespace-pre-line text-muted-foreground">{customer.address}</dd>}
    </div>
  );
}

/** A labelled date beside the party. */
export function PublicDate({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div className="space-y-1">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-medium" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

export interface PublicLine {
  description: string;
  quantity: string;
  unitPrice: string;
  amount: string;
}

export function PublicLinesTable({
  items,
  currency,
  label,
  testId,
}: {
  items: readonly PublicLine[];
  currency: string;
  label: string;
  testId: string;
}) {
  const money = (v: string) => formatMoney(v, currency);
  return (
    <Table aria-label={label}>
      <TableHeader>
        <TableRow>
          <TableHead>Description</TableHead>
          <TableHead className="text-right">Qty</TableHead>
          <TableHead className="text-right">Unit Price</TableHead>
          <TableHead className="text-right">Amount</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {items.map((item, i) => (
          <TableRow key={i} data-testid={testId}>
            <TableCell className="whitespace-normal">{item.description}</TableCell>
            <TableCell className="text-right tabular-nums">{formatQuantity(item.quantity)}</TableCell>
            <TableCell className="text-right tabular-nums">{money(item.unitPrice)}</TableCell>
            <TableCell className="text-right tabular-nums">{money(item.amount)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export interface PublicFiguresOf {
  currency: string;
  subtotal: string;
  discountAmount: string;
  shippingAmount: string;
  taxAmount: string;
  total: string;
}

/** Subtotal, discount and shipping when there are any, tax and total; `children`: rows under the total. */
export function PublicFigures({
  doc,
  testId,
  totalTestId,
  children,
}: {
  doc: PublicFiguresOf;
  testId: string;
  totalTestId?: string;
  children?: React.ReactNode;
}) {
  const money = (v: string) => formatMoney(v, doc.currency);
  return (
    <dl className="ml-auto max-w-xs space-y-2 text-sm" data-testid={testId}>
      <SummaryRow label="Subtotal" value={money(doc.subtotal)} />
      {!isZeroMoney(doc.discountAmount) && <SummaryRow label="Discount" value={`-${money(doc.discountAmount)}`} />}
      {!isZeroMoney(doc.shippingAmount) && <SummaryRow label="Shipping" value={money(doc.shippingAmount)} />}
      <SummaryRow label="Tax" value={money(doc.taxAmount)} />
      <SummaryRow label="Total" value={money(doc.total)} strong testId={totalTestId} />
      {children}
    </dl>
  );
}
