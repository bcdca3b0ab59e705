import type { RecurringInvoice } from '@billpoint/proto';
import type { Column } from '@/components/list-page';
import { formatMoney, formatShortDate } from '@/lib/format';
import { invoiceCount } from '../lib/subscription-form';
import { FrequencyBadge, SubscriptionStatusBadge } from './subscription-badges';
import { SubscriptionActions } from './subscription-actions';

/** The columns: Subscription (with 'N invoices generated'), Customer, Frequency, Amount, Next Invoice, Status, Actions. */
export const SUBSCRIPTION_COLUMNS: Column<RecurringInvoice>[] = [
  {
    header: 'Subscription',
    stack: 'primary',
    cell: (s) => (
      <>
        <div className="font-medium">{s.name}</div>
        <div className="text-xs text-muted-foreground">{`${invoiceCount(s.totalInvoicesGenerated)} generated`}</div>
      </>
    ),
  },
  { header: 'Customer', cell: (s) => s.customer?.name ?? <span className="text-muted-foreground">Unknown customer</span> },
  { header: 'Frequency', cell: (s) => <FrequencyBadge frequency={s.frequency} /> },
  { header: 'Amount', className: 'tabular-nums', cell: (s) => formatMoney(s.total, s.currency) },
  // A paused schedule bills nothing until resumed, and then from the next future date: no date to show.
  { header: 'Next Invoice', cell: (s) => (s.isActive && s.nextInvoiceDate ? formatShortDate(s.nextInvoiceDate) : '—') },
  { header: 'Status', cell: (s) => <SubscriptionStatusBadge subscription={s} /> },
  { header: 'Actions', stack: 'actions', cell: (s) => <SubscriptionActions subscription={s} /> },
];
