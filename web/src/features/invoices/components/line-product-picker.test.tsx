import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InvoiceCreateBody, InvoiceUpdateBody } from '@billpoint/proto';
import { renderRoutes, stubFetch, type Route } from '@/testing/render';
import { makeCustomer, makeInvoice, makeTaxRate } from '@/testing/factories';
import { makeProduct, productsApi } from '@/testing/product-factory';
import { InvoiceCreatePage } from './invoice-create-page';
import { InvoiceEditPage } from './invoice-edit-page';

type User = ReturnType<typeof userEvent.setup>;

const cable = makeProduct({ id: 1, name: 'USB-C Cable', sku: 'CAB-001', price: '12.50', taxRate: '10.00', trackInventory: true });
const hour = makeProduct({ id: 2, name: 'Consulting hour', sku: 'CONS-1', category: 'Consulting', price: '150.00' });
const retired = makeProduct({ id: 3, name: 'Old cable', sku: 'CAB-OLD', price: '5.00', isActive: false });
const catalog = [cable, hour, retired];
const acme = makeCustomer({ id: 7, name: 'Acme Ltd', email: 'billing@acme.test' });
const salesTax = makeTaxRate({ id: 5, name: 'Sales tax 10%', rate: '10.00', type: 'sales_tax' });
const vat = makeTaxRate({ id: 6, name: 'VAT 20%', rate: '20.00' });
const taxRatesRoute = (taxRates = [salesTax, vat]): Route => ({ path: '/api/tax-rates', body: { taxRates } });

const createRoutes = (extra: Route[] = []): Route[] => [
  ...extra,
  { path: '/api/invoices/next-number', body: { invoiceNumber: 'INV-0042' } },
  { path: '/api/customers', body: [acme] },
  { path: '/api/products', reply: productsApi(catalog) },
  taxRatesRoute(),
];

function renderCreate() {
  return renderRoutes(
    [
      { path: '/invoices/create', element: <InvoiceCreatePage /> },
      { path: '/invoices', element: <p>invoice list</p> },
    ],
    { path: '/invoices/create' },
  );
}

/** Opens the line's picker and types; answers the combobox once the matches for that text are in. */
async function search(user: User, item: number, text: string) {
  await user.click(screen.getByRole('button', { name: `Choose product (item ${item})` }));
  const box = await screen.findByRole('combobox', { name: 'Search products' });
  if (text) await user.type(box, text);
  await waitFor(() => expect(screen.getByTestId('product-search-status')).not.toHaveTextContent('Searching...'));
  return box;
}

const productSearches = (calls: ReturnType<typeof stubFetch>) =>
  calls.map((c) => new URL(c.url, 'http://localhost')).filter((u) => u.pathname === '/api/products');

async function fillInvoice(user: User) {
  await screen.findByDisplayValue('INV-0042');
  await user.click(screen.getByRole('combobox', { name: 'Customer' }));
  await user.click(await screen.findByRole('option', { name: 'Acme Ltd - billing@acme.test' }));
}

const postedItems = (calls: ReturnType<typeof stubFetch>) =>
  (JSON.parse(String(calls.find((c) => c.method === 'POST')!.init?.body)) as InvoiceCreateBody).items;

describe('product picker on invoice lines', () => {
  it('searches the catalog as one types, shows name, SKU and price, and fills the line from the keyboard', async () => {
    const user = userEvent.setup();
    const calls = stubFetch(createRoutes([{ method: 'POST', path: '/api/invoices', status: 201, body: makeInvoice() }]));
    const { router } = renderCreate();
    await fillInvoice(user);

    const box = await search(user, 1, 'cab');
    expect(productSearches(calls).at(-1)!.searchParams.get('search')).toBe('cab');
    const options = within(screen.getByRole('listbox', { name: 'Products' })).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['USB-C CableCAB-001 · 10 in stock$12.50', 'Old cableCAB-OLD · Inactive$5.00']);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    expect(options[1]).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{ArrowDown}'); // the inactive one is skipped
    expect(box).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await user.keyboard('{Enter}');

    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Description (item 1)')).toHaveValue('USB-C Cable');
    expect(screen.getByLabelText('Rate (item 1)')).toHaveValue('12.50');
    expect(screen.getByLabelText('Qty (item 1)')).toHaveFocus();
    const line = screen.getByTestId('line-product');
    expect(line).toHaveTextContent('USB-C Cable');
    expect(line).toHaveTextContent('CAB-001');
    // The product's 10% is one of the tenant's rates: the line takes that rate.
    expect(screen.getByRole('combobox', { name: 'Tax (item 1)' })).toHaveTextContent('Sales tax 10% (10%)');

    await user.clear(screen.getByLabelText('Qty (item 1)'));
    await user.type(screen.getByLabelText('Qty (item 1)'), '3');
    expect(screen.getByTestId('invoice-subtotal')).toHaveTextContent('Subtotal: $37.50');
    expect(screen.getByTestId('invoice-tax')).toHaveTextContent('Tax: $3.75');
    expect(screen.getByTestId('invoice-total')).toHaveTextContent('Total: $41.25');

    // The line stays editable; the product stays linked.
    await user.type(screen.getByLabelText('Description (item 1)'), ', 2 m');
    expect(screen.getByTestId('line-product')).toHaveTextContent('USB-C Cable');

    await user.click(screen.getByRole('button', { name: 'Create Invoice' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/invoices'));
    expect(postedItems(calls)).toEqual([
      { description: 'USB-C Cable, 2 m', quantity: '3.00', rate: '12.50', amount: '37.50', taxRateId: 5, productId: 1 },
    ]);
  });

  it('chooses with the mouse, ignores inactive products, and "Clear product" unlinks the product but keeps its tax', async () => {
    const user = userEvent.setup();
    const calls = stubFetch(createRoutes([{ method: 'POST', path: '/api/invoices', status: 201, body: makeInvoice() }]));
    const { router } = renderCreate();
    await fillInvoice(user);

    await search(user, 1, '');
    await user.click(screen.getByRole('option', { name: /Old cable/ }));
    expect(screen.getByRole('listbox', { name: 'Products' })).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: /Consulting hour/ }));
    expect(screen.getByLabelText('Description (item 1)')).toHaveValue('Consulting hour');
    expect(screen.getByLabelText('Rate (item 1)')).toHaveValue('150.00');

    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    await search(user, 2, 'usb');
    await user.click(screen.getByRole('option', { name: /USB-C Cable/ }));
    expect(screen.getAllByTestId('line-product')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Clear product (item 2)' }));
    expect(screen.getAllByTestId('line-product')).toHaveLength(1);
    expect(screen.getByLabelText('Description (item 2)')).toHaveValue('USB-C Cable');
    expect(screen.getByRole('combobox', { name: 'Tax (item 2)' })).toHaveTextContent('Sales tax 10% (10%)');
    expect(screen.getByTestId('invoice-tax')).toHaveTextContent('Tax: $1.25');

    await user.click(screen.getByRole('button', { name: 'Create Invoice' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/invoices'));
    expect(postedItems(calls)).toEqual([
      { description: 'Consulting hour', quantity: '1.00', rate: '150.00', amount: '150.00', taxRate: '0.00', productId: 2 },
      { description: 'USB-C Cable', quantity: '1.00', rate: '12.50', amount: '12.50', taxRateId: 5 },
    ]);
  });

  it("shows the server's 'Product not found' under its line", async () => {
    const user = userEvent.setup();
    stubFetch(
      createRoutes([
        {
          method: 'POST',
          path: '/api/invoices',
          status: 400,
          body: {
            statusCode: 400,
            error: 'Bad Request',
            message: 'Product not found',
            issues: [{ path: 'items.0.productId', message: 'Product not found' }],
          },
        },
      ]),
    );
    renderCreate();
    await fillInvoice(user);
    await search(user, 1, 'hour');
    await user.click(screen.getByRole('option', { name: /Consulting hour/ }));
    await user.click(screen.getByRole('button', { name: 'Create Invoice' }));
    expect(await within(screen.getByTestId('invoice-item-row')).findByText('Product not found')).toBeInTheDocument();
  });

  it('keeps the products and tax rates of an edited invoice, and sends a newly chosen one', async () => {
    const user = userEvent.setup();
    const invoice = makeInvoice({
      id: 4,
      customerId: 7,
      items: [
        {
          id: 41,
          productId: 1,
          description: 'USB-C Cable',
          quantity: '3.00',
          rate: '12.50',
          amount: '37.50',
          taxRate: '10.00',
          taxAmount: '3.75',
          taxRateId: null,
          taxRateName: null,
          taxType: null,
        },
        {
          id: 42,
          productId: null,
          description: 'Setup',
          quantity: '1.00',
          rate: '20.00',
          amount: '20.00',
          taxRate: '0.00',
          taxAmount: '0.00',
          taxRateId: null,
          taxRateName: null,
          taxType: null,
        },
      ],
    });
    const calls = stubFetch([
      { path: '/api/invoices/4', body: invoice },
      { path: '/api/customers', body: [acme] },
      { path: '/api/products/1', body: cable },
      { path: '/api/products', reply: productsApi(catalog) },
      taxRatesRoute(),
      { method: 'PUT', path: '/api/invoices/4', body: invoice },
    ]);
    const { router } = renderRoutes(
      [
        { path: '/invoices/:id/edit', element: <InvoiceEditPage /> },
        { path: '/invoices', element: <p>invoice list</p> },
      ],
      { path: '/invoices/4/edit' },
    );
    await waitFor(() => expect(screen.getByTestId('line-product')).toHaveTextContent('USB-C Cable'), { timeout: 5000 });
    expect(screen.getByTestId('invoice-total')).toHaveTextContent('Total: $61.25');
    // A bare percentage (stored before tax rates) stays as it is, shown as a custom rate.
    expect(screen.getByRole('combobox', { name: 'Tax (item 1)' })).toHaveTextContent('Custom (10%)');
    expect(screen.getByRole('combobox', { name: 'Tax (item 2)' })).toHaveTextContent('No tax');

    await search(user, 2, 'consult');
    await user.click(screen.getByRole('option', { name: /Consulting hour/ }));
    await user.click(screen.getByRole('button', { name: 'Update Invoice' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/invoices'));
    const body = JSON.parse(String(calls.find((c) => c.method === 'PUT')!.init?.body)) as InvoiceUpdateBody;
    expect(body.items).toEqual([
      { id: 41, description: 'USB-C Cable', quantity: '3.00', rate: '12.50', amount: '37.50', taxRate: '10.00', productId: 1 },
      { id: 42, description: 'Consulting hour', quantity: '1.00', rate: '150.00', amount: '150.00', taxRate: '0.00', productId: 2 },
    ]);
  });
  it('an edited line keeps a rate that is no longer offered, shown by the name it was stored with', async () => {
    const invoice = makeInvoice({
      id: 4,
      customerId: 7,
      items: [
        {
          id: 41,
          productId: null,
          description: 'Old work',
          quantity: '1.00',
          rate: '100.00',
          amount: '100.00',
          taxRate: '17.50',
          taxAmount: '17.50',
          taxRateId: 99,
          taxRateName: 'Old VAT',
          taxType: 'vat',
        },
      ],
    });
    const calls = stubFetch([
      { path: '/api/invoices/4', body: invoice },
      { path: '/api/customers', body: [acme] },
      taxRatesRoute(),
      { method: 'PUT', path: '/api/invoices/4', body: invoice },
    ]);
    const user = userEvent.setup();
    const { router } = renderRoutes(
      [
        { path: '/invoices/:id/edit', element: <InvoiceEditPage /> },
        { path: '/invoices', element: <p>invoice list</p> },
      ],
      { path: '/invoices/4/edit' },
    );
    const tax = await screen.findByRole('combobox', { name: 'Tax (item 1)' });
    expect(tax).toHaveTextContent('Old VAT (17.5%)');
    expect(screen.getByTestId('invoice-tax')).toHaveTextContent('Tax: $17.50');
    await user.click(screen.getByRole('button', { name: 'Update Invoice' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/invoices'));
    const body = JSON.parse(String(calls.find((c) => c.method === 'PUT')!.init?.body)) as InvoiceUpdateBody;
    expect(body.items).toEqual([{ id: 41, description: 'Old work', quantity: '1.00', rate: '100.00', amount: '100.00', taxRateId: 99 }]);
  });
});

describe('tax picker on invoice lines', () => {
  it('offers No tax and the rates in force today, by keyboard; the figures follow; the rate goes by id', async () => {
    const user = userEvent.setup();
    const paused = makeTaxRate({ id: 7, name: 'Paused 5%', rate: '5.00', isActive: false });
    const later = makeTaxRate({ id: 8, name: 'Next year 21%', rate: '21.00', startDate: '2999-01-01' });
    const ended = makeTaxRate({ id: 9, name: 'Ended 15%', rate: '15.00', startDate: '2000-01-01', endDate: '2001-01-01' });
    const calls = stubFetch([
      ...createRoutes([{ method: 'POST', path: '/api/invoices', status: 201, body: makeInvoice() }]).filter(
        (r) => r.path !== '/api/tax-rates',
      ),
      taxRatesRoute([vat, paused, later, salesTax, ended]),
    ]);
    const { router } = renderCreate();
    await fillInvoice(user);
    await user.type(screen.getByLabelText('Description (item 1)'), 'Design');
    await user.clear(screen.getByLabelText('Rate (item 1)'));
    await user.type(screen.getByLabelText('Rate (item 1)'), '99.99');

    const tax = screen.getByRole('combobox', { name: 'Tax (item 1)' });
    expect(tax).toHaveTextContent('No tax');
    await waitFor(() => expect(screen.queryByTestId('tax-rates-note')).not.toBeInTheDocument());
    tax.focus();
    await user.keyboard('{Enter}');
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['No tax', 'Sales tax 10% (10%)', 'VAT 20% (20%)']);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(tax).toHaveTextContent('VAT 20% (20%)');
    expect(screen.getByTestId('invoice-subtotal')).toHaveTextContent('Subtotal: $99.99');
    expect(screen.getByTestId('invoice-tax')).toHaveTextContent('Tax: $20.00'); // 19.998 half-up
    expect(screen.getByTestId('invoice-total')).toHaveTextContent('Total: $119.99');

    await user.click(screen.getByRole('button', { name: 'Create Invoice' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/invoices'));
    expect(postedItems(calls)).toEqual([{ description: 'Design', quantity: '1.00', rate: '99.99', amount: '99.99', taxRateId: 6 }]);
  });

  it('without tax rates shows only No tax and a link to Tax Management; a product keeps its percentage as a custom rate', async () => {
    const user = userEvent.setup();
    stubFetch([...createRoutes().filter((r) => r.path !== '/api/tax-rates'), taxRatesRoute([])]);
    renderCreate();
    await fillInvoice(user);
    const note = await screen.findByTestId('tax-rates-note');
    expect(note).toHaveTextContent('No tax rates yet.');
    await user.click(screen.getByRole('combobox', { name: 'Tax (item 1)' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['No tax']);
    await user.keyboard('{Escape}');

    await search(user, 1, 'cab');
    await user.click(screen.getByRole('option', { name: /USB-C Cable/ }));
    expect(screen.getByRole('combobox', { name: 'Tax (item 1)' })).toHaveTextContent('Custom (10%)');
    expect(screen.getByTestId('invoice-tax')).toHaveTextContent('Tax: $1.25');

    expect(within(note).getByRole('link', { name: 'Add tax rates in Tax Management' })).toHaveAttribute('href', '/tax-management');
  });

  it("shows the server's refusal of a rate under its line", async () => {
    const user = userEvent.setup();
    const message = `Tax rate "VAT 20%" applies from 2999-01-01, after the invoice's issue date (2026-11-23)`;
    stubFetch(
      createRoutes([
        {
          method: 'POST',
          path: '/api/invoices',
          status: 400,
          body: { statusCode: 400, error: 'Bad Request', message, issues: [{ path: 'items.0.taxRateId', message }] },
        },
      ]),
    );
    renderCreate();
    await fillInvoice(user);
    await user.type(screen.getByLabelText('Description (item 1)'), 'Design');
    await user.click(screen.getByRole('combobox', { name: 'Tax (item 1)' }));
    await user.click(await screen.findByRole('option', { name: 'VAT 20% (20%)' }));
    await user.click(screen.getByRole('button', { name: 'Create Invoice' }));
    expect(await within(screen.getByTestId('invoice-item-row')).findByText(message)).toBeInTheDocument();
  });
});
