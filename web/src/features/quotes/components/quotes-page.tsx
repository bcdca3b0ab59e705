import * as React from 'react';
import { useNavigate } from 'react-router-dom';
import { FileSignature, Plus } from 'lucide-react';
import type { QuoteStatus } from '@billpoint/proto';
import { FilterSelect, ListBody, ListFilterBar, ListPage, ListTable, useListSearch } from '@/components/list-page';
import { LinkButton } from '@/components/link-button';
import { paths } from '@/config/paths';
import { usePermissions } from '@/lib/auth';
import { useQuotes } from '../api/get-quotes';
import { quoteColumns } from './quote-columns';
import { QuoteSummaryCards } from './quote-summary-cards';

const ALL = 'all' as const;
const STATUSES: readonly { value: QuoteStatus | typeof ALL; label: string }[] = [
  { value: ALL, label: 'All Statuses' },
  { value: 'draft', label: 'Draft' },
  { value: 'sent', label: 'Sent' },
  { value: 'viewed', label: 'Viewed' },
  { value: 'accepted', label: 'Accepted' },
  { value: 'declined', label: 'Declined' },
  { value: 'expired', label: 'Expired' },
  { value: 'converted', label: 'Converted' },
];

/** /quotes: the cards, search and status filter, and the quotes (a table from 768 px, stacked rows on a phone). */
export function QuotesPage() {
  const navigate = useNavigate();
  const search = useListSearch();
  const [status, setStatus] = React.useState<QuoteStatus | typeof ALL | undefined>(undefined);
  const { term } = search;
  const statusFilter = status && status !== ALL ? status : '';
  const list = useQuotes({ search: term, status: statusFilter });
  const can = usePermissions();
  const createButton = can('quotes.write') ? (
    <LinkButton to={paths.quoteCreate.getHref()} icon={Plus}>
      Create Quote
    </LinkButton>
  ) : undefined;

  return (
    <ListPage
      title="Quotes"
      description="Price your work before you invoice it: send quotes, see them accepted, turn them into invoices"
      actions={createButton}
      cards={<QuoteSummaryCards />}
      filters={
        <ListFilterBar
          search={{ label: 'Search quotes', placeholder: 'Search quotes...', ...search }}
          count={{ list, shown: list.quotes.length, noun: ['quote', 'quotes'], testId: 'quotes-total' }}
        >
          <FilterSelect
            label="Filter by status"
            placeholder="Filter by status"
            value={status}
            onChange={setStatus}
            options={STATUSES}
            className="sm:w-48"
          />
        </ListFilterBar>
      }
    >
      <ListBody
        list={list}
        shown={list.quotes.length}
        what="quotes"
        filtered={term !== '' || statusFilter !== ''}
        empty={{
          icon: FileSignature,
          title: 'No quotes yet',
          description: 'Create your first quote and send it to a customer to accept',
          action: createButton,
        }}
        noMatch={{ icon: FileSignature, title: 'No quotes match your filters', description: 'Try adjusting your search criteria' }}
      >
        <ListTable
          label="Quotes"
          columns={quoteColumns(can)}
          rows={list.quotes}
          testId="quote-row"
          list={list}
          onRowClick={(quote) => void navigate(paths.quote.getHref(quote.id))}
        />
      </ListBody>
    </ListPage>
  );
}
