import type { RecurringInvoice } from '@billpoint/proto';
import { Card } from '@/components/ui/card';
import { TableSkeletonRows } from '@/components/list-parts';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatMoney, formatShortDate } from '@/lib/format';
import { invoiceCount } from '../lib/subscription-form';
import { FrequencyBadge, SubscriptionStatusBadge } from './subscription-badges';
import { SubscriptionActions } from './subscription-actions';

const COLUMNS = ['Subscription', 'Customer', 'Frequency', 'Amount', 'Next Invoice', 'Status', 'Actions'];
const SKELETON_ROWS = 5;

function SubscriptionRow({ subscription: s }: { subscription: RecurringInvoice }) {
  return (
    <TableRow data-testid="subscription-row">
      <TableCell>
        <div className="font-medium">{s.name}</div>
        <div className="text-xs text-muted-foreground">{`${invoiceCount(s.totalInvoicesGenerated)} generated`}</div>
      </TableCell>
      <TableCell>{s.customer?.name ?? <span className="text-muted-foreground">Unknown customer</span>}</TableCell>
      <TableCell>
        <FrequencyBadge frequency={s.frequency} />
      </TableCell>
      <TableCell className="tabular-nums">{formatMoney(s.total, s.currency)}</TableCell>
      {/* A paused schedule bills nothing until resumed, and then from the next future date: no date to show. */}
      <TableCell>{s.isActive && s.nextInvoiceDate ? formatShortDate(s.nextInvoiceDate) : '—'}</TableCell>
      <TableCell>
        <SubscriptionStatusBadge subscription={s} />
      </TableCell>
      <TableCell>
        <SubscriptionActions subscription={s} />
      </TableCell>
    </TableRow>
  );
}

/** Areas §2: Subscription (with 'N invoices generated'), Customer, Frequency, Amount, Next Invoice, Status, Actions. */
export function SubscriptionsTable({
  subscriptions,
  loading,
  busy,
}: {
  subscriptions: RecurringInvoice[];
  loading: boolean;
  busy: boolean;
}) {
  return (
    <Card className="py-2">
      <Table aria-label="Subscriptions" aria-busy={busy}>
        <TableHeader>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableHead key={column} className="first:pl-4">
                {column}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody className="[&_td:first-child]:pl-4">
          {loading ? (
            <TableSkeletonRows columns={COLUMNS} rows={SKELETON_ROWS} testId="subscription-row-skeleton" />
          ) : (
            subscriptions.map((s) => <SubscriptionRow key={s.id} subscription={s} />)
          )}
        </TableBody>
      </Table>
    </Card>
  );
}
