import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Customer } from '@billpoint/proto';
import { renderRoutes, stubFetch } from '@/testing/render';
import { makeCustomer as makeTestCustomer } from '@/testing/factories';
import { customerEditFormSchema } from '../api/update-customer';
import { customerCreateFormSchema } from '../api/create-customer';
import { CustomerEditForm } from './customer-edit-form';
import { CustomerCreatePage } from './customer-create-page';

const makeCustomer = (overrides: Partial<Customer> = {}) =>
  makeTestCustomer({ id: 7, name: 'Acme Ltd', email: 'billing@acme.test', company: 'Acme', ...overrides });

describe('customer edit form', () => {
  it('is prefilled, shows the spec messages for a missing name and a bad e-mail, and sends nothing', async () => {
    const user = userEvent.setup();
    const calls = stubFetch([]);
    renderRoutes([{ path: '/customers/:id/edit', element: <CustomerEditForm customer={makeCustomer()} /> }], { path: '/customers/7/edit' });

    expect(screen.getByLabelText('Name')).toHaveValue('Acme Ltd');
    expect(screen.getByLabelText('Email')).toHaveValue('billing@acme.test');
    expect(screen.getByRole('switch', { name: 'Active Customer' })).toBeChecked();
    expect(screen.getByText('Active customers can receive invoices and make payments')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Name'));
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Valid email is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
  });

  it('saves with PUT, reads a non-numeric payment term as 0, then goes to the view', async () => {
    const user = userEvent.setup();
    const calls = stubFetch([{ method: 'PUT', path: '/api/customers/7', body: makeCustomer({ paymentTerms: 0 }) }]);
    const { router } = renderRoutes(
      [
        { path: '/customers/:id/edit', element: <CustomerEditForm customer={makeCustomer()} /> },
        { path: '/customers/:id/view', element: <p>view page</p> },
      ],
      { path: '/customers/7/edit' },
    );

    await user.clear(screen.getByLabelText('Payment Terms (days)'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/customers/7/view'));
    const body = JSON.parse(String(calls[0]!.init?.body)) as Record<string, unknown>;
    expect(calls[0]!.method).toBe('PUT');
    expect(body).toMatchObject({
      name: 'Acme Ltd',
      email: 'billing@acme.test',
      paymentTerms: 0,
      isActive: true,
      customerType: 'business',
      phone: null,
    });
    expect(await screen.findByText('Customer updated successfully')).toBeInTheDocument();
  });

  it('shows the server message when the update fails', async () => {
    const user = userEvent.setup();
    stubFetch([
      {
        method: 'PUT',
        path: '/api/customers/7',
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          message: 'Invalid customer',
          issues: [{ path: 'website', message: 'Website must be an http or https address' }],
        },
      },
    ]);
    renderRoutes([{ path: '/customers/:id/edit', element: <CustomerEditForm customer={makeCustomer()} /> }], { path: '/customers/7/edit' });
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Invalid customer')).toBeInTheDocument();
    expect(screen.getByText('Website must be an http or https address')).toBeInTheDocument();
  });

  it('schema: non-numeric payment terms become 0', () => {
    const parsed = customerEditFormSchema.parse({ name: 'A', email: 'a@example.com', paymentTerms: 'abc' });
    expect(parsed.paymentTerms).toBe(0);
  });
});

describe('add customer form', () => {
  it('requires a name and a valid e-mail', async () => {
    const user = userEvent.setup();
    const calls = stubFetch([]);
    renderRoutes([{ path: '/customers/create', element: <CustomerCreatePage /> }], { path: '/customers/create' });
    await user.click(screen.getByRole('button', { name: 'Create Customer' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Valid email is required')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('sends the create payload and goes to /customers', async () => {
    const user = userEvent.setup();
    const calls = stubFetch([{ method: 'POST', path: '/api/customers', status: 201, body: makeCustomer() }]);
    const { router } = renderRoutes(
      [
        { path: '/customers/create', element: <CustomerCreatePage /> },
        { path: '/customers', element: <p>list</p> },
      ],
      { path: '/customers/create' },
    );
    await user.type(screen.getByLabelText('Name'), 'Acme Ltd');
    await user.type(screen.getByLabelText('Email'), 'billing@acme.test');
    await user.type(screen.getByLabelText('Phone'), '+1 555 0100');
    await user.type(screen.getByLabelText('Country code (e.g. DE)'), 'de');
    await user.type(screen.getByLabelText('Buyer reference (Leitweg-ID)'), '04011000-12345-34');
    await user.click(screen.getByRole('button', { name: 'Create Customer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/customers'));
    expect(JSON.parse(String(calls[0]!.init?.body))).toEqual({
      name: 'Acme Ltd',
      email: 'billing@acme.test',
      phone: '+1 555 0100',
      address: null,
      company: null,
      taxId: null,
      street: null,
      postalCode: null,
      city: null,
      country: 'DE',
      buyerReference: '04011000-12345-34',
    });
    expect(await screen.findByText('Customer created successfully')).toBeInTheDocument();
    expect(customerCreateFormSchema.safeParse({ name: 'A', email: 'a@b.test', country: 'Germany' }).error?.issues[0]?.path).toEqual([
      'country',
    ]);
    expect(customerCreateFormSchema.safeParse({ name: ' ', email: 'x' }).success).toBe(false);
  });
});
