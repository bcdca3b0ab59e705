import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { expectAccessible as axe, signUp, snap, toasts } from './support';

const headers = { 'X-Requested-With': 'XMLHttpRequest' };

/** A local webhook receiver: every request it gets (raw body and headers), answered 200 with a short body. */
async function startReceiver() {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('received by the e2e receiver');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/billpoint-hooks`, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** axe with the pointer off the controls: a button just clicked is otherwise measured in its hover colour. */
async function expectAccessible(page: Page, screen: string) {
  await page.mouse.move(0, 0);
  await axe(page, screen);
}

const card = (page: Page, name: string) => page.getByTestId(name).getByTestId('summary-value');

test('integrations: a key made in the dialog calls the API and its usage shows; a webhook to a local receiver gets a signed invoice.created', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(240_000); // a long journey: keys, usage, a webhook with its deliveries, documentation, revocation
  await signUp(page, { firstName: 'Ines', lastName: 'Integrator', organization: 'Hooks & Keys GmbH' });
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  await sidebar.getByRole('button', { name: 'Settings' }).click();
  await sidebar.getByRole('link', { name: 'Integrations' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
  await expect(page.getByText('No API keys yet')).toBeVisible();
  await expect(card(page, 'summary-active-api-keys')).toHaveText('0');
  await expect(card(page, 'summary-success-rate')).toHaveText('—');
  await expectAccessible(page, 'integrations (empty)');

  // Create API Key: the form's fields, '*' ticks every scope; the key is shown once with the warning.
  await page.getByRole('button', { name: 'Create API Key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create API Key' });
  await expect(dialog.getByLabel('Rate limit (requests per hour)')).toHaveValue('1000');
  await dialog.getByRole('button', { name: 'Create API Key' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await dialog.getByLabel('Name').fill('Accounting sync');
  await dialog.getByLabel('Full access (*)').check();
  await expect(dialog.getByLabel('invoices:write')).toBeChecked();
  await expect(dialog.getByLabel('invoices:write')).toBeDisabled();
  await dialog.getByLabel('Full access (*)').uncheck();
  await dialog.getByLabel('customers:read').check();
  await dialog.getByLabel('invoices:write').check();
  await expectAccessible(page, 'create API key dialog');
  await dialog.getByRole('button', { name: 'Create API Key' }).click();

  const created = page.getByRole('dialog', { name: 'API Key Created' });
  await expect(created.getByText('Make sure to copy your API key now. You won’t be able to see it again!')).toBeVisible();
  const key = await created.getByRole('textbox', { name: 'Your API key' }).inputValue();
  expect(key).toMatch(/^bp_[0-9A-Za-z]{49}$/);
  await snap(page, testInfo, 'integrations-01-key-shown-once');
  await created.getByRole('button', { name: 'Done' }).click();

  const row = page.getByRole('table', { name: 'API keys' }).getByRole('row').filter({ hasText: 'Accounting sync' });
  await expect(row.getByText(`${key.slice(0, 11)}•`)).toBeVisible();
  await expect(row.getByText(key)).toHaveCount(0);
  await expect(row.getByText('customers:read')).toBeVisible();
  await expect(row.getByText('Active')).toBeVisible();
  await expect(row.getByText('Never')).toBeVisible();
  await expect(row.getByTestId('key-requests')).toHaveText('0');
  await expect(card(page, 'summary-active-api-keys')).toHaveText('1');

  // The key at work, from the test: the public API with its rate-limit headers.
  const answer = await request.get('/api/v1/customers', { headers: { Authorization: `Bearer ${key}` } });
  expect(answer.status()).toBe(200);
  expect(await answer.json()).toMatchObject({ object: 'list', data: [], has_more: false });
  expect(answer.headers()['x-ratelimit-limit']).toBe('1000');
  expect(answer.headers()['x-ratelimit-remaining']).toBe('999');
  // A scope the key lacks: 403 naming it (and it counts as a request too).
  expect((await request.get('/api/v1/products', { headers: { Authorization: `Bearer ${key}` } })).status()).toBe(403);

  // Usage is recorded off the request path: after a reload the card and the row show both requests.
  await expect(async () => {
    await page.reload();
    await expect(card(page, 'summary-api-requests')).toBeVisible();
    expect(await card(page, 'summary-api-requests').textContent()).toBe('2');
  }).toPass({ timeout: 30_000 });
  await expect(row.getByTestId('key-requests')).toHaveText('2');
  await expect(card(page, 'summary-success-rate')).toHaveText('50.0%');
  await expect(row.getByText('Never')).toHaveCount(0);

  // Test a key: valid, then one character off (the checksum catches it).
  await page.getByLabel('API key', { exact: true }).fill(key);
  await page.getByRole('button', { name: 'Test key' }).click();
  await expect(toasts(page).getByText('API Key Valid')).toBeVisible();
  const typo = `${key.slice(0, 10)}${key[10] === 'A' ? 'B' : 'A'}${key.slice(11)}`;
  await page.getByLabel('API key', { exact: true }).fill(typo);
  await page.getByRole('button', { name: 'Test key' }).click();
  await expect(toasts(page).getByText('API Key Invalid')).toBeVisible();
  await expect(toasts(page).getByText('checksum does not match')).toBeVisible();
  await snap(page, testInfo, 'integrations-02-api-keys');

  // On a phone the key is a stacked row (no table): its fields, its figure and its action inside the window.
  const wide = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  const stacked = page.getByRole('list', { name: 'API keys' }).getByTestId('api-key-row').filter({ hasText: 'Accounting sync' });
  await expect(stacked.getByTestId('key-requests')).toHaveText('2');
  await expect(stacked.getByText('customers:read')).toBeVisible();
  await expect(stacked.getByRole('button', { name: 'Delete Accounting sync' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expect(page.getByRole('table', { name: 'API keys' })).toHaveCount(0);
  await expectAccessible(page, 'API keys (390)');
  await snap(page, testInfo, 'integrations-02b-api-keys-390');
  await page.setViewportSize(wide);

  // Webhooks: the form's rules, then an endpoint on a local receiver (the stack allows private addresses in tests).
  const receiver = await startReceiver();
  try {
    await page.getByRole('tab', { name: 'Webhooks' }).click();
    await expect(page.getByText('No webhooks yet')).toBeVisible();
    await page.getByRole('button', { name: 'Create Webhook' }).click();
    const hookDialog = page.getByRole('dialog', { name: 'Create Webhook' });
    await expect(hookDialog.getByLabel('Retry attempts')).toHaveValue('3');
    await expect(hookDialog.getByLabel('Timeout (seconds)')).toHaveValue('30');
    await hookDialog.getByRole('button', { name: 'Create Webhook' }).click();
    await expect(hookDialog.getByText('URL is required')).toBeVisible();
    await expect(hookDialog.getByText('At least one event must be selected')).toBeVisible();
    await hookDialog.getByLabel('Name').fill('Ledger receiver');
    await hookDialog.getByLabel('URL').fill(receiver.url);
    await hookDialog.getByLabel('invoice.created').check();
    await hookDialog.getByLabel('invoice.paid').check();
    // A custom header for the receiver's own check; Billpoint's own headers are refused before anything is sent.
    await hookDialog.getByRole('button', { name: 'Add header' }).click();
    await hookDialog.getByLabel('Header 1 name').fill('Webhook-Id');
    await hookDialog.getByLabel('Header 1 value').fill('ledger-e2e-token');
    await hookDialog.getByRole('button', { name: 'Create Webhook' }).click();
    await expect(hookDialog.getByText('This header is set by Billpoint')).toBeVisible();
    await hookDialog.getByLabel('Header 1 name').fill('X-Ledger-Token');
    await expect(hookDialog.getByText('This header is set by Billpoint')).toHaveCount(0);
    await snap(page, testInfo, 'integrations-03a-webhook-dialog');
    await expectAccessible(page, 'create webhook dialog');
    await hookDialog.getByRole('button', { name: 'Create Webhook' }).click();

    const hookCreated = page.getByRole('dialog', { name: 'Webhook Created' });
    const secret = await hookCreated.getByRole('textbox', { name: 'Signing secret' }).inputValue();
    expect(secret).toMatch(/^whsec_/);
    await hookCreated.getByRole('button', { name: 'Done' }).click();
    const hook = page.getByRole('list', { name: 'Webhooks' }).getByRole('listitem').filter({ hasText: 'Ledger receiver' }).first();
    await expect(hook.getByText(receiver.url)).toBeVisible();
    await expect(hook.getByText('Active')).toBeVisible();
    await expect(card(page, 'summary-active-webhooks')).toHaveText('1');

    // An invoice made through the app's API; the webhook hears about it, signed.
    const customerAnswer = await page.request.post('/api/customers', {
      headers,
      data: { name: 'Webhook Customer Ltd', email: 'hooks@example.test' },
    });
    expect(customerAnswer.status()).toBe(201);
    const customer = await customerAnswer.json();
    const invoiceAnswer = await page.request.post('/api/invoices', {
      headers,
      data: {
        invoice: { customerId: customer.id, dueDate: '2030-01-31' },
        items: [{ description: 'Hook setup', quantity: '1', rate: '99.00' }],
      },
    });
    expect(invoiceAnswer.status()).toBe(201);
    const invoice = await invoiceAnswer.json();
    await expect.poll(() => receiver.received.filter((r) => r.body.includes('"invoice.created"')).length, { timeout: 20_000 }).toBe(1);
    const delivery = receiver.received.find((r) => r.body.includes('"invoice.created"'))!;
    const verified = new Webhook(secret).verify(delivery.body, {
      'webhook-id': String(delivery.headers['webhook-id']),
      'webhook-timestamp': String(delivery.headers['webhook-timestamp']),
      'webhook-signature': String(delivery.headers['webhook-signature']),
    }) as { type: string; data: { id: number } };
    expect(verified.type).toBe('invoice.created');
    expect(verified.data.id).toBe(invoice.id);
    expect(delivery.headers['x-ledger-token']).toBe('ledger-e2e-token');
    // A wrong secret does not verify.
    expect(() =>
      new Webhook(`whsec_${Buffer.from('not the secret of this endpoint').toString('base64')}`).verify(delivery.body, {
        'webhook-id': String(delivery.headers['webhook-id']),
        'webhook-timestamp': String(delivery.headers['webhook-timestamp']),
        'webhook-signature': String(delivery.headers['webhook-signature']),
      }),
    ).toThrow();

    // The delivery view: status success, the event, one attempt, 200, and the receiver's answer on expand.
    await hook.getByRole('button', { name: 'Deliveries' }).click();
    const deliveries = page.getByRole('dialog', { name: 'Deliveries of Ledger receiver' });
    const deliveryRow = deliveries.getByTestId('delivery-row').filter({ hasText: 'invoice.created' });
    await expect(async () => {
      await deliveries.getByRole('button', { name: 'Refresh' }).click();
      await expect(deliveryRow.getByText('Success')).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await expect(deliveryRow.getByRole('cell', { name: '200' })).toBeVisible();
    await deliveryRow.getByRole('button', { name: /Show details/ }).click();
    await expect(deliveries.getByText('received by the e2e receiver')).toBeVisible();
    await expect(deliveries.getByText(String(delivery.headers['webhook-id']))).toBeVisible();
    await snap(page, testInfo, 'integrations-03-deliveries');
    await expectAccessible(page, 'deliveries');
    await page.keyboard.press('Escape');

    // Send test: a webhook.test event reaches the receiver now.
    await hook.getByRole('button', { name: 'Send test to Ledger receiver' }).click();
    await expect(toasts(page).getByText('Test event delivered')).toBeVisible();
    expect(receiver.received.some((r) => r.body.includes('"webhook.test"'))).toBe(true);
    await snap(page, testInfo, 'integrations-04-webhooks');
    await expectAccessible(page, 'webhooks');
  } finally {
    await receiver.close();
  }

  // Documentation: base path, bearer keys, the endpoints, rate-limit headers, the reference page.
  await page.getByRole('tab', { name: 'Documentation' }).click();
  const endpoints = page.getByRole('table', { name: 'Endpoints' });
  await expect(endpoints.getByRole('row').filter({ hasText: 'Get a customer' })).toContainText('GET/api/v1/customers/{id}customers:read');
  await expect(endpoints.getByRole('row').filter({ hasText: '/api/v1/analytics/dashboard' })).toContainText('analytics:read');
  await expect(page.getByText('X-RateLimit-Remaining')).toBeVisible();
  await expect(page.getByText('Idempotency-Key', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'API reference' })).toHaveAttribute('href', '/api/v1/reference');
  expect((await page.request.get('/api/v1/reference')).status()).toBe(200);
  expect((await (await page.request.get('/api/v1/openapi.json')).json()).openapi).toMatch(/^3\.1/);
  // The quick start: install and generate the types from this server's document, then the typed client.
  const origin = new URL(page.url()).origin;
  await expect(page.getByRole('heading', { name: 'Quick start' })).toBeVisible();
  const install = page.getByLabel('Install commands');
  await expect(install).toHaveText(`npm install openapi-fetch\nnpx openapi-typescript ${origin}/api/v1/openapi.json -o billpoint.d.ts`);
  await expect(install.locator('code')).toHaveCount(1);
  const client = page.getByLabel('Client code');
  await expect(client).toContainText('createClient<paths>');
  await expect(client).toContainText(`baseUrl: '${origin}'`);
  await expect(client).toContainText("'Idempotency-Key': crypto.randomUUID()");
  await expect(client).toContainText('starting_after: startingAfter');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copy install commands' }).click();
  await expect(page.getByRole('button', { name: 'Copied install commands' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await install.textContent());
  // Versioning, paging, the error codes.
  await expect(page.getByText(/^Send Billpoint-Version: \d{4}-\d{2}-\d{2} to pin a version/)).toBeVisible();
  await expect(page.getByText(/"has_more": true/)).toBeVisible();
  const codes = page.getByRole('table', { name: 'Error codes' });
  await expect(codes.getByRole('row').filter({ hasText: 'parameter_unknown' })).toContainText('400');
  await expect(codes.getByRole('row').filter({ hasText: 'idempotency_key_in_use' })).toContainText('409');
  await snap(page, testInfo, 'integrations-05-documentation');
  await expectAccessible(page, 'documentation');
  // On a phone (390 px: the sidebar is a drawer behind the menu button): no sideways scrolling of the page; the
  // long code scrolls inside its box.
  const desktop = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await page.getByRole('tab', { name: 'Documentation' }).click();
  await expect(page.getByRole('heading', { name: 'Quick start' })).toBeVisible();
  // The elements that stick out, named in the failure (empty when the page fits).
  const sticksOut = await page.evaluate(() =>
    document.documentElement.scrollWidth <= window.innerWidth
      ? []
      : [...document.querySelectorAll('body *')]
          .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5 && !e.closest('pre, [data-slot=table-container]'))
          .slice(-5)
          .map((e) => `${e.tagName.toLowerCase()}.${e.className} (${Math.round(e.getBoundingClientRect().right)} px)`),
  );
  expect(sticksOut).toEqual([]);
  expect(await client.evaluate((e) => e.scrollWidth > e.clientWidth && e.getBoundingClientRect().right <= window.innerWidth)).toBe(true);
  await snap(page, testInfo, 'integrations-05-documentation-390');
  await expectAccessible(page, 'documentation at 390 px');
  await page.setViewportSize(desktop);
  await page.reload();

  // Delete (revoke) the key: the API refuses it from then on.
  await page.getByRole('tab', { name: 'API Keys' }).click();
  await page.getByRole('button', { name: 'Delete Accounting sync' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No API keys yet')).toBeVisible();
  await expect
    .poll(async () => (await request.get('/api/v1/customers', { headers: { Authorization: `Bearer ${key}` } })).status(), {
      timeout: 10_000,
    })
    .toBe(401);
});

test('audit log: a customer updated in the app appears in Settings → Security with its old and new values', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await signUp(page, { firstName: 'Aud', lastName: 'Itor', organization: 'Trail Keepers' });
  const customer = await (
    await page.request.post('/api/customers', { headers, data: { name: 'Audited Customer', email: 'audited@example.test' } })
  ).json();

  await page.goto(`/customers/${customer.id}/edit`);
  await page.getByLabel('Industry').fill('Shipbuilding');
  const saved = page.waitForResponse((r) => r.url().endsWith(`/api/customers/${customer.id}`) && r.request().method() === 'PUT');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  expect((await saved).status()).toBe(200);

  await page.goto('/settings?section=security');
  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
  // Security now holds the real two-factor settings, not a switch kept in the browser.
  await expect(page.getByText('Two-factor authentication', { exact: true })).toBeVisible();
  await page.getByLabel('Entity type').fill('customer');
  await page.getByLabel('Action').fill('updated');
  await page.getByRole('button', { name: 'Filter' }).click();
  const row = page.getByTestId('audit-row').filter({ hasText: `#${customer.id}` });
  await expect(async () => {
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect(row).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(row).toContainText('You');
  await expect(row).toContainText('updated');
  await expect(row.getByRole('cell').nth(4)).not.toHaveText('—'); // the IP the gateway saw
  await snap(page, testInfo, 'audit-01-list');
  await expectAccessible(page, 'audit log');

  await row.getByRole('button').click();
  const entry = page.getByRole('dialog', { name: `customer #${customer.id} updated` });
  const industry = entry.getByRole('table', { name: 'Changed values' }).getByRole('row').filter({ hasText: 'industry' });
  await expect(industry.getByRole('cell').nth(2)).toHaveText('Shipbuilding');
  await snap(page, testInfo, 'audit-02-entry');
  await expectAccessible(page, 'audit entry');
  await page.keyboard.press('Escape');
  await expect(entry).toBeHidden();

  // Filters narrow it: nothing was deleted.
  await page.getByLabel('Action').fill('deleted');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByText('No entries')).toBeVisible();
});
