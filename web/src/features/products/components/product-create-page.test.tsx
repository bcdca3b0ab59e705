import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoutes, stubFetch, type Route } from '@/testing/render';
import { makeProduct } from '@/testing/product-factory';
import { ProductCreatePage } from './product-create-page';

type User = ReturnType<typeof userEvent.setup>;

function renderCreate(path = '/products/create') {
  return renderRoutes(
    [
      { path: '/products/create', element: <ProductCreatePage /> },
      { path: '/products/new', element: <ProductCreatePage /> },
      { path: '/products', element: <p>product list</p> },
    ],
    { path },
  );
}

const post = (status: number, body: unknown): Route => ({ method: 'POST', path: '/api/products', status, body });
const sentBody = (calls: ReturnType<typeof stubFetch>) => JSON.parse(String(calls.find((c) => c.method === 'POST')!.init?.body));

async function choose(user: User, combobox: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: combobox }));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function fillBasics(user: User, { name = 'USB-C Cable', price = '19.99' } = {}) {
  await user.type(screen.getByLabelText('Product Name'), name);
  await user.type(screen.getByLabelText('Price'), price);
}

async function findToast(text: string) {
  return within(screen.getByRole('region', { name: /Notifications/ })).findByText(text);
}

describe('add product', () => {
  it('is titled Add New Product with its three sections and the defaults (USD, tax 0, not tracked)', () => {
    stubFetch([]);
    renderCreate('/products/new');
    expect(screen.getByRole('heading', { level: 1, name: 'Add New Product' })).toBeInTheDocument();
    for (const section of ['Basic Information', 'Pricing & Tax', 'Inventory Management'])
      expect(screen.getByRole('heading', { name: section })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Currency' })).toHaveTextContent('USD');
    expect(screen.getByLabelText('Tax Rate (%)')).toHaveValue('0');
    expect(screen.getByRole('switch', { name: 'Track Inventory' })).not.toBeChecked();
    expect(screen.queryByLabelText('Stock Quantity')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Low Stock Threshold')).not.toBeInTheDocument();
  });

  it('shows the stock fields only while inventory tracking is on', async () => {
    const user = userEvent.setup();
    stubFetch([]);
    renderCreate();
    await user.click(screen.getByRole('switch', { name: 'Track Inventory' }));
    expect(screen.getByLabelText('Stock Quantity')).toBeInTheDocument();
    expect(screen.getByLabelText('Low Stock Threshold')).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Track Inventory' }));
    expect(screen.queryByLabelText('Stock Quantity')).not.toBeInTheDocument();
  });

  it('asks for a name and a price with the spec texts, and sends nothing', async () => {
    const user = userEvent.setup();
    const calls = stubFetch([]);
    renderCreate();
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(await screen.findByText('Product name is required')).toBeInTheDocument();
    expect(screen.getByText('Price is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Product Name')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
  });

  it("checks the price against the currency's minor units and the stock fields as whole numbers", async () => {
    const user = userEvent.setup();
    const calls = stubFetch([]);
    renderCreate();
    await fillBasics(user, { price: '12.5' });
    await choose(user, 'Currency', 'JPY');
    await user.click(screen.getByRole('switch', { name: 'Track Inventory' }));
    await user.type(screen.getByLabelText('Stock Quantity'), '-1');
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(await screen.findByText('JPY prices have no decimals')).toBeInTheDocument();
    expect(screen.getByText('Stock quantity cannot be negative')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('sends price and tax rate as exact decimals and the stock fields as integers, toasts and goes to /products', async () => {
    const user = userEvent.setup();
    const calls = stubFetch([post(201, makeProduct({ id: 9 }))]);
    const { router } = renderCreate();
    await fillBasics(user);
    await user.type(screen.getByLabelText('SKU'), 'CAB-001');
    await choose(user, 'Category', 'Hardware');
    await user.clear(screen.getByLabelText('Tax Rate (%)'));
    await user.type(screen.getByLabelText('Tax Rate (%)'), '8.25');
    await user.click(screen.getByRole('switch', { name: 'Track Inventory' }));
    await user.type(screen.getByLabelText('Stock Quantity'), '10');
    await user.type(screen.getByLabelText('Low Stock Threshold'), '2');
    await user.click(screen.getByRole('button', { name: 'Create Product' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/products'));
    expect(sentBody(calls)).toEqual({
      name: 'USB-C Cable',
      sku: 'CAB-001',
      description: null,
      category: 'Hardware',
      price: '19.99',
      currency: 'USD',
      taxRate: '8.25',
      unitOfMeasure: null,
      isActive: true,
      trackInventory: true,
      stockQuantity: 10,
      lowStockThreshold: 2,
    });
    expect(await findToast('Product created successfully')).toBeInTheDocument();
  });

  it('sends the stock fields as null when tracking is off, even when they were typed before', async () => {
    const user = userEvent.setup();
    const calls = stubFetch([post(201, makeProduct())]);
    const { router } = renderCreate();
    await fillBasics(user);
    await user.click(screen.getByRole('switch', { name: 'Track Inventory' }));
    await user.type(screen.getByLabelText('Stock Quantity'), '5');
    await user.click(screen.getByRole('switch', { name: 'Track Inventory' }));
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/products'));
    expect(sentBody(calls)).toMatchObject({ trackInventory: false, stockQuantity: null, lowStockThreshold: null, taxRate: '0.00' });
  });

  it('sends empty stock fields as null when tracking is on', async () => {
    const user = userEvent.setup();
    const calls = stubFetch([post(201, makeProduct())]);
    const { router } = renderCreate();
    await fillBasics(user);
    await user.click(screen.getByRole('switch', { name: 'Track Inventory' }));
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/products'));
    expect(sentBody(calls)).toMatchObject({ trackInventory: true, stockQuantity: null, lowStockThreshold: null });
  });

  it("shows a 409's message under the SKU and 'Failed to create product'", async () => {
    const user = userEvent.setup();
    stubFetch([post(409, { statusCode: 409, error: 'Conflict', message: 'A product with SKU CAB-001 already exists' })]);
    const { router } = renderCreate();
    await fillBasics(user);
    await user.type(screen.getByLabelText('SKU'), 'CAB-001');
    await user.click(screen.getByRole('button', { name: 'Create Product' }));

    const message = await screen.findByText('A product with SKU CAB-001 already exists');
    expect(screen.getByLabelText('SKU')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('SKU').getAttribute('aria-describedby')).toContain(message.id);
    expect(await findToast('Failed to create product')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/products/create');
  });

  it("shows a 400's field issues under their fields", async () => {
    const user = userEvent.setup();
    stubFetch([
      post(400, {
        statusCode: 400,
        error: 'Bad Request',
        message: 'Invalid product',
        issues: [
          { path: 'name', message: 'Product name must be at most 200 characters' },
          { path: 'taxRate', message: 'Tax rate must be at most 100' },
        ],
      }),
    ]);
    renderCreate();
    await fillBasics(user);
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(await screen.findByText('Product name must be at most 200 characters')).toBeInTheDocument();
    expect(screen.getByText('Tax rate must be at most 100')).toBeInTheDocument();
    expect(await findToast('Failed to create product')).toBeInTheDocument();
  });
});
