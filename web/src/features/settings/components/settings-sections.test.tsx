import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrganizationSettings } from '@billpoint/proto';
import { renderRoutes, stubFetch } from '@/testing/render';
import { makeUser } from '@/testing/factories';
import { addCategory, DEFAULT_CATEGORIES } from '../lib/local-settings';
import { SettingsPage } from './settings-page';

const settings: OrganizationSettings = {
  organizationName: 'Acme',
  companyName: 'Acme',
  companyEmail: null,
  companyWebsite: null,
  defaultCurrency: 'USD',
  defaultLanguage: 'en',
  timezone: 'UTC',
  customDomain: null,
  invoicePrefix: 'INV',
  billingAddress: { address: null, phone: null, email: null, taxId: null },
  logoUrl: null,
  updatedAt: null,
};
const render = (section: string) =>
  renderRoutes([{ path: '/settings', element: <SettingsPage /> }], { path: `/settings?section=${section}` });
const toastArea = () => screen.getByRole('region', { name: /Notifications/ });

afterEach(() => {
  localStorage.clear();
  document.documentElement.classList.remove('theme-green', 'theme-purple', 'theme-orange', 'theme-blue');
});

describe('settings sections', () => {
  it('lists the five sections; Organization is first and saves through POST with the form messages', async () => {
    const user = userEvent.setup();
    const calls: ReturnType<typeof stubFetch> = stubFetch([
      { path: '/api/auth/user', body: makeUser() },
      { path: '/api/organization-settings', body: settings },
      {
        method: 'POST',
        path: '/api/organization-settings',
        reply: () => ({ body: { ...settings, companyName: 'Acme GmbH', invoicePrefix: 'ACME' } }),
      },
    ]);
    renderRoutes([{ path: '/settings', element: <SettingsPage /> }], { path: '/settings' });
    const nav = screen.getByRole('navigation', { name: 'Settings sections' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Organization', 'Appearance', 'Categories', 'Notifications', 'Security']);
    const name = await screen.findByLabelText(/Company name/);
    await user.clear(name);
    await user.type(screen.getByLabelText('Company website'), 'not a site');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Company name is required')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid website URL')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(name, 'Acme GmbH');
    await user.clear(screen.getByLabelText('Company website'));
    await user.clear(screen.getByLabelText('Invoice prefix'));
    await user.type(screen.getByLabelText('Invoice prefix'), 'ACME');
    await user.type(screen.getByLabelText('Tax ID'), 'DE123');
    await user.selectOptions(screen.getByLabelText('Time zone'), 'Europe/Paris');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(toastArea()).findByText('Organization settings saved')).toBeInTheDocument();
    const body = JSON.parse(String(calls.find((c) => c.method === 'POST')!.init!.body));
    expect(body).toMatchObject({
      companyName: 'Acme GmbH',
      invoicePrefix: 'ACME',
      timezone: 'Europe/Paris',
      billingAddress: { taxId: 'DE123' },
    });
  });

  it('says the save failed in the words of the spec', async () => {
    const user = userEvent.setup();
    stubFetch([
      { path: '/api/auth/user', body: makeUser() },
      { path: '/api/organization-settings', body: settings },
      {
        method: 'POST',
        path: '/api/organization-settings',
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          message: 'x',
          issues: [{ path: 'invoicePrefix', message: 'Invoice prefix must be 1–12 letters, digits, - or _' }],
        },
      },
    ]);
    render('organization');
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await within(toastArea()).findByText('Failed to save organization settings. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Invoice prefix must be 1–12 letters, digits, - or _')).toBeInTheDocument();
  });

  it('appearance: a colour scheme is stored locally and applied as a theme class', async () => {
    const user = userEvent.setup();
    stubFetch([{ path: '/api/auth/user', body: makeUser() }]);
    render('appearance');
    await user.click(screen.getByRole('radio', { name: 'green' }));
    expect(document.documentElement).toHaveClass('theme-green');
    expect(localStorage.getItem('colorScheme')).toBe('"green"');
    expect(screen.getByRole('radio', { name: 'green' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('switch', { name: 'Dark mode' })).toBeInTheDocument();
  });

  it('categories: trimmed, no duplicates, Enter adds, each removable', async () => {
    expect(addCategory(['Software'], '  software ')).toEqual(['Software']);
    expect(addCategory(['Software'], '   ')).toEqual(['Software']);
    expect(addCategory(['Software'], ' Travel ')).toEqual(['Software', 'Travel']);
    const user = userEvent.setup();
    stubFetch([{ path: '/api/auth/user', body: makeUser() }]);
    render('categories');
    const list = screen.getByRole('list', { name: 'Categories' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(DEFAULT_CATEGORIES.length);
    await user.type(screen.getByPlaceholderText('New category'), '  Travel {Enter}');
    await user.type(screen.getByPlaceholderText('New category'), 'travel{Enter}');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toContain('Travel');
    expect(within(list).getAllByRole('listitem')).toHaveLength(DEFAULT_CATEGORIES.length + 1);
    await user.click(screen.getByRole('button', { name: 'Remove Software' }));
    await waitFor(() => expect(within(list).queryByText('Software')).not.toBeInTheDocument());
  });

  it('security and notifications: local toggles, on by default, no call', async () => {
    const user = userEvent.setup();
    const calls = stubFetch([
      { path: '/api/auth/user', body: makeUser() },
      { path: '/api/audit-logs', body: [], headers: { 'x-total-count': '0' } },
    ]);
    render('security');
    const twoFactor = screen.getByRole('switch', { name: 'Two-factor authentication' });
    expect(twoFactor).toBeChecked();
    await user.click(twoFactor);
    expect(twoFactor).not.toBeChecked();
    expect(localStorage.getItem('security.twoFactor')).toBe('false');
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });
});
