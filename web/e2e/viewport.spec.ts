import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { expectAccessible, signUp, snap, toasts } from './support';
import { expectFits, expectInsideWindow, seed, SIZES } from './viewport-support';

/**
 * Every screen from 360 to 1440 px: one organization with real data, then every route of the router at
 * 390 × 844 and at 1280 × 800, signed in and signed out. On each: the screen's heading, no sideways page scroll (the
 * elements that stick out named in the failure), axe, a screenshot. Also the phone's navigation drawer, three dialogs
 * and the signed-out notice inside the window. Overflows are soft failures: one run lists them all.
 */
/** `whole`: tables (by name) that show all their columns at 1280 px, without scrolling inside their card. */
type Screen = { name: string; path: string; heading: string | RegExp; tab?: string; section?: string; whole?: string[] };

function signedInScreens(ids: Awaited<ReturnType<typeof seed>>): Screen[] {
  const settings = ['Organization', 'Members', 'Exchange rates', 'Appearance', 'Categories', 'Notifications', 'Security'];
  return [
    { name: 'dashboard', path: '/', heading: 'Dashboard' },
    { name: 'customers', path: '/customers', heading: 'Customers' },
    { name: 'customer-create', path: '/customers/create', heading: 'Add Customer' },
    { name: 'customer-new', path: '/customers/new', heading: 'Add Customer' },
    { name: 'customer-view', path: `/customers/${ids.customerId}/view`, heading: 'Customer Details' },
    { name: 'customer-edit', path: `/customers/${ids.customerId}/edit`, heading: 'Edit Customer' },
    { name: 'invoices', path: '/invoices', heading: 'Invoices' },
    { name: 'invoice-create', path: '/invoices/create', heading: 'Create Invoice' },
    { name: 'invoice-view', path: `/invoices/${ids.invoiceId}`, heading: 'Invoice Details' },
    { name: 'invoice-edit', path: `/invoices/${ids.draftId}/edit`, heading: 'Edit Invoice' },
    { name: 'credit-notes', path: '/credit-notes', heading: 'Credit Notes' },
    { name: 'quotes', path: '/quotes', heading: 'Quotes' },
    { name: 'quote-create', path: '/quotes/create', heading: 'Create Quote' },
    { name: 'quote-view', path: `/quotes/${ids.quoteId}`, heading: 'Quote Details' },
    { name: 'quote-edit', path: `/quotes/${ids.quoteId}/edit`, heading: 'Edit Quote' },
    { name: 'subscriptions', path: '/subscriptions', heading: 'Recurring Invoices' },
    { name: 'subscription-create', path: '/subscriptions/create', heading: 'Create Subscription' },
    { name: 'subscription-edit', path: `/subscriptions/${ids.subscriptionId}/edit`, heading: 'Edit Subscription' },
    ...settings.map((s) => ({
      name: `settings-${s.toLowerCase().replace(' ', '-')}`,
      path: `/settings?section=${s.toLowerCase().replace(' ', '-')}`,
      heading: 'Settings',
      section: s,
      whole: s === 'Security' ? ['Audit log'] : undefined,
    })),
    { name: 'products', path: '/products', heading: 'Products' },
    { name: 'product-create', path: '/products/create', heading: 'Add New Product' },
    { name: 'product-new', path: '/products/new', heading: 'Add New Product' },
    { name: 'product-edit', path: `/products/${ids.productId}/edit`, heading: 'Edit Product' },
    { name: 'templates', path: '/invoice-templates', heading: 'Invoice Templates' },
    ...['Invoices', 'Payments', 'Customers', 'Performance'].map((tab) => ({
      name: `analytics-${tab.toLowerCase()}`,
      path: '/analytics',
      heading: 'Analytics & Reports',
      tab,
    })),
    ...['All Insights', 'High Priority'].map((tab) => ({
      name: `ai-insights-${tab.split(' ')[0]!.toLowerCase()}`,
      path: '/ai-insights',
      heading: 'AI Insights',
      tab,
    })),
    { name: 'expenses', path: '/expenses', heading: 'Expense Manager' },
    ...['Overview', 'Tax Rates', 'Financial Reports', 'Tax Compliance'].map((tab) => ({
      name: `tax-${tab.split(' ').pop()!.toLowerCase()}`,
      path: '/tax-management',
      heading: 'Tax Management',
      tab,
    })),
    ...['API Keys', 'Webhooks', 'Documentation'].map((tab) => ({
      name: `integrations-${tab.split(' ').pop()!.toLowerCase()}`,
      path: `/integrations?tab=${tab === 'API Keys' ? 'api-keys' : tab.toLowerCase()}`,
      heading: 'Integrations',
      tab,
    })),
    { name: 'plans', path: '/subscription-plans', heading: 'Choose Your Plan' },
    { name: 'not-found', path: '/nowhere/at/all', heading: '404 Page Not Found' },
  ];
}

function signedOutScreens({ publicToken, quoteToken }: { publicToken: string; quoteToken: string }): Screen[] {
  return [
    { name: 'landing', path: '/', heading: /Invoicing and billing for/ },
    { name: 'sign-in', path: '/api/login', heading: 'Sign in to your account' },
    { name: 'plans-signed-out', path: '/subscription-plans', heading: 'Choose Your Plan' },
    { name: 'pay', path: `/pay/${publicToken}`, heading: /^Pay Invoice INV-/ },
    { name: 'payment-success', path: `/payment/success?invoice=${publicToken}`, heading: /^(Invoice INV-|Payment Processing)/ },
    { name: 'quote-public', path: `/quote/${quoteToken}`, heading: /^Quote QUO-/ },
    { name: 'quote-not-found', path: '/quote/not-a-real-quote-token', heading: 'Quote Not Found' },
    { name: 'invite-invalid', path: '/invite/not-a-real-invitation-token', heading: 'Invitation not valid' },
    { name: 'not-found-signed-out', path: '/nowhere/at/all', heading: '404 Page Not Found' },
  ];
}

/** Open the screen, wait for its heading (and tab), then: fits, axe, screenshot. */
async function visit(page: Page, testInfo: TestInfo, screen: Screen, width: number) {
  const label = `${screen.name} (${width} px)`;
  await page.goto(screen.path);
  await expect(page.getByRole('heading', { level: 1, name: screen.heading }), label).toBeVisible({ timeout: 20_000 });
  if (screen.section) await expect(page.getByRole('heading', { level: 2, name: screen.section, exact: true })).toBeVisible();
  if (screen.tab) {
    const tab = page.getByRole('tab', { name: screen.tab });
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
  }
  // Let the screen's data settle (no spinner, no skeleton) before measuring.
  await expect(page.locator('[data-slot=skeleton], [role=status][aria-label^=Loading]')).toHaveCount(0, { timeout: 15_000 });
  const m = await expectFits(page, label);
  for (const table of width >= 1280 ? (screen.whole ?? []) : []) {
    const box = page.getByRole('table', { name: table }).locator('xpath=..');
    await expect(page.getByRole('table', { name: table }).getByRole('row').nth(1)).toBeVisible();
    const { scrollWidth, clientWidth } = await box.evaluate((e) => ({ scrollWidth: e.scrollWidth, clientWidth: e.clientWidth }));
    expect.soft(scrollWidth, `${table} on ${label}: every column shown`).toBeLessThanOrEqual(clientWidth);
  }
  await page.mouse.move(0, 0);
  await expectAccessible(page, label, { soft: true });
  await snap(page, testInfo, `${width}-${screen.name}`);
  return m;
}

test('every screen fits 390 and 1280 px, with axe; drawer, dialogs and the signed-out notice fit', async ({ page, browser }, testInfo) => {
  test.setTimeout(600_000); // some 110 screen visits on a shared machine
  await page.setViewportSize(SIZES[1]);
  await signUp(page, { firstName: 'Wendy', lastName: 'Width', organization: 'Responsive Layouts International' });
  const ids = await seed(page);
  const widths: Record<string, number> = {};

  // The phone's navigation: a drawer behind a menu button; the sidebar takes no width.
  await page.setViewportSize(SIZES[0]);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Sidebar' })).toBeHidden();
  expect((await page.locator('main').boundingBox())!.x).toBe(0);
  // The page behind the open drawer is hidden from assistive technology: the button is found among hidden elements too.
  const menu = page.getByRole('button', { name: 'Open navigation', includeHidden: true });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await menu.click();
  const drawer = page.getByRole('dialog', { name: 'Navigation' });
  await expect(drawer).toBeVisible();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  expect(await menu.getAttribute('aria-controls')).toBe(await drawer.getAttribute('id'));
  await expectInsideWindow(page, drawer, 'navigation drawer');
  await expect(drawer.locator(':focus')).toHaveCount(1);
  await expectAccessible(page, 'navigation drawer (390 px)');
  await snap(page, testInfo, '390-navigation-drawer');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(menu).toBeFocused();
  await menu.click();
  await page.mouse.click(SIZES[0].width - 10, SIZES[0].height / 2);
  await expect(drawer).toBeHidden();
  await menu.click();
  await drawer.getByRole('link', { name: 'Customers' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
  await expect(drawer).toBeHidden();

  for (const size of SIZES) {
    await page.setViewportSize(size);
    for (const screen of signedInScreens(ids))
      widths[`${size.width} ${screen.name}`] = (await visit(page, testInfo, screen, size.width)).scrollWidth;

    // Dialogs: inside the window, the page behind them still fitting.
    const dialogs = [
      { path: '/tax-management', open: 'Add Tax Rate', dialog: 'Add Tax Rate' },
      { path: '/settings?section=members', open: 'Invite member', dialog: 'Invite a member' },
      { path: `/invoices/${ids.invoiceId}`, open: 'Record payment', dialog: 'Record payment' },
      { path: `/invoices/${ids.invoiceId}`, open: 'Issue credit note', dialog: 'Issue credit note' },
    ];
    for (const d of dialogs) {
      await page.goto(d.path);
      await page.getByRole('button', { name: d.open }).first().click();
      const dialog = page.getByRole('dialog', { name: d.dialog });
      await expectInsideWindow(page, dialog, `${d.dialog} (${size.width} px)`);
      await expectFits(page, `${d.dialog} dialog (${size.width} px)`);
      await expectAccessible(page, `${d.dialog} dialog (${size.width} px)`, { soft: true });
      await snap(page, testInfo, `${size.width}-dialog-${d.open.toLowerCase().replaceAll(' ', '-')}`);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
  }

  // Signed out: the public screens, in a browser without the session.
  const visitor = await browser.newContext({ colorScheme: 'light' });
  const guest = await visitor.newPage();
  for (const size of SIZES) {
    await guest.setViewportSize(size);
    for (const screen of signedOutScreens(ids))
      widths[`${size.width} ${screen.name}`] = (await visit(guest, testInfo, screen, size.width)).scrollWidth;
    await guest.goto('/api/login');
    await guest.getByRole('link', { name: 'Create an account' }).click();
    await expect(guest.getByLabel('Organization name')).toBeVisible();
    widths[`${size.width} registration`] = (await expectFits(guest, `registration (${size.width} px)`)).scrollWidth;
    await expectAccessible(guest, `registration (${size.width} px)`, { soft: true });
    await snap(guest, testInfo, `${size.width}-registration`);
  }
  await visitor.close();

  // The session ends: the notice (the sign-in page it leads to held back) inside the window at both sizes.
  await page.route('**/api/login', () => undefined);
  await page.context().clearCookies();
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.goto('/customers');
    const notice = toasts(page).locator('li').filter({ hasText: 'You are logged out. Logging in again...' });
    await expectInsideWindow(page, notice, `signed-out notice (${size.width} px)`);
    await snap(page, testInfo, `${size.width}-signed-out-notice`);
  }
  await testInfo.attach('page widths', { body: JSON.stringify(widths, null, 2), contentType: 'application/json' });
});
