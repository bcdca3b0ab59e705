import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoutes, stubFetch } from '@/testing/render';
import { makeCustomer } from '@/testing/factories';
import { CustomerViewPage } from './customer-view-page';

const renderView = (id: number | string) =>
  renderRoutes([{ path: '/customers/:id/view', element: <CustomerViewPage /> }], { path: `/customers/${id}/view` });

describe('customer view', () => {
  it('shows every card for a full customer', async () => {
    const customer = makeCustomer({
      name: 'Acme Ltd',
      email: 'billing@acme.test',
      phone: '+1 555 0100',
      address: '1 Main St',
      company: 'Acme',
      industry: 'Manufacturing',
      website: 'https://acme.test',
      creditLimit: '5000.00',
      taxId: 'US-123',
      tags: ['vip', 'net-30'],
      paymentTerms: 45,
      currency: 'EUR',
    });
    stubFetch([{ path: `/api/customers/${customer.id}`, body: customer }]);
    renderView(customer.id);

    expect(await screen.findByRole('heading', { name: 'Acme Ltd' })).toBeInTheDocument();
    expect(screen.getByText('Business Customer')).toBeInTheDocument();
    for (const title of ['Contact Information', 'Company Information', 'Status', 'Account', 'Tags']) {
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    }
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByText('EUR')).toBeInTheDocument();
    expect(screen.getByText('45 days')).toBeInTheDocument();
    expect(screen.getByText('$5,000.00')).toBeInTheDocument();
    expect(screen.getByText('January 5, 2024')).toBeInTheDocument();
    expect(screen.getByText('US-123')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'https://acme.test' })).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Edit Customer' })).toHaveAttribute('href', `/customers/${customer.id}/edit`);
    expect(screen.getByRole('link', { name: 'Back to Customers' })).toHaveAttribute('href', '/customers');
  });

  it('leaves out the optional cards and shows the defaults', async () => {
    const customer = makeCustomer({ name: 'Solo', customerType: 'individual', isActive: false });
    stubFetch([{ path: `/api/customers/${customer.id}`, body: customer }]);
    renderView(customer.id);
    expect(await screen.findByText('Individual Customer')).toBeInTheDocument();
    expect(screen.getByText('Inactive')).toBeInTheDocument();
    expect(screen.getByText('30 days')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Company Information' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Tags' })).not.toBeInTheDocument();
  });

  it('shows the credit balance when the customer has credit, each currency, its own first; none when it has none', async () => {
    const customer = makeCustomer({
      name: 'Credit Co',
      currency: 'EUR',
      creditBalance: '55.00',
      creditBalances: [
        { currency: 'USD', amount: '12.50' },
        { currency: 'EUR', amount: '55.00' },
      ],
    });
    stubFetch([{ path: `/api/customers/${customer.id}`, body: customer }]);
    renderView(customer.id);
    expect(await screen.findByRole('heading', { name: 'Credit Co' })).toBeInTheDocument();
    const amounts = screen.getAllByText('Credit balance').map((dt) => dt.nextElementSibling?.textContent);
    expect(amounts).toEqual(['€55.00', '$12.50']);
  });

  it('shows no credit balance when it is zero', async () => {
    const customer = makeCustomer({ name: 'No Credit', creditBalance: '0.00', creditBalances: [] });
    stubFetch([{ path: `/api/customers/${customer.id}`, body: customer }]);
    renderView(customer.id);
    expect(await screen.findByRole('heading', { name: 'No Credit' })).toBeInTheDocument();
    expect(screen.queryByText('Credit balance')).not.toBeInTheDocument();
  });

  it('shows the load failure with a way back', async () => {
    stubFetch([{ path: '/api/customers/999', status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Customer not found' } }]);
    renderView(999);
    expect(await screen.findByText('Failed to load customer details')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Customers' })).toHaveAttribute('href', '/customers');
  });

  it('invites the customer to the portal and says so; a customer without an address gets the server’s reason', async () => {
    const user = userEvent.setup();
    const customer = makeCustomer({ name: 'Portal Pat', email: 'pat@portal.test' });
    let status = 204;
    const calls = stubFetch([
      { path: `/api/customers/${customer.id}`, body: customer },
      {
        method: 'POST',
        path: '/api/portal-invitations',
        reply: () =>
          status === 204
            ? { status }
            : { status, body: { statusCode: 422, error: 'Unprocessable Entity', message: 'This customer has no e-mail address.' } },
      },
    ]);
    renderView(customer.id);
    await user.click(await screen.findByRole('button', { name: 'Invite to portal' }));
    expect(await screen.findByText('Portal invitation sent')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(JSON.parse(String(post.init?.body))).toEqual({ customerId: customer.id });

    status = 422;
    await user.click(screen.getByRole('button', { name: 'Invite to portal' }));
    expect(await screen.findByText('This customer has no e-mail address.')).toBeInTheDocument();
  });
});
