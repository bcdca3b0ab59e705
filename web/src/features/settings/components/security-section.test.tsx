import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AccountSession, TwoFactorStatus } from '@billpoint/proto';
import { renderRoutes, stubFetch } from '@/testing/render';
import { makeUser } from '@/testing/factories';
import { SettingsPage } from './settings-page';

const off: TwoFactorStatus = { enabled: false, recoveryCodesLeft: 0, requiredByOrganization: false, hasPassword: true };
const session = (o: Partial<AccountSession>): AccountSession => ({
  id: '0f0e0d0c-0b0a-4909-8807-060504030201',
  device: 'Chrome on Linux',
  ip: '203.0.113.9',
  organization: 'Acme',
  createdAt: '2026-11-20T10:00:00.000Z',
  lastSeenAt: '2026-11-25T10:00:00.000Z',
  current: true,
  ...o,
});
const codes = Array.from({ length: 10 }, (_, i) => `abcde-fgh${String(i).padStart(2, '0')}`);
const render = () => renderRoutes([{ path: '/settings', element: <SettingsPage /> }], { path: '/settings?section=security' });

describe('Settings → Security', () => {
  it('sets up two-factor: QR code and key, a code, then the ten recovery codes once', async () => {
    const user = userEvent.setup();
    let enabled = false;
    const calls = stubFetch([
      { path: '/api/auth/user', body: makeUser({ role: 'user' }) },
      { path: '/api/auth/two-factor', reply: () => ({ body: enabled ? { ...off, enabled: true, recoveryCodesLeft: 10 } : off }) },
      { path: '/api/auth/sessions', body: { sessions: [session({})] } },
      {
        method: 'POST',
        path: '/api/auth/two-factor/setup',
        body: { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/x', qrCode: 'data:image/svg+xml;base64,PHN2Zy8+' },
      },
      {
        method: 'POST',
        path: '/api/auth/two-factor/enable',
        reply: () => {
          enabled = true;
          return { body: { recoveryCodes: codes } };
        },
      },
    ]);
    render();
    await user.click(await screen.findByRole('button', { name: 'Set up two-factor' }));
    expect(await screen.findByRole('img', { name: 'QR code to scan with your authenticator app' })).toHaveAttribute(
      'src',
      'data:image/svg+xml;base64,PHN2Zy8+',
    );
    expect(screen.getByTestId('two-factor-secret')).toHaveTextContent('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    await user.type(screen.getByLabelText('2. Enter the 6-digit code it shows'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    const list = await screen.findByTestId('recovery-codes');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(codes);
    expect(JSON.parse(String(calls.find((c) => c.url === '/api/auth/two-factor/enable')!.init!.body))).toEqual({ code: '123456' });
    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(await screen.findByText('10 of 10 recovery codes left.')).toBeInTheDocument();
    expect(screen.queryByTestId('recovery-codes')).toBeNull();
    // Not an admin: no organization rule.
    expect(screen.queryByRole('switch', { name: 'Require two-factor for all members' })).toBeNull();
  });

  it('changes the password (the server’s words on a wrong current one) and signs out the other sessions', async () => {
    const user = userEvent.setup();
    const calls = stubFetch([
      { path: '/api/auth/user', body: makeUser({ role: 'admin' }) },
      { path: '/api/auth/two-factor', body: off },
      { path: '/api/organization/security', body: { requireTwoFactor: false } },
      { path: '/api/audit-logs', body: [], headers: { 'x-total-count': '0' } },
      {
        path: '/api/auth/sessions',
        body: { sessions: [session({}), session({ id: '1f0e0d0c-0b0a-4909-8807-060504030201', device: 'Safari on iOS', current: false })] },
      },
      {
        method: 'POST',
        path: '/api/auth/change-password',
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          message: 'Current password is incorrect',
          issues: [{ path: 'currentPassword', message: 'Current password is incorrect' }],
        },
      },
      { method: 'DELETE', path: '/api/auth/sessions/others', status: 204 },
    ]);
    render();
    expect(await screen.findByRole('switch', { name: 'Require two-factor for all members' })).not.toBeChecked();
    await user.type(screen.getByLabelText('Current password'), 'wrong');
    await user.type(screen.getByLabelText('New password'), 'a new long password');
    await user.type(screen.getByLabelText('Confirm new password'), 'another one');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The passwords do not match')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'a new long password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Current password is incorrect')).toBeInTheDocument();

    const sessions = await screen.findByRole('list', { name: 'Sessions' });
    await waitFor(() => expect(within(sessions).getAllByRole('listitem')).toHaveLength(2));
    expect(within(sessions).getByText('This device')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign out other sessions' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/auth/sessions/others')).toBe(true));
  });
});
