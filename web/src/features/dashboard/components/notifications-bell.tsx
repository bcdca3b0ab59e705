import * as React from 'react';
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { usePermissions, useUser } from '@/lib/auth';
import { formatMoney, formatShortDate } from '@/lib/format';
import { paymentMethodLabel } from '@/lib/payment-methods';
import { notificationsQueryOptions, type Notification } from '../api/notifications';

const TEXT = {
  button: 'Notifications',
  buttonUnread: (n: number) => `Notifications (${n} new)`,
  title: 'Notifications',
  empty: 'No notifications. Payments received, failed payments and overdue invoices show here.',
  failed: 'Notifications could not be loaded.',
  received: (amount: string, method: string) => `Payment received: ${amount} by ${method}`,
  paymentFailed: (amount: string, method: string) => `Payment failed: ${amount} by ${method}`,
  overdue: (number: string, amount: string) => `Invoice ${number} is overdue (${amount} due)`,
  on: (date: string) => `on ${date}`,
  dueOn: (date: string) => `due ${date}`,
  new: 'New',
} as const;

function describe(n: Notification): { text: string; when: string } {
  if (n.kind === 'invoice_overdue') {
    const i = n.invoice!;
    return {
      text: TEXT.overdue(i.invoiceNumber, formatMoney(i.balanceDue ?? i.total, i.currency)),
      when: TEXT.dueOn(formatShortDate(i.dueDate)),
    };
  }
  const p = n.payment!;
  const amount = formatMoney(p.amount, p.currency);
  const method = paymentMethodLabel(p.paymentMethod);
  return {
    text: n.kind === 'payment_failed' ? TEXT.paymentFailed(amount, method) : TEXT.received(amount, method),
    when: TEXT.on(formatShortDate(p.paymentDate)),
  };
}

/** Read by this person up to this moment (per browser): what came later is new. */
function useSeen(userId: string | undefined) {
  const key = `billpoint.notifications.seen.${userId ?? 'anonymous'}`;
  const [seen, setSeen] = React.useState(() => localStorage.getItem(key) ?? '');
  const markSeen = (at: string) => {
    localStorage.setItem(key, at);
    setSeen(at);
  };
  return { seen, markSeen };
}

/**
 * The dashboard's bell: the newest payments received, failed payments and overdue invoices, each linking to its
 * invoice; a dot and the count in its name while some are newer than the last look. Not shown to someone who may read
 * neither payments nor invoices.
 */
export function NotificationsBell() {
  const can = usePermissions();
  const { user } = useUser();
  const allowed = { payments: can('payments.read'), invoices: can('invoices.read') };
  const query = useQuery({ ...notificationsQueryOptions(allowed), enabled: allowed.payments || allowed.invoices });
  const { seen, markSeen } = useSeen(user?.id);
  // While the list is open it marks what was new when it opened; the bell itself counts from the new mark.
  const [openedAfter, setOpenedAfter] = React.useState(seen);
  if (!allowed.payments && !allowed.invoices) return null;
  const items = query.data ?? [];
  const unread = items.filter((n) => n.at > seen).length;
  return (
    <Popover
      onOpenChange={(open) => {
        if (!open) return;
        setOpenedAfter(seen);
        if (items[0]) markSeen(items[0].at);
      }}
    >
      <PopoverTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={unread ? TEXT.buttonUnread(unread) : TEXT.button} className="relative">
          <Bell aria-hidden="true" />
          {unread > 0 && (
            <span className="absolute top-2 right-2 size-2 rounded-full bg-red-500" aria-hidden="true" data-testid="unread-dot" />
          )}
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" aria-label={TEXT.title} className="w-[min(22rem,calc(100vw-2rem))] p-0">
        <p className="border-b px-4 py-3 text-sm font-semibold">{TEXT.title}</p>
        {query.isPending ? (
          <div className="space-y-2 p-4" aria-busy="true">
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-2/3" />
          </div>
        ) : query.isError ? (
          <p className="p-4 text-sm text-muted-foreground">{TEXT.failed}</p>
        ) : items.length === 0 ? (
          <p className="p-4 text-sm text-muted-foreground">{TEXT.empty}</p>
        ) : (
          <ul className="max-h-80 overflow-y-auto py-1" aria-label={TEXT.title}>
            {items.map((n) => {
              const { text, when } = describe(n);
              return (
                <li key={n.key} data-testid="notification" data-kind={n.kind}>
                  <Link
                    to={paths.invoice.getHref(n.invoiceId)}
                    className="block px-4 py-2 text-sm hover:bg-accent focus-visible:bg-accent focus-visible:outline-hidden"
                  >
                    <span className="block">{text}</span>
                    <span className="block text-xs text-muted-foreground">
                      {when}
                      {n.at > openedAfter ? ` · ${TEXT.new}` : ''}
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </PopoverContent>
    </Popover>
  );
}
