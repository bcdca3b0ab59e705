import { queryOptions } from '@tanstack/react-query';
import type { Invoice, Payment } from '@billpoint/proto';
import { fetchPage } from '@/lib/pagination';

/** How many recent payments and overdue invoices the bell looks at. */
export const NOTIFICATIONS_LOOKBACK = 10;

export type NotificationKind = 'payment_received' | 'payment_failed' | 'invoice_overdue';

export interface Notification {
  key: string;
  kind: NotificationKind;
  /** When it happened (ISO): a payment's creation, an invoice's due date. */
  at: string;
  invoiceId: number;
  payment?: Payment;
  invoice?: Invoice;
}

/**
 * What the bell lists, from the records themselves: payments received and payments that failed (the newest payments),
 * and invoices that are overdue. Newest first. Nothing is stored for it, so nothing can drift from the books.
 */
export const notificationsQueryOptions = (can: { payments: boolean; invoices: boolean }) =>
  queryOptions({
    queryKey: ['notifications', can],
    queryFn: async ({ signal }): Promise<Notification[]> => {
      const [payments, overdue] = await Promise.all([
        can.payments
          ? fetchPage<Payment>('/api/payments', { limit: NOTIFICATIONS_LOOKBACK, offset: 0 }, signal).then((p) => p.items)
          : Promise.resolve([]),
        can.invoices
          ? fetchPage<Invoice>('/api/invoices', { status: 'overdue', limit: NOTIFICATIONS_LOOKBACK, offset: 0 }, signal).then(
              (p) => p.items,
            )
          : Promise.resolve([]),
      ]);
      const list: Notification[] = [
        ...payments
          .filter((p) => p.status === 'completed' || p.status === 'failed')
          .map((p) => ({
            key: `payment-${p.id}`,
            kind: p.status === 'failed' ? ('payment_failed' as const) : ('payment_received' as const),
            at: p.createdAt,
            invoiceId: p.invoiceId,
            payment: p,
          })),
        ...overdue.map((i) => ({
          key: `overdue-${i.id}`,
          kind: 'invoice_overdue' as const,
          at: `${i.dueDate}T23:59:59Z`,
          invoiceId: i.id,
          invoice: i,
        })),
      ];
      return list.sort((a, b) => b.at.localeCompare(a.at));
    },
    refetchInterval: 60_000,
  });
