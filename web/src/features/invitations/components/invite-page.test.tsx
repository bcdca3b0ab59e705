import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InvitationPreview } from '@billpoint/proto';
import { redirectTo } from '@/lib/navigation';
import { renderRoutes, stubFetch } from '@/testing/render';
import { makeUser } from '@/testing/factories';
import { InvitePage } from './invite-page';

vi.mock('@/lib/navigation', () => ({ redirectTo: vi.fn() }));
afterEach(() => vi.mocked(redirectTo).mockReset());

const TOKEN = 'T'.repeat(43);
const preview: InvitationPreview = { organizationName: 'Acme', email: 'new@example.com', role: 'manager' };
const render = () => renderRoutes([{ path: '/invite/:token', element: <InvitePage /> }], { path: `/invite/${TOKEN}` });
const signedOut = { path: '/api/auth/user', status: 401, body: { statusCode: 401, error: 'Unauthorized', message: 'Unauthorized' } };

describe('invitation page', () => {
  it('a new person: the organization and role, then name and password (checked) create the account and open the app', async () => {
    const u = userEvent.setup();
    const calls = stubFetch([
      signedOut,
      { path: `/api/invitations/${TOKEN}`, body: preview },
      { method: 'POST', path: `/api/invitations/${TOKEN}/accept`, body: makeUser({ email: 'new@example.com', role: 'manager' }) },
    ]);
    render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Join Acme' })).toBeInTheDocument();
    expect(screen.getByText('Manager')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Create account and join' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    await u.type(screen.getByLabelText('First name'), 'Nina');
    await u.type(screen.getByLabelText('Last name'), 'New');
    await u.type(screen.getByLabelText('Password'), 'a long password');
    await u.click(screen.getByRole('button', { name: 'Create account and join' }));
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('/'));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(JSON.parse(String(post.init?.body))).toEqual({ firstName: 'Nina', lastName: 'New', password: 'a long password' });
  });

  it('signed out: both ways in — "Sign in to accept" goes to the sign-in page and back here; an account found says so', async () => {
    const u = userEvent.setup();
    const message = 'An account with new@example.com exists: sign in to accept this invitation';
    stubFetch([
      signedOut,
      { path: `/api/invitations/${TOKEN}`, body: preview },
      { method: 'POST', path: `/api/invitations/${TOKEN}/accept`, status: 409, body: { statusCode: 409, error: 'Conflict', message } },
    ]);
    render();
    const link = await screen.findByRole('link', { name: 'Sign in to accept' });
    expect(link).toHaveAttribute('href', `/api/login?return=${encodeURIComponent(`/invite/${TOKEN}`)}`);
    expect(screen.getByText('Already have a Billpoint account with new@example.com? Sign in to accept.')).toBeInTheDocument();
    await u.type(screen.getByLabelText('First name'), 'Nina');
    await u.type(screen.getByLabelText('Last name'), 'New');
    await u.type(screen.getByLabelText('Password'), 'a long password');
    await u.click(screen.getByRole('button', { name: 'Create account and join' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(redirectTo).not.toHaveBeenCalled();
  });

  it('signed in with the invited e-mail: one click accepts', async () => {
    const u = userEvent.setup();
    const calls = stubFetch([
      { path: '/api/auth/user', body: makeUser({ email: 'new@example.com' }) },
      { path: `/api/invitations/${TOKEN}`, body: preview },
      { method: 'POST', path: `/api/invitations/${TOKEN}/accept`, body: makeUser({ email: 'new@example.com', role: 'manager' }) },
    ]);
    render();
    const accept = await screen.findByRole('button', { name: 'Accept invitation' });
    expect(screen.getByText(/Signed in as/)).toHaveTextContent('Signed in as new@example.com.');
    expect(screen.queryByLabelText('Password')).toBeNull();
    await u.click(accept);
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('/'));
    expect(JSON.parse(String(calls.find((c) => c.method === 'POST')!.init?.body))).toEqual({});
  });

  it('signed in as someone else: says whom the invitation is for; unknown, used or expired: not valid', async () => {
    stubFetch([
      { path: '/api/auth/user', body: makeUser({ email: 'other@example.com' }) },
      { path: `/api/invitations/${TOKEN}`, body: preview },
    ]);
    const first = render();
    expect(await screen.findByText(/but this invitation is for/)).toHaveTextContent('new@example.com');
    expect(screen.queryByRole('button', { name: /join|Accept/ })).toBeNull();
    first.unmount();

    stubFetch([signedOut, { path: `/api/invitations/${TOKEN}`, status: 404, body: { statusCode: 404, error: 'Not Found', message: 'x' } }]);
    render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Invitation not valid' })).toBeInTheDocument();
  });
});
