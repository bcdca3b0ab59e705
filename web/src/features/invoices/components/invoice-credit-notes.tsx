import { FileDown } from 'lucide-react';
import { inStatusGroup, IssuedInvoiceStatuses, type CreditNote, type Invoice } from '@billpoint/proto';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { usePermission } from '@/lib/auth';
import {
  creditNotePdfHref,
  creditNoteStatusLabel,
  creditNoteStatusVariant,
  RESOLUTION_LABELS,
  useInvoiceCreditNotes,
} from '@/lib/credit-notes';
import { formatMoney, formatShortDate } from '@/lib/format';
import { IssueCreditNoteDialog } from './issue-credit-note-dialog';
import { EInvoiceMenu } from '@/components/e-invoice-menu';
import { TotalInBaseLine } from '@/components/base-currency-details';

/** Only an issued invoice takes credit notes: not a draft, not a cancelled one. */
export const isIssued = (invoice: Pick<Invoice, 'status'>) => inStatusGroup(IssuedInvoiceStatuses, invoice.status);

function CreditNoteRow({ note }: { note: CreditNote }) {
  return (
    <li className="flex items-start justify-between gap-3 py-2" data-testid="invoice-credit-note">
      <div className="min-w-0">
        <a
          className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
          href={creditNotePdfHref(note.id)}
          target="_blank"
          rel="noopener"
          aria-label={`Credit note ${note.creditNoteNumber}, PDF`}
        >
          <FileDown className="size-4 shrink-0" aria-hidden="true" />
          {note.creditNoteNumber}
        </a>
        <p className="text-xs text-muted-foreground">
          {formatShortDate(note.issueDate)} · {RESOLUTION_LABELS[note.resolution]}
        </p>
        <p className="text-xs break-words text-muted-foreground">{note.reason}</p>
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1">
        <span className="flex items-center gap-1">
          <EInvoiceMenu target={{ kind: 'credit-note', id: note.id }} compactLabel={`Download e-invoice: ${note.creditNoteNumber}`} />
          <span className="font-medium tabular-nums">{formatMoney(note.total, note.currency)}</span>
        </span>
        <TotalInBaseLine
          currency={note.currency}
          date={note.issueDate}
          totalInBaseCurrency={note.totalInBaseCurrency}
          testId="credit-note-total-in-base"
        />
        <Badge variant={creditNoteStatusVariant(note)} data-testid="credit-note-status">
          {creditNoteStatusLabel(note)}
        </Badge>
      </div>
    </li>
  );
}

/** The invoice's credit notes (number and PDF, date, resolution, total, refund status) and the way to issue one. */
export function InvoiceCreditNotes({ invoice }: { invoice: Invoice }) {
  const { data, isPending, isError } = useInvoiceCreditNotes(invoice.id);
  const canCreate = usePermission('credit-notes.create');
  const notes = data ?? [];
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>Credit notes</CardTitle>
        {canCreate && isIssued(invoice) && <IssueCreditNoteDialog invoice={invoice} />}
      </CardHeader>
      <CardContent>
        {isPending ? (
          <Skeleton className="h-10 w-full" />
        ) : isError ? (
          <p className="text-sm text-muted-foreground">The credit notes could not be loaded.</p>
        ) : notes.length === 0 ? (
          <p className="text-sm text-muted-foreground">No credit notes for this invoice.</p>
        ) : (
          <ul className="divide-y text-sm" aria-label="Credit notes">
            {notes.map((n) => (
              <CreditNoteRow key={n.id} note={n} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
