import * as React from 'react';
import { useNavigate } from 'react-router-dom';
import { FileMinus } from 'lucide-react';
import type { CreditNoteResolution } from '@billpoint/proto';
import { FilterSelect, ListBody, ListFilterBar, ListPage, ListTable, useListSearch, type ListState } from '@/components/list-page';
import { paths } from '@/config/paths';
import { RESOLUTION_LABELS } from '@/lib/credit-notes';
import { toIsoDate } from '@/lib/format';
import { useAllCreditNotes } from '../api/get-credit-notes';
import { filterCreditNotes, summarize } from '../lib/list-figures';
import { creditNoteColumns } from './credit-note-columns';
import { SummaryCards } from './summary-cards';

const ALL = 'all' as const;
const RESOLUTIONS: readonly { value: CreditNoteResolution | typeof ALL; label: string }[] = [
  { value: ALL, label: 'All resolutions' },
  { value: 'reduce_balance', label: RESOLUTION_LABELS.reduce_balance },
  { value: 'refund', label: RESOLUTION_LABELS.refund },
  { value: 'credit', label: RESOLUTION_LABELS.credit },
];

/** Rows shown at first; "Load more" shows this many more. */
const STEP = 50;

/**
 * Every credit note of the organization, newest first: the figures over all of them, the filters (resolution and a
 * search) and the rows; a row opens the invoice it corrects (which lists its credit notes), its PDF is a click away.
 * The credit notes are read whole (GET /api/credit-notes, every page) and filtered here.
 */
export function CreditNotesPage() {
  const search = useListSearch();
  const navigate = useNavigate();
  const [resolution, setResolution] = React.useState<CreditNoteResolution | typeof ALL | undefined>(undefined);
  const [shown, setShown] = React.useState(STEP);
  const query = useAllCreditNotes();
  const chosen = resolution && resolution !== ALL ? resolution : '';
  const all = React.useMemo(() => query.data ?? [], [query.data]);
  const matching = React.useMemo(() => filterCreditNotes(all, { resolution: chosen, search: search.term }), [all, chosen, search.term]);
  const summary = React.useMemo(() => (query.data ? summarize(query.data, toIsoDate(new Date())) : undefined), [query.data]);
  React.useEffect(() => setShown(STEP), [chosen, search.term]);

  const rows = matching.slice(0, shown);
  const list: ListState = {
    total: matching.length,
    isPending: query.isPending,
    isError: query.isError,
    isFetching: query.isFetching,
    isPlaceholderData: false,
    hasNextPage: rows.length < matching.length,
    isFetchingNextPage: false,
    fetchNextPage: () => setShown((n) => n + STEP),
    refetch: () => void query.refetch(),
  };

  return (
    <ListPage
      title="Credit Notes"
      description="Corrections of issued invoices: what was credited, and where the money went"
      cards={<SummaryCards summary={summary} loading={query.isPending} />}
      filters={
        <ListFilterBar
          search={{ label: 'Search credit notes', placeholder: 'Search credit notes...', ...search }}
          count={{ list, shown: rows.length, noun: ['credit note', 'credit notes'], testId: 'credit-notes-total' }}
        >
          <FilterSelect
            label="Filter by resolution"
            placeholder="Filter by resolution"
            value={resolution}
            onChange={setResolution}
            options={RESOLUTIONS}
            className="sm:w-48"
          />
        </ListFilterBar>
      }
    >
      <ListBody
        list={list}
        shown={rows.length}
        what="credit notes"
        filtered={search.term !== '' || chosen !== ''}
        empty={{
          icon: FileMinus,
          title: 'No credit notes yet',
          description: 'Issue a credit note from an invoice’s page to correct it after it was sent.',
        }}
        noMatch={{ icon: FileMinus, title: 'No credit notes match your filters', description: 'Try adjusting your search criteria' }}
      >
        <ListTable
          label="Credit notes"
          columns={creditNoteColumns}
          rows={rows}
          testId="credit-note-row"
          list={list}
          onRowClick={(n) => void navigate(paths.invoice.getHref(n.invoiceId))}
        />
      </ListBody>
    </ListPage>
  );
}
