import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserOrganizations } from '@billpoint/proto';
import { renderWithProviders, stubFetch } from '@/testing/render';
import { makeUser } from '@/testing/factories';
import { MobileNav } from './mobile-nav';

const user = makeUser();
const oneOrganization: UserOrganizations = {
  organizations: [{ id: user.organization.id, name: user.organization.name, role: 'admin', current: true }],
};

describe('phone navigation', () => {
  it('opens the sidebar as a drawer from the menu button; Escape closes it and gives the focus back', async () => {
    const u = userEvent.setup();
    stubFetch([{ path: '/api/auth/organizations', body: oneOrganization }]);
    renderWithProviders(<MobileNav user={user} />, { path: '/customers' });
    const menu = screen.getByRole('button', { name: 'Open navigation' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    await u.click(menu);
    const drawer = await screen.findByRole('dialog', { name: 'Navigation' });
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    expect(menu).toHaveAttribute('aria-controls', drawer.id);
    expect(drawer).toContainElement(document.activeElement as HTMLElement);
    expect(within(drawer).getByRole('link', { name: 'Customers' })).toHaveAttribute('aria-current', 'page');
    await u.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Navigation' })).toBeNull());
    expect(menu).toHaveFocus();
  });

  it('closes when a link is chosen, and by its close button', async () => {
    const u = userEvent.setup();
    stubFetch([{ path: '/api/auth/organizations', body: oneOrganization }]);
    const { router } = renderWithProviders(<MobileNav user={user} />, { path: '/' });
    await u.click(screen.getByRole('button', { name: 'Open navigation' }));
    await u.click(within(await screen.findByRole('dialog', { name: 'Navigation' })).getByRole('link', { name: 'Invoices' }));
    expect(router.state.location.pathname).toBe('/invoices');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Navigation' })).toBeNull());

    await u.click(screen.getByRole('button', { name: 'Open navigation' }));
    await u.click(within(await screen.findByRole('dialog', { name: 'Navigation' })).getByRole('button', { name: 'Close navigation' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Navigation' })).toBeNull());
  });
});
