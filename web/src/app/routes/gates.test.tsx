import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROLE_PERMISSIONS, type User } from '@billpoint/proto';
import { routes } from '@/app/router';
import { renderRoutes, stubFetch, type Route } from '@/testing/render';
import { redirectTo } from '@/lib/navigation';
import { resetUnauthorizedState } from '@/lib/unauthorized';
import { setTwoFactorEnrollmentRequired } from '@/lib/two-factor-enrollment';

vi.mock('@/lib/navigation', () => ({ redirectTo: vi.fn() }));

const user: User = {
  id: '0b6a3c52-4a0e-4a8f-9a43-5f0c1c2f6a11',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  profileImageUrl: null,
  organization: { id: '5f4c0f0e-5d1b-4a55-8c1c-3a9d2b1f0e22', name: 'Analytical Engines', createdAt: '2024-01-15T09:00:00.000Z' },
  role: 'admin',
  permissions: [...ROLE_PERMISSIONS.admin],
};
/** The first render of a lazy screen waits for its module to load and transform. */
const LAZY = { timeout: 10_000 };
/** A test that waits for a lazy screen may take that long, beyond vitest's default of 5 s on a busy machine. */
const SLOW = { timeout: 15_000 };
const signedOut: Route = {
  path: '/api/auth/user',
  status: 401,
  body: { statusCode: 401, error: 'Unauthorized', message: 'Sign in first' },
};
const signedIn: Route = { path: '/api/auth/user', body: user };

beforeEach(() => {
  resetUnauthorizedState();
  setTwoFactorEnrollmentRequired(false);
  vi.mocked(redirectTo).mockClear();
});

describe('auth gate', SLOW, () => {
  it('shows the landing page at / when signed out, without the notice', async () => {
    stubFetch([signedOut]);
    renderRoutes(routes, { path: '/' });
    expect(await screen.findByRole('heading', { level: 1, name: /Invoicing and billing/ }, LAZY)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get Started Free' })).toHaveAttribute('href', '/api/login');
    expect(screen.queryByText('Unauthorized')).not.toBeInTheDocument();
    expect(redirectTo).not.toHaveBeenCalled();
  });

  it('on a protected screen shows nothing, the Unauthorized notice, then sends the browser to /api/login after 500 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      stubFetch([signedOut]);
      renderRoutes(routes, { path: '/customers' });
      expect(await screen.findByText('Unauthorized')).toBeInTheDocument();
      expect(screen.getByText('You are logged out. Logging in again...')).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Customers' })).not.toBeInTheDocument();
      expect(redirectTo).not.toHaveBeenCalled();
      await act(() => vi.advanceTimersByTimeAsync(500));
      expect(redirectTo).toHaveBeenCalledExactlyOnceWith('/api/login');
    } finally {
      vi.useRealTimers();
    }
  });

  it('uses the same notice and redirect for invoice view and edit', async () => {
    stubFetch([signedOut]);
    renderRoutes(routes, { path: '/invoices/3/edit' });
    expect(await screen.findByText('Unauthorized')).toBeInTheDocument();
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('/api/login'));
  });

  it('shows the dashboard in the shell when signed in, with zeros for the absent stats', async () => {
    stubFetch([signedIn]);
    renderRoutes(routes, { path: '/' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, LAZY)).toBeInTheDocument();
    expect(screen.getByText("Welcome back! Here's what's happening with your business.")).toBeInTheDocument();
    expect((await screen.findAllByText('$0.00')).length).toBeGreaterThanOrEqual(3);
    expect(screen.getByText('0 Overdue Invoices')).toBeInTheDocument();
    const sidebar = screen.getByRole('complementary', { name: 'Sidebar' });
    expect(within(sidebar).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(sidebar).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(sidebar).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows the not-found page for unknown paths', () => {
    stubFetch([signedIn]);
    renderRoutes(routes, { path: '/nowhere/at/all' });
    expect(screen.getByText('404 Page Not Found')).toBeInTheDocument();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeInTheDocument();
  });

  it('opens the Settings group by itself on one of its routes, and collapses the sidebar to icons', async () => {
    const u = userEvent.setup();
    stubFetch([signedIn]);
    renderRoutes(routes, { path: '/integrations' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Integrations' }, LAZY)).toBeInTheDocument();
    const sidebar = screen.getByRole('complementary', { name: 'Sidebar' });
    expect(within(sidebar).getByRole('button', { name: 'Settings' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(sidebar).getByRole('link', { name: 'Integrations' })).toHaveAttribute('aria-current', 'page');

    await u.click(within(sidebar).getByRole('button', { name: 'Collapse sidebar' }));
    expect(sidebar).toHaveAttribute('data-collapsed', 'true');
    expect(within(sidebar).getByRole('button', { name: 'Expand sidebar' })).toBeInTheDocument();
    expect(within(sidebar).getByRole('link', { name: 'Customers' })).toBeInTheDocument();
  });

  it('keeps the Settings group closed elsewhere', async () => {
    const noProducts = { total: 0, active: 0, lowStock: 0, outOfStock: 0, revenue: [], averagePrice: [] };
    stubFetch([signedIn, { path: '/api/products/summary', body: noProducts }, { path: '/api/products', body: [] }]);
    renderRoutes(routes, { path: '/products' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Products' }, LAZY)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Settings' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows public plans without the shell when signed out', async () => {
    stubFetch([signedOut]);
    renderRoutes(routes, { path: '/subscription-plans' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose Your Plan' }, LAZY)).toBeInTheDocument();
    expect(screen.queryByRole('complementary', { name: 'Sidebar' })).not.toBeInTheDocument();
    expect(redirectTo).not.toHaveBeenCalled();
  });

  it('shows the enrolment screen instead of the app when the organization requires two-factor and the person has none', async () => {
    const refused = {
      status: 403,
      body: {
        statusCode: 403,
        error: 'Forbidden',
        message: 'Your organization requires two-factor authentication. Set it up to continue.',
        twoFactorEnrollmentRequired: true,
      },
    };
    let enabled = false;
    stubFetch([
      signedIn,
      { path: /^\/api\/customers/, reply: () => (enabled ? { body: [], headers: { 'x-total-count': '0' } } : refused) },
      {
        path: '/api/auth/two-factor',
        reply: () => ({ body: { enabled, recoveryCodesLeft: enabled ? 10 : 0, requiredByOrganization: true, hasPassword: true } }),
      },
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
          return { body: { recoveryCodes: Array.from({ length: 10 }, (_, i) => `aaaaa-bbbb${i}`) } };
        },
      },
    ]);
    const u = userEvent.setup();
    renderRoutes(routes, { path: '/customers' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Set up two-factor authentication' }, LAZY)).toBeInTheDocument();
    expect(screen.getByText('Your organization requires two-factor authentication. Set it up to continue.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign out' })).toHaveAttribute('href', '/api/logout');
    await u.click(await screen.findByRole('button', { name: 'Set up two-factor' }));
    await u.type(await screen.findByLabelText('2. Enter the 6-digit code it shows'), '123456');
    await u.click(screen.getByRole('button', { name: 'Turn on' }));
    await u.click(await screen.findByRole('button', { name: 'I have saved them' }));
    // Enrolled: the app is back.
    expect(await screen.findByRole('heading', { level: 1, name: 'Customers' }, LAZY)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Set up two-factor authentication' })).toBeNull();
  });
});

describe('logout', SLOW, () => {
  it('clears both storages, posts /api/logout with no-cache and goes to /api/login', async () => {
    const u = userEvent.setup();
    const calls = stubFetch([signedIn, { method: 'POST', path: '/api/logout', status: 204 }]);
    renderRoutes(routes, { path: '/' });
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, LAZY);
    localStorage.setItem('something', '1');
    sessionStorage.setItem('other', '1');

    await u.click(screen.getByRole('button', { name: 'Log out' }));

    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('/api/login'));
    expect(localStorage.getItem('something')).toBeNull();
    expect(sessionStorage.getItem('other')).toBeNull();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toBe('/api/logout');
    expect((post.init?.headers as Record<string, string>)['Cache-Control']).toBe('no-cache');
  });

  it('goes to /api/logout when the answer is not OK, and to /api/login on a network error', async () => {
    const { logout } = await import('@/lib/auth');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch([{ method: 'POST', path: '/api/logout', status: 500, body: 'nope' }]);
    await logout();
    expect(redirectTo).toHaveBeenLastCalledWith('/api/logout');

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await logout();
    expect(redirectTo).toHaveBeenLastCalledWith('/api/login');
  });
});
