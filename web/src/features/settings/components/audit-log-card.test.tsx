import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditLog } from '@billpoint/proto';
import { renderRoutes, stubFetch } from '@/testing/render';
import { makeUser } from '@/testing/factories';
import { SettingsPage } from './settings-page';

const me = makeUser();
const GRACE = '7c1e2d3f-0000-4000-8000-00000000c0de';
const GONE = '9d8c7b6a-0000-4000-8000-0000000000ff';
const members = {
  members: [
    { id: me.id, name: 'Ada Lovelace', email: me.email, role: 'admin' },
    { id: GRACE, name: 'Grace Hopper', email: 'grace@example.com', role: 'manager' },
  ],
};
const entry = (overrides: Partial<AuditLog> = {}): AuditLog => ({
  id: 1,
  entityType: 'customer',
  entityId: '42',
  action: 'updated',
  service: 'customers',
  userId: me.id,
  ipAddress: '203.0.113.9',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
  oldValues: { id: 42, name: 'Acme', industry: null },
  newValues: { id: 42, name: 'Acme', industry: 'Shipbuilding' },
  metadata: { eventId: '0f0e0d0c-0b0a-4909-8807-060504030201', subject: 'evt.customers.customer.updated' },
  createdAt: '2025-03-04T10:20:00.000Z',
  ...overrides,
});
/** The account security cards above the audit log (security-section.test.tsx covers them). */
const accountSecurity = [
  { path: '/api/auth/two-factor', body: { enabled: false, recoveryCodesLeft: 0, requiredByOrganization: false, hasPassword: true } },
  { path: '/api/auth/sessions', body: { sessions: [] } },
  { path: '/api/organization/security', body: { requireTwoFactor: false } },
];
const render = () => renderRoutes([{ path: '/settings', element: <SettingsPage /> }], { path: '/settings?section=security' });

const audit = (calls: { url: string }[]) => calls.filter((c) => c.url.startsWith('/api/audit-logs'));

describe('audit log (Settings → Security)', () => {
  it('lists the entries for admins, filters and pages through them, and opens one with its old → new values', async () => {
    const user = userEvent.setup();
    const calls = stubFetch([
      ...accountSecurity,
      { path: '/api/auth/user', body: me },
      {
        path: '/api/audit-logs',
        reply: (url) => ({
          body: [
            entry({ id: Number(url.searchParams.get('offset') ?? 0) + 1 }),
            entry({ id: 900, userId: null, ipAddress: null, action: 'paid' }),
            entry({ id: 901, userId: GRACE, entityId: '43', action: 'created' }),
            entry({ id: 902, userId: GONE, entityId: '44', action: 'deleted' }),
          ],
          headers: { 'x-total-count': '45' },
        }),
      },
      { path: '/api/organization/members', body: members },
    ]);
    render();
    expect(await screen.findByRole('button', { name: 'Set up two-factor' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const rows = await within(table).findAllByTestId('audit-row');
    expect(rows[0]).toHaveTextContent('You');
    expect(rows[0]).toHaveTextContent('customer #42');
    expect(rows[0]).toHaveTextContent('203.0.113.9');
    expect(rows[1]).toHaveTextContent('System');
    // Other members by name once the members have arrived; an id no longer among them is a former member.
    await waitFor(() => expect(rows[2]).toHaveTextContent('Grace Hopper'));
    expect(rows[3]).toHaveTextContent('Former member');
    expect(within(table).queryByText(/^User /)).toBeNull();
    expect(screen.getByText('1–4 of 45')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Entity type'), 'customer');
    await user.type(screen.getByLabelText('Action'), 'updated');
    await user.type(screen.getByLabelText('From'), '2025-03-01');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(audit(calls).at(-1)!.url).toContain('entityType=customer'));
    const query = new URL(audit(calls).at(-1)!.url, 'http://localhost').searchParams;
    expect(query.get('action')).toBe('updated');
    expect(query.get('from')).toBe(new Date('2025-03-01T00:00:00').toISOString());
    expect(query.get('offset')).toBe('0');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(new URL(audit(calls).at(-1)!.url, 'http://localhost').searchParams.get('offset')).toBe('20'));

    await user.click(within(table).getAllByRole('button')[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'customer #42 updated' });
    const changed = within(dialog).getByRole('table', { name: 'Changed values' });
    const rowsChanged = within(changed).getAllByRole('row').slice(1);
    expect(rowsChanged).toHaveLength(1);
    expect(rowsChanged[0]).toHaveTextContent('industrynullShipbuilding');
    expect(within(dialog).getByText(/· You ·/)).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(within(table).getAllByRole('button')[2]!);
    const graces = await screen.findByRole('dialog', { name: 'customer #43 created' });
    expect(within(graces).getByText(/· Grace Hopper · 203\.0\.113\.9$/)).toBeInTheDocument();
  });

  it('names other users by the start of their id while the members cannot be read', async () => {
    stubFetch([
      ...accountSecurity,
      { path: '/api/auth/user', body: me },
      { path: '/api/audit-logs', body: [entry({ userId: GRACE })], headers: { 'x-total-count': '1' } },
      { path: '/api/organization/members', status: 403, body: { statusCode: 403, error: 'Forbidden', message: 'No' } },
    ]);
    render();
    const rows = await within(await screen.findByRole('table', { name: 'Audit log' })).findAllByTestId('audit-row');
    expect(rows[0]).toHaveTextContent('User 7c1e2d3f');
    expect(rows[0]).not.toHaveTextContent('Former member');
  });

  it('is not shown to members who are not admins (their own account security is)', async () => {
    const calls = stubFetch([...accountSecurity, { path: '/api/auth/user', body: makeUser({ role: 'manager' }) }]);
    render();
    expect(await screen.findByRole('button', { name: 'Sign out other sessions' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Audit log' })).toBeNull();
    expect(screen.queryByRole('switch', { name: 'Require two-factor for all members' })).toBeNull();
    expect(calls.map((c) => c.url).filter((u) => u.startsWith('/api/audit-logs') || u.startsWith('/api/organization/'))).toEqual([]);
  });
});
