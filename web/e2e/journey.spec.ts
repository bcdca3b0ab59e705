import { expect, test, type Route } from '@playwright/test';
import { expectAccessible, snap, toasts, uniqueEmail } from './support';
import { expectListFitsPhone } from './list-phone';

test('landing → sign up → customers: add, search, view, edit, delete → logout', async ({ page }, testInfo) => {
  // Landing page
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: /Invoicing and billing/ })).toBeVisible();
  await expect(page.getByText('10K+')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Simple, transparent pricing' })).toBeVisible();
  await snap(page, testInfo, '01-landing');
  await expectAccessible(page, 'landing');

  await page.getByRole('switch', { name: 'Annual billing' }).click();
  await expect(page.getByTestId('annual-savings')).toHaveText('Save up to $600 a year with annual billing');
  await expect(page.getByTestId('plan-professional').getByTestId('plan-price')).toHaveText('$49');
  await snap(page, testInfo, '02-landing-annual-pricing');

  // Get Started Free → the gateway's sign-in page → create an account
  await page.getByRole('link', { name: 'Get Started Free' }).click();
  await expect(page).toHaveURL(/\/api\/login/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await snap(page, testInfo, '03-sign-in');

  await page.getByRole('link', { name: 'Create an account' }).click();
  const email = uniqueEmail('ada');
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Organization name').fill('Analytical Engines');
  await page.getByLabel('Email').filter({ visible: true }).fill(email);
  await page.getByLabel('Password').filter({ visible: true }).fill('correct horse battery');
  await snap(page, testInfo, '04-create-account');
  await page.getByRole('button', { name: 'Create account' }).click();

  // The shell with the dashboard
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  await expect(sidebar.getByText('Ada Lovelace')).toBeVisible();
  await expect(sidebar.getByText(email)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create Invoice' }).first()).toBeVisible();
  await snap(page, testInfo, '05-dashboard');

  // Theme: dark on toggle, as a class on the document, kept across a reload
  await sidebar.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await snap(page, testInfo, '05b-dashboard-dark');
  await sidebar.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(page.locator('html')).toHaveClass(/\blight\b/);

  // Customers: empty, then two added
  await sidebar.getByRole('link', { name: 'Customers' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
  await expect(page.getByText('No customers yet')).toBeVisible();
  await snap(page, testInfo, '06-customers-empty');

  const customers = [
    { name: 'Acme Ltd', email: 'billing@acme.test', phone: '+1 555 0100', company: 'Acme', address: '1 Main Street, Springfield' },
    { name: 'Globex Corporation', email: 'ap@globex.test', phone: '+1 555 0199', company: 'Globex', address: '2 Cypress Creek' },
  ];
  for (const [i, customer] of customers.entries()) {
    await page.getByRole('link', { name: 'Add Customer' }).first().click();
    await expect(page).toHaveURL(/\/customers\/create$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Add Customer' })).toBeVisible();
    await page.getByLabel('Name').fill(customer.name);
    await page.getByLabel('Email').fill(customer.email);
    await page.getByLabel('Phone').fill(customer.phone);
    await page.getByLabel('Company').fill(customer.company);
    await page.getByLabel('Address').fill(customer.address);
    if (i === 0) await snap(page, testInfo, '07-add-customer');
    await page.getByRole('button', { name: 'Create Customer' }).click();
    await expect(page).toHaveURL(/\/customers$/);
    await expect(toasts(page).getByText('Customer created successfully', { exact: true })).toBeVisible();
    await expect(page.getByTestId('customer-card').filter({ hasText: customer.name })).toBeVisible();
  }
  await expect(page.getByTestId('customer-card')).toHaveCount(2);
  await expect(page.getByTestId('customers-total')).toHaveText('2 customers');
  await snap(page, testInfo, '08-customers-list');
  await expectAccessible(page, 'customers list');
  // On a phone the cards take one column: no sideways scrolling
  await expectListFitsPhone(page, testInfo, { list: 'Customers', row: page.getByTestId('customer-card'), name: '08b-customers-list' });

  // Search (server side, debounced)
  await page.getByPlaceholder('Search customers...').fill('globex');
  await expect(page.getByTestId('customer-card')).toHaveCount(1);
  await expect(page.getByTestId('customer-card')).toContainText('Globex Corporation');
  await snap(page, testInfo, '09-customers-search');
  await page.getByPlaceholder('Search customers...').fill('nobody-matches-this');
  await expect(page.getByText('No customers match your search')).toBeVisible();
  await page.getByPlaceholder('Search customers...').fill('globex');
  await expect(page.getByTestId('customer-card')).toHaveCount(1);

  // View
  await page.getByRole('link', { name: 'View customer details: Globex Corporation' }).click();
  await expect(page).toHaveURL(/\/customers\/\d+\/view$/);
  await expect(page.getByRole('heading', { name: 'Globex Corporation' })).toBeVisible();
  await expect(page.getByText('Business Customer')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Contact Information' })).toBeVisible();
  await expect(page.getByText('ap@globex.test')).toBeVisible();
  await expect(page.getByText('30 days')).toBeVisible();
  await snap(page, testInfo, '10-customer-view');

  // Edit: a validation error first, then fixed
  await page.getByRole('link', { name: 'Edit Customer' }).click();
  await expect(page).toHaveURL(/\/customers\/\d+\/edit$/);
  await expect(page.getByRole('heading', { name: 'Customer Information' })).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue('Globex Corporation');
  await expectAccessible(page, 'customer edit');
  await page.getByLabel('Name').fill('');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(page.getByText('Valid email is required')).toBeVisible();
  await snap(page, testInfo, '11-customer-edit-invalid');

  await page.getByLabel('Name').fill('Globex Corp');
  await page.getByLabel('Email').fill('accounts@globex.test');
  await page.getByLabel('Payment Terms (days)').fill('45');
  await page.getByRole('combobox', { name: 'Currency' }).click();
  await page.getByRole('option', { name: 'EUR' }).click();
  await page.getByRole('switch', { name: 'Active Customer' }).click();
  await snap(page, testInfo, '12-customer-edit-fixed');
  await page.getByRole('button', { name: 'Save Changes' }).click();

  await expect(page).toHaveURL(/\/customers\/\d+\/view$/);
  await expect(toasts(page).getByText('Customer updated successfully', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Globex Corp' })).toBeVisible();
  await expect(page.getByText('accounts@globex.test')).toBeVisible();
  await expect(page.getByText('Inactive')).toBeVisible();
  await expect(page.getByText('45 days')).toBeVisible();
  await expect(page.getByText('EUR')).toBeVisible();
  await snap(page, testInfo, '13-customer-view-updated');

  // Delete (no confirmation)
  await page.getByRole('link', { name: 'Back to Customers' }).click();
  await expect(page.getByTestId('customer-card')).toHaveCount(2);
  await page.getByRole('button', { name: 'Delete customer: Globex Corp' }).click();
  await expect(toasts(page).getByText('Customer deleted successfully', { exact: true })).toBeVisible();
  await expect(page.getByTestId('customer-card')).toHaveCount(1);
  await expect(page.getByTestId('customer-card')).toContainText('Acme Ltd');
  await snap(page, testInfo, '14-customers-after-delete');

  // Logout → back at sign-in; the session is gone
  await sidebar.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/api\/login/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await snap(page, testInfo, '15-signed-out');
  const me = await page.request.get('/api/auth/user');
  expect(me.status()).toBe(401);
});

test('signed out, /customers shows the Unauthorized notice and then the sign-in page', async ({ page }, testInfo) => {
  // Hold the browser's trip to the sign-in page so the notice can be checked and photographed first.
  let loginRequested!: (route: Route) => void;
  const heldLogin = new Promise<Route>((resolve) => (loginRequested = resolve));
  await page.route('**/api/login', (route) => loginRequested(route));

  await page.goto('/customers');
  const notice = toasts(page);
  await expect(notice.getByText('Unauthorized', { exact: true })).toBeVisible();
  await expect(notice.getByText('You are logged out. Logging in again...', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toHaveCount(0);
  await snap(page, testInfo, '01-unauthorized-notice');

  const login = await heldLogin;
  expect(login.request().isNavigationRequest()).toBe(true);
  await login.continue();
  await page.unroute('**/api/login');
  await expect(page).toHaveURL(/\/api\/login$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await snap(page, testInfo, '02-sign-in');
});

test('unknown paths show the not-found page', async ({ page }, testInfo) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('404 Page Not Found')).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  await snap(page, testInfo, '01-not-found');
});
