import { expect, test } from '@playwright/test';
import { expectAccessible, signUp, snap } from './support';

const headers = { 'X-Requested-With': 'XMLHttpRequest' };

/** A credit note that becomes customer credit: the customer view shows "Credit balance" (phone and desktop), and not before. */
test('the customer view shows the credit balance from a credit note', async ({ page }, testInfo) => {
  await signUp(page, { firstName: 'Milton', lastName: 'Waddams', organization: 'Initech' });
  const post = async (url: string, data: unknown, status = 201) => {
    const res = await page.request.post(url, { headers, data });
    expect(res.status(), await res.text()).toBe(status);
    return res.json();
  };
  const customer = await post('/api/customers', { name: 'Lumbergh Holdings', email: 'bill@lumbergh.test' });
  const invoice = await post('/api/invoices', {
    invoice: { customerId: customer.id, dueDate: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10) },
    items: [{ description: 'Staplers', quantity: '4', rate: '25.00' }],
  });
  await post(`/api/invoices/${invoice.id}/send`, {}, 200);
  await post('/api/payments', { invoiceId: invoice.id, amount: '100.00', paymentMethod: 'cash' });

  await page.goto(`/customers/${customer.id}/view`);
  await expect(page.getByRole('heading', { name: 'Lumbergh Holdings' })).toBeVisible();
  await expect(page.getByText('Credit balance')).toHaveCount(0);

  // The payment reaches billing (events), then the credit note: 30.00 of customer credit.
  await expect(async () => {
    const res = await page.request.post('/api/credit-notes', {
      headers,
      data: { invoiceId: invoice.id, reason: 'Two staplers were red, not black', resolution: 'credit', amount: '30.00' },
    });
    expect(res.status(), await res.text()).toBe(201);
  }).toPass({ timeout: 10_000 });
  await expect(async () => {
    await page.reload();
    await expect(page.getByText('Credit balance')).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  const row = page.getByText('Credit balance').locator('..');
  await expect(row).toContainText('$30.00');
  await snap(page, testInfo, 'customer-credit-1280');
  await expectAccessible(page, 'customer view with credit');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(row).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await snap(page, testInfo, 'customer-credit-390');
  await expectAccessible(page, 'customer view with credit at 390 px');
});
