import * as React from 'react';
import { Plus, Repeat } from 'lucide-react';
import { Frequencies, type RecurringListQuery } from '@billpoint/proto';
import { FilterSelect, ListBody, ListFilterBar, ListPage, ListTable, useListSearch } from '@/components/list-page';
import { LinkButton } from '@/components/link-button';
import { paths } from '@/config/paths';
import { useSubscriptions } from '../api/get-subscriptions';
import { STATUS_OPTIONS } from '../lib/status-options';
import { SUBSCRIPTION_COLUMNS } from './subscription-columns';
import { SummaryCards } from './summary-cards';
import { usePermission } from '@/lib/auth';
import { FREQUENCY_LABELS } from '@/lib/labels';

type Status = RecurringListQuery['status'];
type FrequencyFilter = RecurringListQuery['frequency'];

const STATUSES = STATUS_OPTIONS;
const FREQUENCIES: { value: FrequencyFilter; label: string }[] = [
  { value: 'all', label: 'All Frequencies' },
  ...Frequencies.map((f) => ({ value: f, label: FREQUENCY_LABELS[f] })),
];

const createButton = (
  <LinkButton to={paths.subscriptionCreate.getHref()} icon={Plus}>
    Create Subscription
  </LinkButton>
);

/** Recurring invoices: the four cards, search and filters on the server, the table, Load more. */
export function SubscriptionsPage() {
  const search = useListSearch();
  const [status, setStatus] = React.useState<Status>('all');
  const [frequency, setFrequency] = React.useState<FrequencyFilter>('all');
  const { term } = search;
  const list = useSubscriptions({ search: term, status, frequency });
  const canManage = usePermission('recurring.manage');

  return (
    <ListPage
      title="Recurring Invoices"
      description="Bill your customers automatically on a schedule."
      actions={canManage && createButton}
      cards={<SummaryCards />}
      filters={
        <ListFilterBar
          search={{ label: 'Search subscriptions', placeholder: 'Search by name or customer...', ...search }}
          count={{ list, shown: list.subscriptions.length, noun: ['subscription', 'subscriptions'], testId: 'subscriptions-total' }}
        >
          <FilterSelect label="Filter by status" value={status} onChange={setStatus} options={STATUSES} />
          <FilterSelect label="Filter by frequency" value={frequency} onChange={setFrequency} options={FREQUENCIES} />
        </ListFilterBar>
      }
    >
      <ListBody
        list={list}
        shown={list.subscriptions.length}
        what="subscriptions"
        filtered={term !== '' || status !== 'all' || frequency !== 'all'}
        empty={{
          icon: Repeat,
          title: 'No subscriptions yet.',
          description: 'Create a subscription to invoice a customer on a schedule.',
          action: canManage && createButton,
        }}
        noMatch={{
          icon: Repeat,
          title: 'No subscriptions found matching your filters.',
          description: 'Try another search, status or frequency.',
        }}
      >
        <ListTable label="Subscriptions" columns={SUBSCRIPTION_COLUMNS} rows={list.subscriptions} testId="subscription-row" list={list} />
      </ListBody>
    </ListPage>
  );
}
