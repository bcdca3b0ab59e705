import { screen } from '@testing-library/react';
import type { RecurringInvoice } from '@billpoint/proto';
import { renderRoutes, type Route } from '@/testing/render';
import { makeSummary } from '@/testing/factories';
import { SubscriptionsPage } from '../components/subscriptions-page';

/** Stand-ins and helpers shared by the list's tests. */
/** A stand-in for GET /api/recurring-invoices: search over name and customer name, status, frequency, x-total-count. */
export function listApi(all: RecurringInvoice[]) {
  return (url: URL) => {
    const search = (url.searchParams.get('search') ?? '').toLowerCase();
    const status = url.searchParams.get('status');
    const frequency = url.searchParams.get('frequency');
    const matches = all.filter(
      (s) =>
        (!status || s.isActive === (status === 'active')) &&
        (!frequency || s.frequency === frequency) &&
        [s.name, s.customer?.name ?? ''].some((v) => v.toLowerCase().includes(search)),
    );
    return { body: matches, headers: { 'x-total-count': String(matches.length) } };
  };
}

export function routes(all: RecurringInvoice[], extra: Route[] = [], summary = makeSummary()): Route[] {
  return [...extra, { path: '/api/recurring-invoices/summary', body: summary }, { path: '/api/recurring-invoices', reply: listApi(all) }];
}

export const renderList = () =>
  renderRoutes(
    [
      { path: '/subscriptions', element: <SubscriptionsPage /> },
      { path: '/invoices', element: <p>invoice list</p> },
    ],
    { path: '/subscriptions' },
  );

export const toastArea = () => screen.getByRole('region', { name: /Notifications/ });
export const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!;
