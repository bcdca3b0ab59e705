import { Download, Eye, Pencil } from 'lucide-react';
import type { Permission, Quote } from '@billpoint/proto';
import { IconAction } from '@/components/icon-action';
import type { Column } from '@/components/list-page';
import { paths } from '@/config/paths';
import { formatMoney, formatShortDate } from '@/lib/format';
import { openQuotePdf } from '@/lib/quotes';
import { quoteActions } from '../lib/quote-actions';
import { QuoteStatusBadge } from './quote-status-badge';

function QuoteRowActions({ quote, can }: { quote: Quote; can: (p: Permission) => boolean }) {
  const n = quote.quoteNumber;
  const allowed = quoteActions(quote, can);
  return (
    <div className="flex">
      <IconAction label="View quote" name={`View quote: ${n}`} icon={Eye} to={paths.quote.getHref(quote.id)} />
      <IconAction label="Download PDF" name={`Download PDF: ${n}`} icon={Download} onClick={() => openQuotePdf(quote.id)} />
      {allowed.edit && <IconAction label="Edit quote" name={`Edit quote: ${n}`} icon={Pencil} to={paths.quoteEdit.getHref(quote.id)} />}
    </div>
  );
}

/** Quote, Customer, Amount, Status, Issue Date, Valid Until, Actions. */
export function quoteColumns(can: (p: Permission) => boolean): Column<Quote>[] {
  return [
    { header: 'Quote', stack: 'primary', className: 'font-medium', cell: (quote) => quote.quoteNumber },
    {
      header: 'Customer',
      cell: (quote) =>
        quote.customer ? (
          <>
            <div className="font-medium break-words">{quote.customer.name}</div>
            <div className="text-xs break-all text-muted-foreground">{quote.customer.email}</div>
          </>
        ) : (
          <span className="text-muted-foreground">Unknown customer</span>
        ),
    },
    {
      header: 'Amount',
      className: 'tabular-nums',
      testId: 'quote-row-total',
      cell: (quote) => formatMoney(quote.total, quote.currency || 'USD'),
    },
    { header: 'Status', cell: (quote) => <QuoteStatusBadge status={quote.status} /> },
    { header: 'Issue Date', cell: (quote) => formatShortDate(quote.issueDate) },
    { header: 'Valid Until', cell: (quote) => formatShortDate(quote.validUntil) },
    { header: 'Actions', stack: 'actions', hideHeader: true, cell: (quote) => <QuoteRowActions quote={quote} can={can} /> },
  ];
}
