import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ExpenseCategory, OrganizationSettings } from '@billpoint/proto';
import { renderRoutes, stubFetch } from '@/testing/render';
import { makeUser } from '@/testing/factories';
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
  quotePrefix: 'QUO',
  billingAddress: { address: null, phone: null, email: null, taxId: null, street: null, postalCode: null, city: null, country: null },
  bankDetails: { iban: null, bic: null, accountHolder: null },
  attachFacturX: false,
  taxRounding: 'per_rate',
  vatFilingFrequency: 'monthly',
  vatDeadlineExtension: false,
  logoUrl: null,
  portalSlug: 'acme',
  isWhiteLabel: false,
  whiteLabelActive: false,
  customDomainStatus: { domain: null, txtName: null, txtValue: null, verified: false, verifiedAt: null, lastCheckedAt: null },
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
  it('lists the sections (Organization, Appearance, Categories, Notifications, Security, Members, Exchange rates); Organization is first and saves through POST with the form messages', async () => {
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
    ).toEqual(['Organization', 'Customer portal', 'Members', 'Exchange rates', 'Appearance', 'Categories', 'Notifications', 'Security']);
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
    // The app's own select (Radix), languages by name; the stored value stays the code.
    expect(screen.getByRole('combobox', { name: 'Default language' })).toHaveTextContent('English');
    await user.click(screen.getByRole('combobox', { name: 'Default language' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'English',
      'Español',
      'Français',
      'Deutsch',
      'Italiano',
      'Português',
    ]);
    await user.click(screen.getByRole('option', { name: 'Deutsch' }));
    // The time zone: every IANA zone, searched by typing and chosen with the keyboard.
    await user.click(screen.getByRole('button', { name: 'Time zone: UTC' }));
    const search = await screen.findByRole('combobox', { name: 'Search time zones' });
    expect(search).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent(/^\d{3} time zones$/);
    await user.keyboard('paris');
    expect(screen.getAllByRole('option').map((o) => o.textContent?.replace(/GMT.*$/, ''))).toEqual(['Europe/Paris']);
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Time zone: Europe/Paris' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Time zone: Europe/Paris' }));
    await user.keyboard('new york');
    expect(screen.getAllByRole('option').map((o) => o.textContent?.replace(/GMT.*$/, ''))).toEqual(['America/New_York']);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Time zone: Europe/Paris' })).toBeInTheDocument();
    // VAT filing: monthly at first; quarterly with the extension.
    expect(screen.getByRole('combobox', { name: 'VAT filing frequency' })).toHaveTextContent('Monthly');
    await user.click(screen.getByRole('combobox', { name: 'VAT filing frequency' }));
    await user.click(await screen.findByRole('option', { name: 'Quarterly' }));
    await user.click(screen.getByRole('switch', { name: /Dauerfristverlängerung/ }));
    // Every select a user reaches is the app's (a button), none the browser's plain <select>.
    expect(screen.getAllByRole('combobox').map((c) => c.tagName)).toEqual(['BUTTON', 'BUTTON', 'BUTTON', 'BUTTON']);
    expect(screen.getByRole('combobox', { name: 'VAT rounding' })).toHaveTextContent('Once per rate (EU VAT, EN 16931)');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(toastArea()).findByText('Organization settings saved')).toBeInTheDocument();
    const body = JSON.parse(String(calls.find((c) => c.method === 'POST')!.init!.body));
    expect(body).toMatchObject({
      companyName: 'Acme GmbH',
      invoicePrefix: 'ACME',
      quotePrefix: 'QUO',
      timezone: 'Europe/Paris',
      defaultLanguage: 'de',
      taxRounding: 'per_rate',
      vatFilingFrequency: 'quarterly',
      vatDeadlineExtension: true,
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

  it('categories: the API list with colours; trimmed, no duplicates, Enter adds; rename and recolour; delete archives when in use', async () => {
    const user = userEvent.setup();
    const cat = (id: number, name: string, color: string, isActive = true): ExpenseCategory => ({
      id,
      name,
      color,
      description: null,
      taxDeductible: true,
      keywords: [name.toLowerCase()],
      isSystem: id < 3,
      isActive,
    });
    let categories = [cat(1, 'Software', '#3B82F6'), cat(2, 'Travel', '#F59E0B')];
    const calls = stubFetch([
      { path: '/api/auth/user', body: makeUser() },
      { path: '/api/expense-categories', reply: () => ({ body: categories }) },
      {
        method: 'POST',
        path: '/api/expense-categories',
        reply: () => {
          categories = [...categories, cat(3, 'Meals', '#3B82F6')];
          return { status: 201, body: categories[2] };
        },
      },
      {
        method: 'PUT',
        path: '/api/expense-categories/2',
        reply: () => {
          categories = categories.map((c) => (c.id === 2 ? { ...c, name: 'Travel & Lodging', color: '#112233' } : c));
          return { body: categories[1] };
        },
      },
      {
        method: 'DELETE',
        path: '/api/expense-categories/1',
        reply: () => {
          categories = categories.map((c) => (c.id === 1 ? { ...c, isActive: false } : c));
          return { body: categories[0] };
        },
      },
      {
        method: 'DELETE',
        path: '/api/expense-categories/3',
        reply: () => {
          categories = categories.filter((c) => c.id !== 3);
          return { status: 204 };
        },
      },
    ]);
    render('categories');
    const list = await screen.findByRole('list', { name: 'Categories' });
    expect(
      within(list)
        .getAllByTestId('category-row')
        .map((li) => li.textContent),
    ).toEqual(['SoftwareDefault', 'TravelDefault']);

    // Blank and already-present names (after trimming, case aside) are not sent.
    await user.type(screen.getByPlaceholderText('New category'), '   {Enter}');
    await user.type(screen.getByPlaceholderText('New category'), ' software {Enter}');
    expect(screen.getByText('That category already exists')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.clear(screen.getByPlaceholderText('New category'));
    await user.type(screen.getByPlaceholderText('New category'), '  Meals {Enter}');
    expect(await within(list).findByText('Meals')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(JSON.parse(String(post.init?.body))).toEqual({ name: 'Meals', color: '#3B82F6' });
    expect(screen.getByPlaceholderText('New category')).toHaveValue('');

    // Rename and recolour keep the rest of the category.
    await user.click(screen.getByRole('button', { name: 'Edit category: Travel' }));
    const name = screen.getByLabelText('Name of Travel');
    await user.clear(name);
    await user.type(name, 'Travel & Lodging');
    fireEvent.input(screen.getByLabelText('Colour of Travel'), { target: { value: '#112233' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(list).findByText('Travel & Lodging')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(JSON.parse(String(put.init?.body))).toEqual({
      name: 'Travel & Lodging',
      color: '#112233',
      description: null,
      taxDeductible: true,
      keywords: ['travel'],
    });

    // A category in use is archived (200 with it), an unused one deleted (204).
    await user.click(screen.getByRole('button', { name: 'Delete category: Software' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await within(toastArea()).findByText('Category archived')).toBeInTheDocument();
    const archived = await screen.findByRole('list', { name: 'Archived categories' });
    expect(within(archived).getByText('Software')).toBeInTheDocument();
    await waitFor(() => expect(within(list).queryByText('Software')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Delete category: Meals' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await within(toastArea()).findByText('Category deleted')).toBeInTheDocument();
    await waitFor(() => expect(within(list).queryByText('Meals')).toBeNull());
  });
});
