import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserOrganizations } from '@billpoint/proto';
import { redirectTo } from '@/lib/navigation';
import { renderWithProviders, stubFetch } from '@/testing/render';
import { makeUser } from '@/testing/factories';
import { OrganizationSwitcher } from './organization-switcher';

vi.mock('@/lib/navigation', () => ({ redirectTo: vi.fn() }));
afterEach(() => vi.mocked(redirectTo).mockReset());

const user = makeUser();
const own = { id: user.organization.id, name: user.organization.name, role: 'admin' as const, current: true };
const other = { id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', name: 'Second Shop', role: 'user' as const, current: false };

describe('organization switcher', () => {
  it('is not shown to a person of one organization', async () => {
    stubFetch([{ path: '/api/auth/organizations', body: { organizations: [own] } satisfies UserOrganizations }]);
    const { queryClient } = renderWithProviders(<OrganizationSwitcher user={user} collapsed={false} />);
    await waitFor(() => expect(queryClient.getQueryState(['auth', 'organizations'])?.status).toBe('success'));
    expect(screen.queryByRole('button', { name: /Switch organization/ })).toBeNull();
  });

  it('lists the organizations; choosing another moves the session there and reloads the app', async () => {
    const u = userEvent.setup();
    const calls = stubFetch([
      { path: '/api/auth/organizations', body: { organizations: [own, other] } satisfies UserOrganizations },
      {
        method: 'POST',
        path: '/api/auth/switch-organization',
        body: makeUser({ organization: { id: other.id, name: other.name, createdAt: '2024-01-15T09:00:00.000Z' } }),
      },
    ]);
    renderWithProviders(<OrganizationSwitcher user={user} collapsed={false} />);
    await u.click(await screen.findByRole('button', { name: `Organization: ${user.organization.name}. Switch organization` }));
    expect(await screen.findByRole('menuitem', { name: /Analytical Engines/ })).toHaveAttribute('data-disabled');
    await u.click(screen.getByRole('menuitem', { name: 'Second Shop' }));
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('/'));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(JSON.parse(String(post.init?.body))).toEqual({ organizationId: other.id });
  });
});
