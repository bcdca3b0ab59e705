import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Product, ProductSummary } from '@billpoint/proto';
import { renderRoutes, stubFetch, type Route } from '@/testing/render';
import { makeProduct, productsApi } from '@/testing/product-factory';
import { ProductsPage } from './products-page';

const summary: ProductSummary = {
  total: 4,
  active: 3,
  lowStock: 1,
  outOfStock: 1,
  revenue: [
    { currency: 'EUR', amount: '80.00' },
    { currency: 'USD', amount: '1234.50' },
  ],
  averagePrice: [{ currency: 'USD', amount: '19.99' }],
};

const cable = makeProduct({
  id: 1,
  name: 'USB-C Cable',
  sku: 'CAB-001',
  category: 'Hardware',
  price: '12.50',
  trackInventory: true,
  stockQuantity: 10,
  lowStockThreshold: 2,
  stockStatus: 'in_stock',
  revenue: '1234.50',
});
const adapter = makeProduct({
  id: 2,
  name: 'Power Adapter',
  sku: 'PWR-1',
  category: 'Hardware',
  trackInventory: true,
  stockQuantity: 2,
  lowStockThreshold: 2,
  stockStatus: 'low_stock',
});
const dock = makeProduct({
  id: 3,
  name: 'Dock',
  sku: null,
  trackInventory: true,
  stockQuantity: 0,
  lowStockThreshold: 1,
  stockStatus: 'out_of_stock',
});
const hour = makeProduct({ id: 4, name: 'Consulting hour', sku: 'CONS', category: 'Consulting', price: '150.00', isActive: false });

function routes(all: Product[], extra: Route[] = []): Route[] {
  return [...extra, { path: '/api/products/summary', body: summary }, { path: '/api/products', reply: productsApi(all) }];
}

const renderList = () =>
  renderRoutes(
    [
      { path: '/products', element: <ProductsPage /> },
      { path: '/products/new', element: <p>new product</p> },
    ],
    { path: '/products' },
  );

const row = (name: string) => screen.getAllByTestId('product-row').find((r) => within(r).queryByText(name))!;

async function findToast(text: string) {
  const region = screen.getByRole('region', { name: /Notifications/ });
  return within(region).findByText(text);
}

describe('products list', () => {
  it('shows the five cards from the summary, money per currency', async () => {
    stubFetch(routes([cable]));
    renderList();
    const total = await screen.findByTestId('summary-total-products');
    await waitFor(() => expect(within(total).getByTestId('summary-value')).toHaveTextContent('4'));
    expect(total).toHaveTextContent('3 active');
    expect(within(screen.getByTestId('summary-low-stock')).getByTestId('summary-value')).toHaveTextContent('1');
    expect(within(screen.getByTestId('summary-out-of-stock')).getByTestId('summary-value')).toHaveTextContent('1');
    const revenue = within(screen.getByTestId('summary-total-revenue'))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(revenue).toEqual(['€80.00', '$1,234.50']);
    expect(within(screen.getByTestId('summary-avg-price')).getByTestId('summary-value')).toHaveTextContent('$19.99');
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Add Product' })).toHaveAttribute('href', '/products/create');
  });

  it('shows skeleton rows while loading, then the columns, badges in their colours and the quantities', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    stubFetch([
      { path: '/api/products/summary', body: summary },
      { path: '/api/products', reply: async (url) => (await gate, productsApi([cable, adapter, dock, hour])(url)) },
    ]);
    renderList();
    expect(screen.getAllByTestId('product-row-skeleton')).toHaveLength(5);
    release();
    expect(await screen.findAllByTestId('product-row')).toHaveLength(4);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Product',
      'SKU',
      'Category',
      'Price',
      'Stock Status',
      'Quantity',
      'Revenue',
      'Actions',
    ]);

    const c = within(row('USB-C Cable'));
    expect(c.getByText('CAB-001')).toBeInTheDocument();
    expect(c.getByText('Hardware')).toBeInTheDocument();
    expect(c.getByText('$12.50')).toBeInTheDocument();
    expect(c.getByText('$1,234.50')).toBeInTheDocument();
    expect(c.getByText('In Stock')).toHaveClass('bg-green-100', 'text-green-800');
    expect(c.getByText('10')).not.toHaveClass('text-red-600'); // above the threshold of 2

    const a = within(row('Power Adapter'));
    expect(a.getByText('Low Stock')).toHaveClass('bg-yellow-100', 'text-yellow-800');
    expect(a.getByText('2')).toHaveClass('text-red-600'); // at the threshold

    const d = within(row('Dock'));
    expect(d.getByText('Out of Stock')).toHaveClass('bg-red-100', 'text-red-800');
    expect(d.getByText('0')).toHaveClass('text-red-600');

    const h = within(row('Consulting hour'));
    expect(h.getAllByText('Not tracked').find((e) => e.dataset.status)).toHaveAttribute('data-status', 'not-tracked');
    expect(h.getAllByText('Not tracked')).toHaveLength(2); // the status and the quantity
    expect(h.getByText('Inactive')).toBeInTheDocument();
    expect(h.getByRole('link', { name: 'Edit product: Consulting hour' })).toHaveAttribute('href', '/products/4/edit');
  });

  it('searches on the server with the search query parameter', async () => {
    const user = userEvent.setup();
    const calls = stubFetch(routes([cable, adapter, hour]));
    renderList();
    expect(await screen.findAllByTestId('product-row')).toHaveLength(3);
    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'consult');
    await waitFor(() => expect(screen.getAllByTestId('product-row')).toHaveLength(1));
    expect(screen.getByText('Consulting hour')).toBeInTheDocument();
    const searched = calls.map((c) => new URL(c.url, 'http://localhost')).filter((u) => u.pathname === '/api/products');
    expect(searched.at(-1)!.searchParams.get('search')).toBe('consult');
    expect(screen.getByTestId('products-total')).toHaveTextContent('1 product');
  });

  it('shows both empty states, each linking to /products/new', async () => {
    const user = userEvent.setup();
    stubFetch(routes([]));
    const { router } = renderList();
    expect(await screen.findByText('No products yet.')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Add Product' }).map((l) => l.getAttribute('href'))).toContain('/products/new');

    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'zzz');
    expect(await screen.findByText('No products found matching your search.')).toBeInTheDocument();
    const links = screen.getAllByRole('link', { name: 'Add Product' }).filter((l) => l.getAttribute('href') === '/products/new');
    await user.click(links[0]!);
    expect(router.state.location.pathname).toBe('/products/new');
  });

  it('deletes only after the confirmation, then toasts and refreshes the list', async () => {
    const user = userEvent.setup();
    let all = [cable, hour];
    const calls = stubFetch([
      {
        method: 'DELETE',
        path: '/api/products/4',
        reply: () => {
          all = [cable];
          return { status: 204 };
        },
      },
      { path: '/api/products/summary', body: summary },
      { path: '/api/products', reply: (url) => productsApi(all)(url) },
    ]);
    renderList();
    await user.click(await screen.findByRole('button', { name: 'Delete product: Consulting hour' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Are you sure you want to delete this product?' });
    expect(dialog).toHaveTextContent('“Consulting hour” will be removed from your catalog.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete product: Consulting hour' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await findToast('Product deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('product-row')).toHaveLength(1));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/products/4']);
  });

  it('says "Failed to delete product" when the delete fails', async () => {
    const user = userEvent.setup();
    stubFetch(
      routes(
        [cable],
        [
          {
            method: 'DELETE',
            path: '/api/products/1',
            status: 500,
            body: { statusCode: 500, error: 'Internal Server Error', message: 'x' },
          },
        ],
      ),
    );
    renderList();
    await user.click(await screen.findByRole('button', { name: 'Delete product: USB-C Cable' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await findToast('Failed to delete product')).toBeInTheDocument();
    expect(screen.getAllByTestId('product-row')).toHaveLength(1);
  });

  it('shows the load failure with a retry', async () => {
    const user = userEvent.setup();
    let fail = true;
    stubFetch([
      { path: '/api/products/summary', body: summary },
      {
        path: '/api/products',
        reply: (url) =>
          fail ? { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'x' } } : productsApi([cable])(url),
      },
    ]);
    renderList();
    expect(await screen.findByText('Failed to load products')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('product-row')).toHaveLength(1);
  });
});
