import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RecurringBody } from '@billpoint/proto';
import { renderRoutes, stubFetch, type Route } from '@/testing/render';
import { makeCustomer, makeSubscription, makeTaxRate, UNTAXED } from '@/testing/factories';
import { makeProduct, productsApi } from '@/testing/product-factory';
import { SubscriptionCreatePage } from './subscription-create-page';
import { SubscriptionEditPage } from './subscription-edit-page';

const acme = makeCustomer({ id: 7, name: 'Acme Ltd', email: 'billing@acme.test' });
const vat = makeTaxRate({ id: 6, name: 'VAT 20%', rate: '20.00' });
const reduced = makeTaxRate({ id: 5, name: 'VAT reduced 5%', rate: '5.00' });
const paused = makeTaxRate({ id: 7, name: 'Paused 10%', rate: '10.00', isActive: false });
const later = makeTaxRate({ id: 8, name: 'Next year 21%', rate: '21.00', startDate: '2999-01-01' });

const cable = makeProduct({ id: 1, name: 'USB-C Cable', sku: 'CAB-001', price: '12.50', taxRate: '20.00' });
const gadget = makeProduct({ id: 2, name: 'Gadget', sku: 'GAD-1', price: '30.00', taxRate: '7.00' });
const catalog = [cable, gadget];

const routes = (extra: Route[] = [], taxRates = [vat, reduced, paused, later]): Route[] => [
  ...extra,
  { path: '/api/customers', body: [acme], headers: { 'x-total-count': '1' } },
  { path: '/api/tax-rates', body: { taxRates } },
  { path: '/api/products', reply: productsApi(catalog) },
];

function renderCreate() {
  return renderRoutes(
    [
      { path: '/subscriptions/create', element: <SubscriptionCreatePage /> },
      { path: '/subscriptions', element: <p>subscription list</p> },
    ],
    { path: '/subscriptions/create' },
  );
}

type User = ReturnType<typeof userEvent.setup>;

async function fillRow(user: User, n: number, description: string, unitPrice: string) {
  await user.type(screen.getByLabelText(`Description (item ${n})`), description);
  await user.type(screen.getByLabelText(`Unit Price (item ${n})`), unitPrice);
}

async function fillValid(user: User) {
  await user.type(screen.getByLabelText('Subscription Name'), 'Website hosting');
  await user.click(await screen.findByRole('combobox', { name: 'Customer' }));
  await user.click(await screen.findByRole('option', { name: 'Acme Ltd - billing@acme.test' }));
  await fillRow(user, 1, 'Design', '99.99');
  await user.click(screen.getByRole('button', { name: 'Add item' }));
  await fillRow(user, 2, 'Support', '10');
}

const toastArea = () => screen.getByRole('region', { name: /Notifications/ });

describe('tax picker on subscription items', () => {
  it('offers No tax and the rates in force on the start date, by keyboard; preview and totals show the tax; the rate goes by id', async () => {
    const user = userEvent.setup();
    const calls = stubFetch(routes([{ method: 'POST', path: '/api/recurring-invoices', status: 201, body: makeSubscription() }]));
    const { router } = renderCreate();
    await fillValid(user);

    const tax = screen.getByRole('combobox', { name: 'Tax (item 1)' });
    expect(tax).toHaveTextContent('No tax');
    expect(screen.getByRole('combobox', { name: 'Tax (item 2)' })).toHaveTextContent('No tax');
    await waitFor(() => expect(screen.queryByTestId('tax-rates-note')).not.toBeInTheDocument());
    expect(screen.queryByTestId('subscription-tax')).not.toBeInTheDocument();
    tax.focus();
    await user.keyboard('{Enter}');
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['No tax', 'VAT 20% (20%)', 'VAT reduced 5% (5%)']);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(tax).toHaveTextContent('VAT 20% (20%)');

    // 99.99 + 10.00; tax 19.998 → 20.00 (half up), the untaxed row none.
    expect(screen.getByTestId('subscription-subtotal')).toHaveTextContent('$109.99');
    expect(screen.getByTestId('subscription-tax')).toHaveTextContent('$20.00');
    expect(screen.getByTestId('subscription-total')).toHaveTextContent('$129.99');
    expect(screen.getByTestId('items-tax')).toHaveTextContent('Tax: $20.00');
    expect(screen.getByTestId('items-total')).toHaveTextContent('Total per invoice: $129.99');

    await user.click(screen.getByRole('button', { name: 'Create Subscription' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/subscriptions'));
    const body = JSON.parse(String(calls.find((c) => c.method === 'POST')!.init!.body)) as RecurringBody;
    expect(body.items).toEqual([
      { description: 'Design', quantity: '1', unitPrice: '99.99', amount: '99.99', taxRateId: vat.id },
      { description: 'Support', quantity: '1', unitPrice: '10', amount: '10.00' },
    ]);
    expect(body.total).toBe('129.99');
  });

  it('back to No tax: the figures are untaxed again and no rate is sent', async () => {
    const user = userEvent.setup();
    stubFetch(routes());
    renderCreate();
    await fillValid(user);
    const tax = screen.getByRole('combobox', { name: 'Tax (item 2)' });
    await waitFor(() => expect(screen.queryByTestId('tax-rates-note')).not.toBeInTheDocument());
    await user.click(tax);
    await user.click(await screen.findByRole('option', { name: 'VAT reduced 5% (5%)' }));
    expect(screen.getByTestId('subscription-tax')).toHaveTextContent('$0.50');
    await user.click(tax);
    await user.click(await screen.findByRole('option', { name: 'No tax' }));
    expect(screen.queryByTestId('subscription-tax')).not.toBeInTheDocument();
    expect(screen.getByTestId('subscription-total')).toHaveTextContent('$109.99');
  });

  it("shows the server's refusal of a rate under that row's Tax field", async () => {
    const user = userEvent.setup();
    const refusal = { path: 'items.1.taxRateId', message: 'Tax rate "VAT reduced 5%" is not active' };
    stubFetch(
      routes([
        {
          method: 'POST',
          path: '/api/recurring-invoices',
          status: 400,
          body: { statusCode: 400, error: 'Bad Request', message: 'Invalid body', issues: [refusal] },
        },
      ]),
    );
    renderCreate();
    await fillValid(user);
    await user.click(screen.getByRole('combobox', { name: 'Tax (item 2)' }));
    await user.click(await screen.findByRole('option', { name: 'VAT reduced 5% (5%)' }));
    await user.click(screen.getByRole('button', { name: 'Create Subscription' }));
    expect(await within(toastArea()).findByText('Failed to create subscription')).toBeInTheDocument();
    expect(screen.getByText(refusal.message)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Tax (item 2)' })).toHaveAttribute('aria-invalid', 'true');
  });

  it("a product chosen fills the row and brings the tenant's rate of its percentage; none matching: No tax", async () => {
    const user = userEvent.setup();
    const calls = stubFetch(routes([{ method: 'POST', path: '/api/recurring-invoices', status: 201, body: makeSubscription() }]));
    const { router } = renderCreate();
    await fillValid(user);
    await waitFor(() => expect(screen.queryByTestId('tax-rates-note')).not.toBeInTheDocument());
    const choose = async (item: number, name: string) => {
      await user.click(screen.getByRole('button', { name: `Choose product (item ${item})` }));
      const box = await screen.findByRole('combobox', { name: 'Search products' });
      await user.type(box, name.slice(0, 3));
      await waitFor(() => expect(screen.getByTestId('product-search-status')).not.toHaveTextContent('Searching...'));
      await user.click(within(screen.getByRole('listbox', { name: 'Products' })).getByRole('option', { name: new RegExp(name) }));
    };
    await user.clear(screen.getByLabelText('Description (item 1)'));
    await choose(1, 'USB-C Cable');
    expect(screen.getByLabelText('Description (item 1)')).toHaveValue('USB-C Cable');
    expect(screen.getByLabelText('Unit Price (item 1)')).toHaveValue('12.50');
    expect(screen.getByRole('combobox', { name: 'Tax (item 1)' })).toHaveTextContent('VAT 20% (20%)');
    expect(screen.getByTestId('subscription-tax')).toHaveTextContent('$2.50');
    await choose(2, 'Gadget');
    expect(screen.getByRole('combobox', { name: 'Tax (item 2)' })).toHaveTextContent('No tax'); // 7% is none of the rates
    await user.click(screen.getByRole('button', { name: 'Create Subscription' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/subscriptions'));
    const body = JSON.parse(String(calls.find((c) => c.method === 'POST')!.init!.body)) as RecurringBody;
    expect(body.items).toEqual([
      { description: 'USB-C Cable', quantity: '1', unitPrice: '12.50', amount: '12.50', productId: 1, taxRateId: vat.id },
      { description: 'Gadget', quantity: '1', unitPrice: '30.00', amount: '30.00', productId: 2 },
    ]);
  });

  it('none offered: points to Tax Management', async () => {
    stubFetch(routes([], []));
    renderCreate();
    expect(await screen.findByTestId('tax-rates-note')).toHaveTextContent('No tax rates yet. Add tax rates in Tax Management');
  });

  it('the edit form shows a stored rate no longer offered as it was stored, and keeps it by id', async () => {
    const user = userEvent.setup();
    const schedule = makeSubscription({
      id: 4,
      customerId: acme.id,
      customer: { id: acme.id, name: acme.name },
      total: '117.50',
      items: [
        {
          id: 41,
          productId: null,
          description: 'Retainer',
          quantity: '1.00',
          unitPrice: '100.00',
          amount: '100.00',
          taxRate: '17.50',
          taxAmount: '17.50',
          taxRateId: 99,
          taxRateName: 'Old VAT',
          taxType: 'vat',
        },
        { id: 42, productId: null, description: 'Hours', quantity: '1.00', unitPrice: '0.00', amount: '0.00', ...UNTAXED },
      ],
    });
    const calls = stubFetch(
      routes([
        { path: '/api/recurring-invoices/4', body: schedule },
        { method: 'PUT', path: '/api/recurring-invoices/4', body: schedule },
      ]),
    );
    const { router } = renderRoutes(
      [
        { path: '/subscriptions/:id/edit', element: <SubscriptionEditPage /> },
        { path: '/subscriptions', element: <p>subscription list</p> },
      ],
      { path: '/subscriptions/4/edit' },
    );
    const tax = await screen.findByRole('combobox', { name: 'Tax (item 1)' });
    expect(tax).toHaveTextContent('Old VAT (17.5%)');
    expect(screen.getByTestId('subscription-tax')).toHaveTextContent('$17.50');
    expect(screen.getByTestId('subscription-total')).toHaveTextContent('$117.50');
    await user.click(screen.getByRole('button', { name: /Update Subscription|Save/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/subscriptions'));
    const body = JSON.parse(String(calls.find((c) => c.method === 'PUT')!.init!.body)) as RecurringBody;
    expect(body.items[0]).toEqual({ description: 'Retainer', quantity: '1', unitPrice: '100.00', amount: '100.00', taxRateId: 99 });
    expect(body.items[1]).not.toHaveProperty('taxRateId');
  });
});
