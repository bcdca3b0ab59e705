import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntegrationMessages, type ApiKey } from '@billpoint/proto';
import { makeUser } from '@/testing/factories';
import { renderRoutes, stubFetch, type Route } from '@/testing/render';
import { makeApiKey, makeUsage, makeWebhook } from '../testing/factories';
import { IntegrationsPage } from './integrations-page';

const renderPage = (path = '/integrations') => renderRoutes([{ path: '/integrations', element: <IntegrationsPage /> }], { path });
const toastArea = () => screen.getByRole('region', { name: /Notifications/ });
const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Record<string, unknown>;
const KEY = `bp_${'A'.repeat(43)}abcdef`;

function stub(extra: Route[] = [], { keys = [] as ApiKey[], user = makeUser() } = {}) {
  return stubFetch([
    ...extra,
    { path: '/api/auth/user', body: user },
    { path: '/api/integrations/api-keys', body: { apiKeys: keys } },
    { path: '/api/integrations/api-keys/usage-stats', body: makeUsage() },
    { path: '/api/integrations/webhooks', body: { webhooks: [] } },
  ]);
}

describe('integrations screen', () => {
  it('shows the four stat cards, and each key with its masked key, scopes, status, last use and requests', async () => {
    const key = makeApiKey({ id: 7, name: 'Sync', permissions: ['*'], lastUsedAt: null });
    stubFetch([
      { path: '/api/auth/user', body: makeUser() },
      { path: '/api/integrations/api-keys', body: { apiKeys: [key, makeApiKey({ name: 'Old', isActive: false })] } },
      {
        path: '/api/integrations/api-keys/usage-stats',
        body: makeUsage({
          totalRequests: 8,
          successfulRequests: 6,
          keys: [
            {
              keyId: 7,
              name: 'Sync',
              keyPrefix: key.keyPrefix,
              requestsToday: 8,
              requestsThisMonth: 8,
              errorRate: 0.25,
              p95LatencyMs: 12,
              lastUsedAt: null,
            },
          ],
        }),
      },
      { path: '/api/integrations/webhooks', body: { webhooks: [makeWebhook(), makeWebhook({ isActive: false })] } },
    ]);
    renderPage();
    const row = (await screen.findByRole('cell', { name: 'Sync' })).closest('tr')!;
    expect(within(row).getByText(key.maskedKey)).toBeInTheDocument();
    expect(within(row).getByText('* (full access)')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(within(row).getByText('Never')).toBeInTheDocument();
    await waitFor(() => expect(within(row).getByTestId('key-requests')).toHaveTextContent('8'));
    const old = screen.getByRole('cell', { name: 'Old' }).closest('tr')!;
    expect(within(old).getByText('Inactive')).toBeInTheDocument();

    const value = (title: string) => within(screen.getByTestId(title)).getByTestId('summary-value');
    expect(value('summary-active-api-keys')).toHaveTextContent('1');
    expect(value('summary-api-requests')).toHaveTextContent('8');
    await waitFor(() => expect(value('summary-active-webhooks')).toHaveTextContent('1'));
    expect(value('summary-success-rate')).toHaveTextContent('75.0%');
  });

  it('creates a key from the dialog and shows it once with the warning', async () => {
    const user = userEvent.setup();
    const calls = stub([
      {
        method: 'POST',
        path: '/api/integrations/api-keys',
        reply: () => ({ status: 201, body: { apiKey: makeApiKey({ name: 'CI' }), actualKey: KEY } }),
      },
    ]);
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Create API Key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API Key' });
    await user.type(within(dialog).getByLabelText('Name'), 'CI');
    await user.click(within(dialog).getByLabelText('invoices:read'));
    await user.click(within(dialog).getByLabelText('customers:write'));
    await user.click(within(dialog).getByRole('button', { name: 'Create API Key' }));

    const created = await screen.findByRole('dialog', { name: 'API Key Created' });
    expect(within(created).getByLabelText('Your API key')).toHaveValue(KEY);
    expect(within(created).getByText(IntegrationMessages.keyShownOnce)).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(bodyOf(post.init)).toEqual({
      name: 'CI',
      permissions: ['invoices:read', 'customers:write'],
      rateLimit: 1000,
      expiresAt: null,
      isActive: true,
    });
    await user.click(within(created).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("says 'Failed to create API key' with the server's reason when the create fails", async () => {
    const user = userEvent.setup();
    stub([
      {
        method: 'POST',
        path: '/api/integrations/api-keys',
        status: 403,
        body: { statusCode: 403, error: 'Forbidden', message: 'Your Starter plan allows 1 API key. Upgrade your plan to add more.' },
      },
    ]);
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Create API Key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API Key' });
    await user.type(within(dialog).getByLabelText('Name'), 'Second');
    await user.click(within(dialog).getByRole('button', { name: 'Create API Key' }));
    // The dialog is modal (the rest of the page, toasts included, is hidden from assistive tech meanwhile).
    expect(await screen.findByText('Failed to create API key')).toBeInTheDocument();
    // The toast's description (a screen reader's live-region copy of it may exist for a moment too).
    expect(screen.getByText(/allows 1 API key/, { selector: 'div' })).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Create API Key' })).toBeInTheDocument();
  });

  it("tests a key: 'API Key Valid' or 'API Key Invalid' with the server's message", async () => {
    const user = userEvent.setup();
    let valid = true;
    stub([
      {
        method: 'POST',
        path: '/api/integrations/test-api-key',
        reply: () => ({
          body: valid ? { success: true, message: 'API key is valid' } : { success: false, message: 'API key has expired' },
        }),
      },
    ]);
    renderPage();
    await user.type(await screen.findByLabelText('API key'), KEY);
    await user.click(screen.getByRole('button', { name: 'Test key' }));
    expect(await within(toastArea()).findByText('API Key Valid')).toBeInTheDocument();
    expect(within(toastArea()).getByText('API key is valid')).toBeInTheDocument();
    valid = false;
    await user.click(screen.getByRole('button', { name: 'Test key' }));
    expect(await within(toastArea()).findByText('API Key Invalid')).toBeInTheDocument();
    expect(within(toastArea()).getByText('API key has expired')).toBeInTheDocument();
  });

  it("shows a member who is not an admin the server's refusal, and no create buttons", async () => {
    const refusal = { statusCode: 403, error: 'Forbidden', message: IntegrationMessages.adminsOnly };
    stubFetch([
      { path: '/api/auth/user', body: makeUser({ role: 'user' }) },
      { path: '/api/integrations/api-keys', status: 403, body: refusal },
      { path: '/api/integrations/api-keys/usage-stats', status: 403, body: refusal },
      { path: '/api/integrations/webhooks', status: 403, body: refusal },
    ]);
    renderPage();
    expect(await screen.findByText(IntegrationMessages.adminsOnly)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create API Key' })).toBeNull();
    expect(screen.queryByLabelText('API key')).toBeNull();
    expect(within(screen.getByTestId('summary-api-requests')).getByTestId('summary-value')).toHaveTextContent('—');
  });

  it('creates a webhook: https:// in front of a bare host, the chosen events, and the secret shown once', async () => {
    const user = userEvent.setup();
    const calls = stub([
      {
        method: 'POST',
        path: '/api/integrations/webhooks',
        reply: () => ({ status: 201, body: { webhook: makeWebhook({ name: 'Ledger' }), secret: 'whsec_c2VjcmV0' } }),
      },
    ]);
    renderPage('/integrations?tab=webhooks');
    await user.click(await screen.findByRole('button', { name: 'Create Webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Webhook' });
    await user.click(within(dialog).getByRole('button', { name: 'Create Webhook' }));
    expect(await within(dialog).findByText('URL is required')).toBeInTheDocument();
    expect(within(dialog).getByText('At least one event must be selected')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Name'), 'Ledger');
    await user.type(within(dialog).getByLabelText('URL'), 'hooks.example.com/in');
    await user.click(within(dialog).getByLabelText('invoice.paid'));
    await user.click(within(dialog).getByRole('button', { name: 'Create Webhook' }));

    const created = await screen.findByRole('dialog', { name: 'Webhook Created' });
    expect(within(created).getByLabelText('Signing secret')).toHaveValue('whsec_c2VjcmV0');
    expect(bodyOf(calls.find((c) => c.method === 'POST')!.init)).toEqual({
      name: 'Ledger',
      url: 'https://hooks.example.com/in',
      events: ['invoice.paid'],
      isActive: true,
      retryAttempts: 3,
      timeoutSeconds: 30,
      headers: {},
    });
  });

  it("edits custom headers as rows, checked by the server's rules; a blank row is left out", async () => {
    const user = userEvent.setup();
    const hook = makeWebhook({ id: 41, name: 'Ledger', headers: { Authorization: 'Bearer old', 'X-Team': 'billing' } });
    const calls = stub([
      { path: '/api/integrations/webhooks', body: { webhooks: [hook] } },
      { method: 'PUT', path: '/api/integrations/webhooks/41', reply: () => ({ body: hook }) },
    ]);
    renderPage('/integrations?tab=webhooks');
    await user.click(await screen.findByRole('button', { name: 'Edit Ledger' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Webhook' });
    const headers = within(dialog).getByRole('group', { name: 'Custom headers' });
    expect(within(headers).getByLabelText('Header 1 name')).toHaveValue('Authorization');
    expect(within(headers).getByLabelText('Header 2 value')).toHaveValue('billing');

    // X-Team goes; three new rows: Billpoint's own header, a value with a non-ASCII letter, the same name twice.
    await user.click(within(headers).getByRole('button', { name: 'Remove header 2' }));
    for (let i = 0; i < 4; i++) await user.click(within(headers).getByRole('button', { name: 'Add header' }));
    await user.type(within(headers).getByLabelText('Header 2 name'), 'Webhook-Signature');
    await user.type(within(headers).getByLabelText('Header 3 name'), 'X-Region');
    await user.type(within(headers).getByLabelText('Header 3 value'), 'Zürich');
    await user.type(within(headers).getByLabelText('Header 4 name'), 'authorization');
    // Row 5 stays blank.
    await user.click(within(dialog).getByRole('button', { name: 'Save Webhook' }));
    expect(await within(headers).findByText('This header is set by Billpoint')).toBeInTheDocument();
    expect(within(headers).getByText('Header values must be printable ASCII')).toBeInTheDocument();
    expect(within(headers).getByText('This header is already set above')).toBeInTheDocument();
    expect(within(headers).getByLabelText('Header 2 name')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.click(within(headers).getByRole('button', { name: 'Remove header 4' }));
    await user.clear(within(headers).getByLabelText('Header 2 name'));
    await user.type(within(headers).getByLabelText('Header 2 name'), 'X-Trace');
    await user.type(within(headers).getByLabelText('Header 2 value'), 'on');
    await user.clear(within(headers).getByLabelText('Header 3 value'));
    await user.type(within(headers).getByLabelText('Header 3 value'), 'Zurich');
    await user.clear(within(headers).getByLabelText('Header 1 value'));
    await user.type(within(headers).getByLabelText('Header 1 value'), 'Bearer new');
    await user.click(within(dialog).getByRole('button', { name: 'Save Webhook' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(bodyOf(calls.find((c) => c.method === 'PUT')!.init).headers).toEqual({
      Authorization: 'Bearer new',
      'X-Trace': 'on',
      'X-Region': 'Zurich',
    });
  });

  it("shows the server's refusal of a header under its row and in the toast", async () => {
    const user = userEvent.setup();
    const hook = makeWebhook({ id: 42, name: 'Ledger', headers: { 'X-Forwarded-Host': 'a.example' } });
    const message = 'This header may not be sent';
    stub([
      { path: '/api/integrations/webhooks', body: { webhooks: [hook] } },
      {
        method: 'PUT',
        path: '/api/integrations/webhooks/42',
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          message: `headers.X-Forwarded-Host: ${message}`,
          issues: [{ path: 'headers.X-Forwarded-Host', message }],
        },
      },
    ]);
    renderPage('/integrations?tab=webhooks');
    await user.click(await screen.findByRole('button', { name: 'Edit Ledger' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Webhook' });
    await user.click(within(dialog).getByRole('button', { name: 'Save Webhook' }));
    const headers = within(dialog).getByRole('group', { name: 'Custom headers' });
    expect(await within(headers).findByText(message)).toBeInTheDocument();
    expect(within(headers).getByLabelText('Header 1 name')).toHaveAttribute('aria-invalid', 'true');
    expect(await screen.findByText(`headers.X-Forwarded-Host: ${message}`)).toBeInTheDocument();
  });

  it('tells the owner of a webhook that was switched off after failing for 3 days', async () => {
    stub([
      {
        path: '/api/integrations/webhooks',
        body: {
          webhooks: [makeWebhook({ name: 'Broken', isActive: false, disabledAt: '2025-01-01T00:00:00Z', disabledReason: 'HTTP 500' })],
        },
      },
    ]);
    renderPage('/integrations?tab=webhooks');
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent(/was disabled .* because its deliveries failed for 3 days \(HTTP 500\)/);
  });
});
