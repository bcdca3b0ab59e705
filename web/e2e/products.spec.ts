import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, signUp, snap, toasts } from './support';
import { expectListFitsPhone } from './list-phone';

/**
 * Products: add one with inventory (10 on hand, low at 2), put 3 on an invoice through the line's product picker,
 * send the invoice, and see the stock fall to 7 (catalog moves it from billing's invoice events, asynchronously: the
 * list is reloaded until the figure shows, never a fixed wait); mark it paid (revenue); adjust stock on the edit
 * screen; delete a product after the confirmation. Through the gateway, as `npm start` runs it.
 */
const row = (page: Page, name: string) => page.getByTestId('product-row').filter({ hasText: name });

test('products: add with inventory, sell 3 on a sent invoice, stock falls to 7, adjust, delete', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await signUp(page, { firstName: 'Ada', lastName: 'Stock', organization: 'Cable Co' });
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });

  // The empty list
  await sidebar.getByRole('link', { name: 'Products' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  await expect(page.getByText('No products yet.')).toBeVisible();
  await expect(page.getByTestId('summary-total-products').getByTestId('summary-value')).toHaveText('0');
  await snap(page, testInfo, '01-products-empty');
  await expectAccessible(page, 'products list (empty)');

  // Add New Product: the spec messages first
  await page.getByRole('link', { name: 'Add Product' }).first().click();
  await expect(page).toHaveURL(/\/products\/create$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Add New Product' })).toBeVisible();
  await expect(page.getByLabel('Stock Quantity')).toHaveCount(0);
  await page.getByRole('button', { name: 'Create Product' }).click();
  await expect(page.getByText('Product name is required')).toBeVisible();
  await expect(page.getByText('Price is required')).toBeVisible();
  await snap(page, testInfo, '02-add-product-invalid');
  await expectAccessible(page, 'add product');

  await page.getByLabel('Product Name').fill('USB-C Cable');
  await page.getByLabel('SKU').fill('CAB-001');
  await page.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Hardware' }).click();
  await page.getByLabel('Unit of Measure').fill('piece');
  await page.getByLabel('Price').fill('12.50');
  await page.getByLabel('Tax Rate (%)').fill('10');
  await page.getByRole('switch', { name: 'Track Inventory' }).click();
  await page.getByLabel('Stock Quantity').fill('10');
  await page.getByLabel('Low Stock Threshold').fill('2');
  await snap(page, testInfo, '03-add-product-filled');
  await page.getByRole('button', { name: 'Create Product' }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(toasts(page).getByText('Product created successfully', { exact: true })).toBeVisible();
  const cable = row(page, 'USB-C Cable');
  await expect(cable).toContainText('CAB-001');
  await expect(cable).toContainText('$12.50');
  await expect(cable.getByText('In Stock')).toBeVisible();
  await expect(cable.getByTestId('product-quantity')).toHaveText('10');

  // /products/new is the same screen; a service without inventory
  await page.goto('/products/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Add New Product' })).toBeVisible();
  await page.getByLabel('Product Name').fill('Installation service');
  await page.getByLabel('Price').fill('80');
  await page.getByRole('button', { name: 'Create Product' }).click();
  await expect(page).toHaveURL(/\/products$/);
  const service = row(page, 'Installation service');
  await expect(service.locator('[data-status="not-tracked"]')).toHaveText('Not tracked');
  await expect(service.getByTestId('product-quantity')).toHaveText('Not tracked');
  await expect(page.getByTestId('summary-total-products')).toContainText('2 active');

  // A second SKU CAB-001 is refused under the SKU field
  await page.goto('/products/create');
  await page.getByLabel('Product Name').fill('Another cable');
  await page.getByLabel('SKU').fill('cab-001');
  await page.getByLabel('Price').fill('1');
  await page.getByRole('button', { name: 'Create Product' }).click();
  await expect(page.getByText('A product with SKU cab-001 already exists')).toBeVisible();
  await expect(toasts(page).getByText('Failed to create product', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();

  // Search (server side)
  await page.getByRole('searchbox', { name: 'Search products' }).fill('hardware');
  await expect(page.getByTestId('product-row')).toHaveCount(1);
  await page.getByRole('searchbox', { name: 'Search products' }).fill('nothing-like-this');
  await expect(page.getByText('No products found matching your search.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add Product' }).last()).toHaveAttribute('href', '/products/new');
  await page.getByRole('searchbox', { name: 'Search products' }).fill('');
  await expect(page.getByTestId('product-row')).toHaveCount(2);
  await snap(page, testInfo, '04-products-list');
  await expectAccessible(page, 'products list');
  // On a phone the rows stack: no sideways scrolling
  await expectListFitsPhone(page, testInfo, { list: 'Products', row: page.getByTestId('product-row'), name: '04b-products-list' });

  // A customer, and an invoice that picks the product (quantity 3)
  await page.goto('/customers/create');
  await page.getByLabel('Name').fill('Initech LLC');
  await page.getByLabel('Email').fill('ap@initech.test');
  await page.getByRole('button', { name: 'Create Customer' }).click();
  await expect(toasts(page).getByText('Customer created successfully', { exact: true })).toBeVisible();

  await page.goto('/invoices/create');
  await page.getByRole('combobox', { name: 'Customer' }).click();
  await page.getByRole('option', { name: 'Initech LLC - ap@initech.test' }).click();
  await page.getByRole('button', { name: 'Choose product (item 1)' }).click();
  await page.getByRole('combobox', { name: 'Search products' }).fill('cab');
  await expect(page.getByTestId('product-search-status')).toHaveText('1 product');
  await expect(page.getByRole('option', { name: /USB-C Cable/ })).toContainText('10 in stock');
  await snap(page, testInfo, '05-invoice-product-picker');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Description (item 1)')).toHaveValue('USB-C Cable');
  await expect(page.getByLabel('Qty (item 1)')).toBeFocused();
  await page.getByLabel('Qty (item 1)').fill('3');
  await expect(page.getByTestId('invoice-tax')).toHaveText('Tax: $3.75');
  await expect(page.getByTestId('invoice-total')).toHaveText('Total: $41.25');
  await snap(page, testInfo, '06-invoice-with-product');
  await expectAccessible(page, 'create invoice with a product line');
  await page.getByRole('button', { name: 'Create Invoice' }).click();
  await expect(page).toHaveURL(/\/invoices$/);
  await expect(toasts(page).getByText('Invoice created successfully', { exact: true })).toBeVisible();

  // A draft does not take stock; sending it does
  await page
    .getByTestId('invoice-row')
    .first()
    .getByRole('link', { name: /View invoice details/ })
    .click();
  await expect(page.getByTestId('invoice-item')).toContainText('USB-C Cable');
  await page.getByRole('button', { name: 'Send to Customer' }).click();
  await expect(toasts(page).getByText('Invoice Sent', { exact: true })).toBeVisible();

  // Back on /products the stock falls to 7 once catalog has the invoice event (waiting for the text, reloading the list)
  await sidebar.getByRole('link', { name: 'Products' }).click();
  await expect(async () => {
    await page.reload();
    await expect(row(page, 'USB-C Cable').getByTestId('product-quantity')).toHaveText('7', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(row(page, 'USB-C Cable').getByText('In Stock')).toBeVisible();
  await snap(page, testInfo, '07-products-stock-7');

  // Paid: the edit form keeps the line's product (the stock stays at 7) and the product earns the line's amount
  await page.goto('/invoices');
  await page
    .getByTestId('invoice-row')
    .first()
    .getByRole('link', { name: /Edit invoice/ })
    .click();
  await expect(page.getByTestId('line-product')).toContainText('USB-C Cable');
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Paid' }).click();
  await page.getByRole('button', { name: 'Update Invoice' }).click();
  await expect(toasts(page).getByText('Invoice updated successfully.', { exact: true })).toBeVisible();
  await sidebar.getByRole('link', { name: 'Products' }).click();
  await expect(async () => {
    await page.reload();
    await expect(row(page, 'USB-C Cable')).toContainText('$37.50', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(row(page, 'USB-C Cable').getByTestId('product-quantity')).toHaveText('7');
  await expect(page.getByTestId('summary-total-revenue').getByTestId('summary-value')).toHaveText('$37.50');

  // Edit: prefilled with the shelf quantity; adjust stock by −5 → 2, at the threshold: Low Stock, in red
  await page.getByRole('link', { name: 'Edit product: USB-C Cable' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Product' })).toBeVisible();
  await expect(page.getByLabel('Product Name')).toHaveValue('USB-C Cable');
  await expect(page.getByLabel('Stock Quantity (on hand now)')).toHaveValue('7');
  await expectAccessible(page, 'edit product');
  await page.getByLabel('Quantity (±)').fill('-5');
  await page.getByLabel('Note').fill('Damaged in the warehouse');
  await page.getByRole('button', { name: 'Adjust Stock' }).click();
  await expect(toasts(page).getByText('Stock adjusted', { exact: true })).toBeVisible();
  await expect(page.getByTestId('stock-on-hand')).toContainText('On hand: 2');
  await expect(page.getByLabel('Stock Quantity (on hand now)')).toHaveValue('2');
  await snap(page, testInfo, '08-edit-product-adjusted');
  await page.getByLabel('Price').fill('13');
  await page.getByRole('button', { name: 'Update Product' }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(toasts(page).getByText('Product updated successfully', { exact: true })).toBeVisible();
  await expect(row(page, 'USB-C Cable')).toContainText('$13.00');
  await expect(row(page, 'USB-C Cable').getByText('Low Stock')).toBeVisible();
  await expect(row(page, 'USB-C Cable').getByTestId('product-quantity').locator('[data-low="true"]')).toHaveText('2');
  await expect(page.getByTestId('summary-low-stock').getByTestId('summary-value')).toHaveText('1');

  // Delete after the confirmation: cancelled first, then confirmed
  await page.getByRole('button', { name: 'Delete product: Installation service' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Are you sure you want to delete this product?' });
  await expect(confirm).toBeVisible();
  await snap(page, testInfo, '09-delete-confirmation');
  await expectAccessible(page, 'delete confirmation');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(row(page, 'Installation service')).toBeVisible();
  await page.getByRole('button', { name: 'Delete product: Installation service' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toasts(page).getByText('Product deleted successfully', { exact: true })).toBeVisible();
  await expect(row(page, 'Installation service')).toHaveCount(0);
  await expect(page.getByTestId('summary-total-products')).toContainText('1 active');
  await snap(page, testInfo, '10-products-after-delete');
});
