import { expect, test } from '@playwright/test';
import { expectAccessible, signUp, snap, toasts } from './support';

/**
 * AI insights: the empty screen, two sent invoices (one with tax) made through the API, Refresh until the insights
 * computed from them show (the ai service learns invoices from billing's events: retried, never a fixed wait), the
 * category filter and tabs, the refresh-failure notice, and the demo modal's stages, sample insights and
 * recommendations. Through the gateway, as `npm start` runs it.
 */
test('ai insights: empty, invoices, refresh, filter, tabs, failure notice, demo', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  await signUp(page, { firstName: 'Ines', lastName: 'Sight', organization: 'Insight Co' });
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  await sidebar.getByRole('link', { name: 'AI Insights' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'AI Insights' })).toBeVisible();
  await expect(page.getByText('No Insights Available')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Generate Insights' })).toBeVisible();
  await page.getByRole('tab', { name: 'High Priority' }).click();
  await expect(page.getByText('No High Priority Insights')).toBeVisible();
  await snap(page, testInfo, '01-ai-insights-empty');
  await expectAccessible(page, 'ai insights (empty)');
  await page.getByRole('tab', { name: 'All Insights' }).click();

  // Two invoices, sent: money due in the next 30 days, and tax on one of them.
  const headers = { 'X-Requested-With': 'XMLHttpRequest' };
  const customer = await (await page.request.post('/api/customers', { headers, data: { name: 'Acme Ltd', email: 'ap@acme.test' } })).json();
  const due = new Date(Date.now() + 12 * 86_400_000).toISOString().slice(0, 10);
  for (const [rate, taxRate] of [
    ['400.00', '10'],
    ['250.00', '0'],
  ]) {
    const res = await page.request.post('/api/invoices', {
      headers,
      data: { invoice: { customerId: customer.id, dueDate: due }, items: [{ description: 'Consulting', quantity: '1', rate, taxRate }] },
    });
    expect(res.status(), await res.text()).toBe(201);
    const sent = await page.request.post(`/api/invoices/${(await res.json()).id}/send`, { headers, data: {} });
    expect(sent.status(), await sent.text()).toBe(200);
  }

  // Refresh until the ai service has the invoices (events) and the insights name them.
  const cards = page.getByTestId('insight-card');
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(cards.filter({ hasText: 'expected in the next 30 days' })).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  const cash = cards.filter({ hasText: 'expected in the next 30 days' });
  // Money and dates written as the organization reads them (its language, en): never "690.00 USD" or "2026-12-25".
  await expect(cash.getByRole('heading')).toHaveText('$690.00 expected in the next 30 days'); // 440.00 (with 10 % tax) + 250.00
  await expect(cash).toContainText(/due by [A-Z][a-z]{2} \d{1,2}, \d{4} \(\$690\.00\)/);
  await expect(cash).not.toContainText(/\d{4}-\d{2}-\d{2}|\d USD|0 scheduled/);
  await expect(cash).toContainText(/\d+\/10/);
  await expect(cash).toContainText('Recommendation:');
  await expect(cards.filter({ hasText: 'for sales tax' })).toContainText('Set aside $40.00 for sales tax');
  await expect(page.getByTestId('insights-summary')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Refresh' })).toBeEnabled();
  await snap(page, testInfo, '02-ai-insights-list');
  // The pointer off the Refresh button: the shared button's hover shade (primary at 90 %) is not what axe should judge.
  await page.mouse.move(0, 0);
  await expectAccessible(page, 'ai insights (list)');

  // Category filter
  await page.getByRole('group', { name: 'Category' }).getByRole('button', { name: 'Revenue' }).click();
  await expect(page.getByText('No Insights Available')).toBeVisible();
  await page.getByRole('group', { name: 'Category' }).getByRole('button', { name: 'Cash Flow' }).click();
  await expect(cash).toBeVisible();
  await snap(page, testInfo, '03-ai-insights-cash-flow');
  await page.getByRole('group', { name: 'Category' }).getByRole('button', { name: 'All' }).click();

  // A refresh that fails: its notice.
  await page.route('**/api/ai/insights/refresh', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"down"}' }),
  );
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to refresh insights. Please try again.' })).toBeVisible();
  await snap(page, testInfo, '04-ai-insights-refresh-failed');
  await page.unroute('**/api/ai/insights/refresh');

  // Churn from one definition: a subscription started and cancelled now is 100 % in the insight and in the analytics.
  const schedule = await page.request.post('/api/recurring-invoices', {
    headers,
    data: {
      name: 'Support plan',
      customerId: customer.id,
      frequency: 'monthly',
      startDate: new Date().toISOString().slice(0, 10),
      currency: 'USD',
      items: [{ description: 'Support', quantity: 1, unitPrice: '49.00', amount: '49.00' }],
    },
  });
  expect(schedule.status(), await schedule.text()).toBe(201);
  const removed = await page.request.delete(`/api/recurring-invoices/${(await schedule.json()).id}`, { headers });
  expect(removed.status(), await removed.text()).toBeLessThan(300);
  const churn = cards.filter({ hasText: 'Subscription churn at 100%' });
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(churn).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await expect(churn).toContainText('1 of 1 subscription active in the last 30 days was paused, ended or cancelled: $49.00 of monthly');
  await sidebar.getByRole('link', { name: 'Analytics' }).click();
  await page.getByRole('tab', { name: 'Performance' }).click();
  await expect(page.getByTestId('figure-churnRate').getByTestId('figure-value')).toHaveText('100.0%');

  // The organization's language (Settings, the app's own select, languages by name) writes the insights in its locale.
  await page.goto('/settings?section=organization');
  const language = page.getByRole('combobox', { name: 'Default language' });
  await expect(language).toHaveText('English');
  await language.click();
  await expect(page.getByRole('option')).toHaveText(['English', 'Español', 'Français', 'Deutsch', 'Italiano', 'Português']);
  await page.getByRole('option', { name: 'Deutsch' }).click();
  await snap(page, testInfo, '05-settings-language');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toasts(page).getByText('Organization settings saved')).toBeVisible();
  await sidebar.getByRole('link', { name: 'AI Insights' }).click();
  const euro = cards.filter({ hasText: /690,00\s\$ expected in the next 30 days/ });
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(euro).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await expect(euro).toContainText(/due by \d{2}\.\d{2}\.\d{4} \(690,00\s\$\)/);
  await expect(euro.getByRole('definition').last()).toHaveText(/^690,00\s\$$/);
  await snap(page, testInfo, '06-ai-insights-de');

  // The demo: four stages every 2 s, sample insights, recommendations 1.5 s later; Reset, Close Demo.
  await page.getByRole('button', { name: 'Watch Demo' }).click();
  const demo = page.getByRole('dialog', { name: 'AI Insights Demo' });
  await demo.getByRole('button', { name: 'Start Demo' }).click();
  await expect(demo.getByTestId('demo-stage').nth(0)).toHaveAttribute('data-state', 'active');
  await expect(demo.getByTestId('demo-stage').nth(3)).toHaveAttribute('data-state', /active|done/, { timeout: 10_000 });
  await expect(demo.getByRole('region', { name: 'Sample insights' })).toBeVisible({ timeout: 5000 });
  await expect(demo.getByRole('region', { name: 'Recommendations' })).toBeVisible({ timeout: 5000 });
  await snap(page, testInfo, '07-ai-demo');
  await expectAccessible(page, 'ai demo');
  await demo.getByRole('button', { name: 'Reset' }).click();
  await expect(demo.getByRole('button', { name: 'Start Demo' })).toBeVisible();
  await demo.getByRole('button', { name: 'Close Demo' }).click();
  await expect(demo).toBeHidden();
});
