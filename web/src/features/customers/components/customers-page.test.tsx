import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Customer } from '@billpoint/proto';
import { renderRoutes, stubFetch } from '@/testing/render';
import { makeCustomer } from '@/testing/factories';
import { CustomersPage } from './customers-page';
import { CUSTOMERS_PAGE_SIZE } from '../api/get-customers';

/** A stand-in for GET /api/customers: server-side search over name, e-mail and company, paging, x-total-count. */
function customersApi(all: Customer[]) {
  return (url: URL) => {
    const search = (url.searchParams.get('search') ?? '').toLowerCase();
    const limit = Number(url.searchParams.get('limit') ?? 500);
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const matches = all.filter((c) => [c.name, c.email, c.company ?? ''].some((v) => v.toLowerCase().includes(search)));
    return { body: matches.slice(offset, offset + limit), headers: { 'x-total-count': String(matches.length) } };
  };
}

const renderList = () => renderRoutes([{ path: '/customers', element: <CustomersPage /> }], { path: '/customers' });

describe('customers list', () => {
  it('shows six skeleton cards while loading, then the cards with their details', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const all = [
      makeCustomer({ name: 'Acme Ltd', email: 'billing@acme.test', company: 'Acme', phone: '+1 555 0100', address: '1 Main St' }),
      makeCustomer({ name: 'Globex', email: 'ap@globex.test' }),
    ];
    const api = customersApi(all);
    stubFetch([{ path: '/api/customers', reply: async (url) => (await gate, api(url)) }]);
    renderList();

    expect(screen.getAllByTestId('customer-card-skeleton')).toHaveLength(6);
    release();

    const cards = await screen.findAllByTestId('customer-card');
    expect(cards).toHaveLength(2);
    const acme = within(cards[0]!);
    expect(acme.getByText('Acme Ltd')).toBeInTheDocument();
    expect(acme.getByText('billing@acme.test')).toBeInTheDocument();
    expect(acme.getByText('Acme')).toBeInTheDocument();
    expect(acme.getByText('+1 555 0100')).toBeInTheDocument();
    expect(acme.getByText('1 Main St')).toBeInTheDocument();
    expect(acme.getByText('Added Jan 5, 2024')).toBeInTheDocument();
    expect(acme.getByRole('link', { name: /View customer details/ })).toHaveAttribute('href', `/customers/${all[0]!.id}/view`);
    expect(acme.getByRole('link', { name: /Edit customer/ })).toHaveAttribute('href', `/customers/${all[0]!.id}/edit`);
    expect(screen.getByTestId('customers-total')).toHaveTextContent('2 customers');
  });

  it('shows the empty state without a search', async () => {
    stubFetch([{ path: '/api/customers', reply: customersApi([]) }]);
    renderList();
    expect(await screen.findByText('No customers yet')).toBeInTheDocument();
    expect(screen.getByText('Add your first customer to get started')).toBeInTheDocument();
  });

  it('searches on the server after typing stops, and shows the search empty state', async () => {
    const user = userEvent.setup();
    const calls = stubFetch([
      {
        path: '/api/customers',
        reply: customersApi([makeCustomer({ name: 'Acme Ltd' }), makeCustomer({ name: 'Globex', company: 'Globex Corp' })]),
      },
    ]);
    renderList();
    await screen.findAllByTestId('customer-card');

    await user.type(screen.getByPlaceholderText('Search customers...'), 'globex');
    await waitFor(() => expect(screen.getAllByTestId('customer-card')).toHaveLength(1));
    expect(screen.getByText('Globex')).toBeInTheDocument();
    const searches = calls.filter((c) => c.url.includes('search='));
    expect(searches).toHaveLength(1);
    expect(searches[0]!.url).toContain('search=globex');

    await user.clear(screen.getByPlaceholderText('Search customers...'));
    await user.type(screen.getByPlaceholderText('Search customers...'), 'nobody');
    expect(await screen.findByText('No customers match your search')).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search criteria')).toBeInTheDocument();
  });

  it('offers Load more when the total exceeds what is loaded', async () => {
    const user = userEvent.setup();
    const all = Array.from({ length: CUSTOMERS_PAGE_SIZE + 5 }, () => makeCustomer());
    stubFetch([{ path: '/api/customers', reply: customersApi(all) }]);
    renderList();
    expect(await screen.findAllByTestId('customer-card')).toHaveLength(CUSTOMERS_PAGE_SIZE);
    expect(screen.getByTestId('customers-total')).toHaveTextContent(`Showing ${CUSTOMERS_PAGE_SIZE} of ${all.length} customers`);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('customer-card')).toHaveLength(all.length));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.getByTestId('customers-total')).toHaveTextContent(`${all.length} customers`);
  });

  it('deletes without confirmation, disables every delete button while pending, and toasts', async () => {
    const user = userEvent.setup();
    const all = [makeCustomer({ name: 'Acme Ltd' }), makeCustomer({ name: 'Globex' })];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    stubFetch([
      { path: '/api/customers', reply: customersApi(all) },
      {
        method: 'DELETE',
        path: /^\/api\/customers\/\d+$/,
        reply: async () => {
          await gate;
          all.splice(0, 1);
          return { status: 204 };
        },
      },
    ]);
    renderList();
    await screen.findAllByTestId('customer-card');

    await user.click(screen.getByRole('button', { name: 'Delete customer: Acme Ltd' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete customer: Globex' })).toBeDisabled());
    release();

    expect(await screen.findByText('Customer deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Acme Ltd')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Delete customer: Globex' })).toBeEnabled();
  });

  it('toasts Failed to delete customer on an error', async () => {
    const user = userEvent.setup();
    stubFetch([
      { path: '/api/customers', reply: customersApi([makeCustomer({ name: 'Acme Ltd' })]) },
      {
        method: 'DELETE',
        path: /^\/api\/customers\/\d+$/,
        status: 500,
        body: { statusCode: 500, error: 'Internal Server Error', message: 'x' },
      },
    ]);
    renderList();
    await user.click(await screen.findByRole('button', { name: 'Delete customer: Acme Ltd' }));
    expect(await screen.findByText('Failed to delete customer')).toBeInTheDocument();
  });
});
