import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, signUp, snap } from './support';

/**
 * A new organization sees only true figures — the dashboard's subtexts and alerts computed from its own
 * (empty, then seeded) data, no maintenance notice unless the operator set one, no overdue tax return for the time
 * before it existed, and a plans page whose saving badge is the largest of its cards' savings.
 */
const headers = { 'X-Requested-With': 'XMLHttpRequest' };
const subtext = (page: Page, card: string) => page.getByTestId(`stat-${card}`);

test('the plans page: "Save up to N%" is the largest saving of its cards', async ({ page }) => {
  await page.goto('/subscription-plans');
  await page.getByRole('button', { name: 'Yearly' }).click();
  const savings = await page
    .getByTestId(/^plan-(starter|professional|enterprise)$/)
    .getByText(/^Save \d+%$/)
    .allTextContents();
  expect(savings).toHaveLength(3);
  const largest = Math.max(...savings.map((s) => Number(/\d+/.exec(s)![0])));
  await expect(page.getByTestId('yearly-saving')).toHaveText(`Save up to ${largest}%`);
  // The comparison table says what the cards say.
  await expect(page.getByTestId('plan-starter').getByText('5 customers', { exact: true })).toBeVisible();
  await expect(page.getByRole('row', { name: /Customers 5 Unlimited Unlimited/ })).toBeVisible();
});

test('a new organization: true dashboard figures (empty, then seeded) and no overdue tax return', async ({ page }, testInfo) => {
  await signUp(page, { firstName: 'Nora', lastName: 'New', organization: 'Brand New Ltd' });

  // Empty tenant.
  await expect(subtext(page, 'total-revenue')).toContainText('No revenue last month');
  await expect(subtext(page, 'outstanding')).toContainText('0 pending invoices');
  await expect(subtext(page, 'total-customers')).toContainText('0 new this month');
  await expect(subtext(page, 'overdue')).toContainText('0 overdue invoices');
  await expect(page.getByTestId('alert-overdue')).toHaveText('0 Overdue Invoices');
  await expect(page.getByTestId('alert-due-soon')).toHaveText('0 invoices due soon');
  // No operator notice is set in this deployment: no System Update.
  await expect(page.getByText('System Update')).toHaveCount(0);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await snap(page, testInfo, `01-dashboard-empty-${width}`);
    await expectAccessible(page, `dashboard (empty, ${width} px)`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // Tax compliance: nothing was due before the organization existed, and the running month (monthly filing, the default) is not due yet.
  await page.goto('/tax-management');
  await page.getByRole('tab', { name: 'Tax Compliance' }).click();
  const deadlines = page.getByTestId('deadline');
  await expect(deadlines).toHaveCount(1);
  await expect(deadlines.getByTestId('deadline-status')).toHaveText('Upcoming');
  await expect(page.getByTestId('deadline-status').filter({ hasText: /Overdue|Pending/ })).toHaveCount(0);
  await snap(page, testInfo, '02-tax-compliance-new');
  await expectAccessible(page, 'tax compliance (new organization)');

  // Seeded: one customer, one invoice sent and due in 3 days.
  const customer = await page.request.post('/api/customers', { headers, data: { name: 'First Client', email: 'ap@first.test' } });
  expect(customer.status(), await customer.text()).toBe(201);
  const due = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  const invoice = await page.request.post('/api/invoices', {
    headers,
    data: {
      invoice: { customerId: (await customer.json()).id, dueDate: due },
      items: [{ description: 'Setup', quantity: '1', rate: '120.00' }],
    },
  });
  expect(invoice.status(), await invoice.text()).toBe(201);
  const sent = await page.request.post(`/api/invoices/${(await invoice.json()).id}/send`, { headers, data: {} });
  expect(sent.status(), await sent.text()).toBe(200);

  // The customer reaches billing by event: reload until the dashboard counts it.
  await expect(async () => {
    await page.goto('/');
    await expect(subtext(page, 'total-customers')).toContainText('1 new this month', { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await expect(subtext(page, 'outstanding')).toContainText('1 pending invoice');
  await expect(subtext(page, 'outstanding')).not.toContainText('1 pending invoices');
  await expect(subtext(page, 'overdue')).toContainText('0 overdue invoices');
  await expect(subtext(page, 'total-revenue')).toContainText('No revenue last month');
  await expect(page.getByTestId('alert-due-soon')).toHaveText('1 invoice due soon');
  await expect(page.getByText('System Update')).toHaveCount(0);
  await snap(page, testInfo, '03-dashboard-seeded');
  await expectAccessible(page, 'dashboard (seeded)');
});
