import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Product } from '@billpoint/proto';
import { renderRoutes, stubFetch, type Route } from '@/testing/render';
import { makeProduct } from '@/testing/product-factory';
import { ProductEditPage } from './product-edit-page';

const cable = makeProduct({
  id: 5,
  name: 'USB-C Cable',
  sku: 'CAB-001',
  description: 'Braided, 1 m',
  category: 'Hardware',
  price: '12.50',
  currency: 'EUR',
  taxRate: '8.25',
  unitOfMeasure: 'piece',
  trackInventory: true,
  stockQuantity: 10,
  lowStockThreshold: 2,
  stockStatus: 'in_stock',
});

const renderEdit = (routes: Route[]) => {
  const calls = stubFetch(routes);
  const result = renderRoutes(
    [
      { path: '/products/:id/edit', element: <ProductEditPage /> },
      { path: '/products', element: <p>product list</p> },
    ],
    { path: '/products/5/edit' },
  );
  return { calls, ...result };
};

const put = (answer: Product): Route => ({ method: 'PUT', path: '/api/products/5', body: answer });
const bodyOf = (calls: ReturnType<typeof stubFetch>, method: string) =>
  JSON.parse(String(calls.find((c) => c.method === method)!.init?.body));

describe('edit product', () => {
  it('is the create form prefilled, its stock quantity the quantity on the shelf now', async () => {
    renderEdit([{ path: '/api/products/5', body: cable }]);
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Product' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Product Name')).toHaveValue('USB-C Cable');
    expect(screen.getByLabelText('SKU')).toHaveValue('CAB-001');
    expect(screen.getByLabelText('Description')).toHaveValue('Braided, 1 m');
    expect(screen.getByLabelText('Unit of Measure')).toHaveValue('piece');
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveTextContent('Hardware');
    expect(screen.getByRole('combobox', { name: 'Currency' })).toHaveTextContent('EUR');
    expect(screen.getByLabelText('Price')).toHaveValue('12.50');
    expect(screen.getByLabelText('Tax Rate (%)')).toHaveValue('8.25');
    expect(screen.getByRole('switch', { name: 'Track Inventory' })).toBeChecked();
    expect(screen.getByLabelText('Stock Quantity (on hand now)')).toHaveValue(10);
    expect(screen.getByLabelText('Low Stock Threshold')).toHaveValue(2);
    expect(screen.getByRole('heading', { name: 'Adjust Stock' })).toBeInTheDocument();
  });

  it('saves the whole product, an untouched stock quantity as null (unchanged), toasts and goes to /products', async () => {
    const user = userEvent.setup();
    const { calls, router } = renderEdit([{ path: '/api/products/5', body: cable }, put({ ...cable, price: '13.00' })]);
    await user.clear(await screen.findByLabelText('Price'));
    await user.type(screen.getByLabelText('Price'), '13');
    await user.click(screen.getByRole('button', { name: 'Update Product' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/products'));
    expect(bodyOf(calls, 'PUT')).toEqual({
      name: 'USB-C Cable',
      sku: 'CAB-001',
      description: 'Braided, 1 m',
      category: 'Hardware',
      price: '13.00',
      currency: 'EUR',
      taxRate: '8.25',
      unitOfMeasure: 'piece',
      isActive: true,
      trackInventory: true,
      stockQuantity: null,
      lowStockThreshold: 2,
    });
    expect(
      await within(screen.getByRole('region', { name: /Notifications/ })).findByText('Product updated successfully'),
    ).toBeInTheDocument();
  });

  it('sends a stock quantity the user changed: the count on the shelf now', async () => {
    const user = userEvent.setup();
    const { calls, router } = renderEdit([{ path: '/api/products/5', body: cable }, put(cable)]);
    await user.clear(await screen.findByLabelText('Stock Quantity (on hand now)'));
    await user.type(screen.getByLabelText('Stock Quantity (on hand now)'), '4');
    await user.click(screen.getByRole('button', { name: 'Update Product' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/products'));
    expect(bodyOf(calls, 'PUT')).toMatchObject({ trackInventory: true, stockQuantity: 4, lowStockThreshold: 2 });
  });

  it('adjusts stock by a signed quantity with a note, then shows the new figure in the card and the form', async () => {
    const user = userEvent.setup();
    const { calls } = renderEdit([
      { path: '/api/products/5', body: cable },
      {
        method: 'POST',
        path: '/api/products/5/stock-adjustments',
        body: { ...cable, stockQuantity: 7, updatedAt: '2024-02-01T00:00:00.000Z' },
      },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Adjust Stock' }));
    expect(await screen.findByText('Quantity must be a whole number')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Quantity (±)'), '0');
    await user.click(screen.getByRole('button', { name: 'Adjust Stock' }));
    expect(await screen.findByText('Quantity must be a non-zero whole number')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Quantity (±)'));
    await user.type(screen.getByLabelText('Quantity (±)'), '-3');
    await user.type(screen.getByLabelText('Note'), 'Two broken in transit');
    await user.click(screen.getByRole('button', { name: 'Adjust Stock' }));
    await waitFor(() => expect(screen.getByTestId('stock-on-hand')).toHaveTextContent('On hand: 7'));
    expect(bodyOf(calls, 'POST')).toEqual({ quantity: -3, note: 'Two broken in transit' });
    expect(screen.getByLabelText('Stock Quantity (on hand now)')).toHaveValue(7);
    expect(screen.getByLabelText('Quantity (±)')).toHaveValue(null);
  });

  it('has no Adjust Stock for a product that does not track inventory', async () => {
    renderEdit([{ path: '/api/products/5', body: { ...cable, trackInventory: false, stockQuantity: null, stockStatus: null } }]);
    expect(await screen.findByLabelText('Product Name')).toHaveValue('USB-C Cable');
    expect(screen.queryByLabelText('Stock Quantity (on hand now)')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Adjust Stock' })).not.toBeInTheDocument();
  });

  it("shows a 409's message under the SKU and 'Failed to update product'", async () => {
    const user = userEvent.setup();
    renderEdit([
      { path: '/api/products/5', body: cable },
      {
        method: 'PUT',
        path: '/api/products/5',
        status: 409,
        body: { statusCode: 409, error: 'Conflict', message: 'A product with SKU X already exists' },
      },
    ]);
    await user.clear(await screen.findByLabelText('SKU'));
    await user.type(screen.getByLabelText('SKU'), 'X');
    await user.click(screen.getByRole('button', { name: 'Update Product' }));
    expect(await screen.findByText('A product with SKU X already exists')).toBeInTheDocument();
    expect(await within(screen.getByRole('region', { name: /Notifications/ })).findByText('Failed to update product')).toBeInTheDocument();
  });

  it('says so when the product does not exist', async () => {
    renderEdit([{ path: '/api/products/5', status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Product not found' } }]);
    expect(await screen.findByRole('alert')).toHaveTextContent('Product not found');
  });
});
