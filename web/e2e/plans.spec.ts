import { expect, test } from '@playwright/test';
import { expectAccessible, signUp, snap, toasts } from './support';

test('plan chooser: signed out → sign in → current plan → Starter in demo mode → the customer limit on screen', async ({
  page,
}, testInfo) => {
  // Signed out: the plans, Monthly/Yearly, the comparison; every plan button leads to sign-in.
  await page.goto('/subscription-plans');
  await expect(page.getByRole('heading', { level: 1, name: 'Choose Your Plan' })).toBeVisible();
  const card = (name: string) => page.getByTestId(`plan-${name}`);
  await expect(card('professional').getByText('Most Popular')).toBeVisible();
  await expect(card('starter').getByTestId('plan-price')).toHaveText('$29');
  await expect(card('starter').getByText('5 customers')).toBeVisible();
  await expect(page.getByText('Current Plan')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Feature Comparison' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Customers 5 Unlimited Unlimited/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Monthly', pressed: true })).toBeVisible();
  await snap(page, testInfo, '01-plans-signed-out');
  await expectAccessible(page, 'plans (signed out)');

  await page.getByRole('button', { name: 'Yearly' }).click();
  await expect(page.getByTestId('yearly-saving')).toHaveText('Save up to 31%');
  await expect(card('starter').getByText('Save 31%')).toBeVisible();
  await expect(card('professional').getByTestId('plan-price')).toHaveText('$49');
  await expect(card('professional').getByText('$588 billed yearly')).toBeVisible();
  await snap(page, testInfo, '02-plans-yearly');
  await card('enterprise').getByRole('link', { name: 'Get Started' }).click();
  await expect(page).toHaveURL(/\/api\/login/);

  // Signed in: a new organization trials Professional, marked as the current plan.
  await signUp(page, { firstName: 'Grace', lastName: 'Hopper', organization: 'Compilers Inc' });
  await page.goto('/subscription-plans');
  await expect(page.getByRole('heading', { level: 1, name: 'Choose Your Plan' })).toBeVisible();
  await expect(card('professional').getByRole('button', { name: 'Current Plan' })).toBeDisabled();
  await expect(page.getByTestId('trial-note')).toContainText('Your Professional trial ends on');
  await expect(card('enterprise').getByRole('button', { name: 'Switch to Enterprise' })).toBeEnabled();
  await snap(page, testInfo, '03-plans-trial');
  await expectAccessible(page, 'plans (signed in)');

  // Starter, in demo mode: the notice, then Starter is the current plan.
  await card('starter').getByRole('button', { name: 'Downgrade to Starter' }).click();
  await expect(toasts(page).getByText('Subscription Updated', { exact: true })).toBeVisible();
  await expect(
    toasts(page).getByText('You are now on the Starter plan, billed monthly. (Demo mode - no payment required)', { exact: true }),
  ).toBeVisible();
  await expect(card('starter').getByRole('button', { name: 'Current Plan' })).toBeDisabled();
  await expect(card('professional').getByRole('button', { name: 'Upgrade to Professional' })).toBeEnabled();
  await snap(page, testInfo, '04-plans-starter');

  // Starter allows 5 customers: four made quickly through the API, the fifth and the sixth on the screen.
  for (let n = 1; n <= 4; n++) {
    const res = await page.request.post('/api/customers', {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
      data: { name: `Customer ${n}`, email: `c${n}@compilers.test` },
    });
    expect(res.status()).toBe(201);
  }
  const addCustomer = async (name: string, email: string) => {
    await page.goto('/customers/create');
    await expect(page.getByRole('heading', { level: 1, name: 'Add Customer' })).toBeVisible();
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Create Customer' }).click();
  };
  await addCustomer('Fifth Customer', 'c5@compilers.test');
  await expect(page).toHaveURL(/\/customers$/);
  await expect(page.getByTestId('customers-total')).toHaveText('5 customers');

  await addCustomer('Sixth Customer', 'c6@compilers.test');
  await expect(toasts(page).getByText('Failed to create customer', { exact: true })).toBeVisible();
  await expect(
    toasts(page).getByText('Your Starter plan allows 5 customers. Upgrade your plan to add more.', { exact: true }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/customers\/create$/);
  await snap(page, testInfo, '05-customer-limit');
  await page.mouse.move(0, 0); // the submit button's hover colour is not what is being checked here
  await expectAccessible(page, 'customer limit');
});
