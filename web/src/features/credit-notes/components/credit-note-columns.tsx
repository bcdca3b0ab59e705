import { Eye, FileDown } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { CreditNote } from '@billpoint/proto';
import type { Column } from '@/components/list-page';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { WithTooltip } from '@/components/ui/tooltip';
import { IconAction } from '@/components/icon-action';
import { EInvoiceMenu } from '@/components/e-invoice-menu';
import { paths } from '@/config/paths';
import { creditNotePdfHref, creditNoteStatusLabel, creditNoteStatusVariant, RESOLUTION_LABELS } from '@/lib/credit-notes';
import { formatMoney, formatShortDate } from '@/lib/format';

/** The PDF opens in a new tab (a plain link: the browser shows it inline). */
function PdfAction({ note }: { note: CreditNote }) {
  return (
    <WithTooltip label="Download PDF">
      <Button asChild variant="ghost" size="icon" className="size-8">
        <a
          href={creditNotePdfHref(note.id)}
          target="_blank"
          rel="noopener"
          aria-label={`Download PDF: ${note.creditNoteNumber}`}
          onClick={(e) => e.stopPropagation()}
        >
          <FileDown aria-hidden="true" />
        </a>
      </Button>
    </WithTooltip>
  );
}

/** Credit note, Invoice, Customer, Date, Resolution, Status, Total, Actions (the PDF, the e-invoice; the invoice it corrects). */
export const creditNoteColumns: Column<CreditNote>[] = [
  {
    header: 'Credit note',
    stack: 'primary',
    className: 'font-medium',
    testId: 'credit-note-number',
    cell: (n) => <span className="font-medium">{n.creditNoteNumber}</span>,
  },
  {
    header: 'Invoice',
    cell: (n) => (
      <Link
        className="text-primary underline-offset-4 hover:underline"
        to={paths.invoice.getHref(n.invoiceId)}
        onClick={(e) => e.stopPropagation()}
      >
        {n.invoiceNumber}
      </Link>
    ),
  },
  {
    header: 'Customer',
    className: 'whitespace-normal',
    cell: (n) => <span className="break-words">{n.customer?.name ?? 'Unknown customer'}</span>,
  },
  { header: 'Date', cell: (n) => formatShortDate(n.issueDate) },
  { header: 'Resolution', testId: 'credit-note-resolution', cell: (n) => RESOLUTION_LABELS[n.resolution] },
  {
    header: 'Status',
    cell: (n) => (
      <Badge variant={creditNoteStatusVariant(n)} data-testid="credit-note-status">
        {creditNoteStatusLabel(n)}
      </Badge>
    ),
  },
  {
    header: 'Total',
    align: 'right',
    className: 'tabular-nums font-medium',
    testId: 'credit-note-total',
    cell: (n) => formatMoney(n.total, n.currency),
  },
  {
    header: 'Actions',
    hideHeader: true,
    stack: 'actions',
    cell: (n) => (
      <div className="flex justify-end">
        <PdfAction note={n} />
        <EInvoiceMenu target={{ kind: 'credit-note', id: n.id }} compactLabel={`Download e-invoice: ${n.creditNoteNumber}`} />
        <IconAction
          label="View invoice"
          name={`View invoice ${n.invoiceNumber} of ${n.creditNoteNumber}`}
          icon={Eye}
          to={paths.invoice.getHref(n.invoiceId)}
        />
      </div>
    ),
  },
];
