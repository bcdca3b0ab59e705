import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrganizationSettings } from '@billpoint/proto';
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
  customDomain: 'billing.acme.example',
  invoicePrefix: 'INV',
  quotePrefix: 'QUO',
  billingAddress: {
    address: 'Main St 1',
    phone: null,
    email: null,
    taxId: 'DE1',
    street: null,
    postalCode: null,
    city: null,
    country: null,
  },
  bankDetails: { iban: null, bic: null, accountHolder: null },
  attachFacturX: false,
  taxRounding: 'per_rate',
  vatFilingFrequency: 'monthly',
  vatDeadlineExtension: false,
  logoUrl: null,
  portalSlug: 'acme',
  isWhiteLabel: false,
  whiteLabelActive: false,
  customDomainStatus: {
    domain: 'billing.acme.example',
    txtName: '_billpoint.billing.acme.example',
    txtValue: 'billpoint-verify=abc123',
    verified: false,
    verifiedAt: null,
    lastCheckedAt: null,
  },
  updatedAt: '2026-11-26T10:00:00.000Z',
};
const subscription = (plan: 'professional' | 'enterprise', displayName: string) => ({ plan, displayName });
const render = () => renderRoutes([{ path: '/settings', element: <SettingsPage /> }], { path: '/settings?section=portal' });

describe('the Customer portal settings', () => {
  it('shows the portal link, the TXT record to publish with Check now, and keeps white-label off below Enterprise', async () => {
    const user = userEvent.setup();
    const verified = {
      ...settings,
      updatedAt: '2026-11-26T10:05:00.000Z',
      customDomainStatus: {
        ...settings.customDomainStatus,
        verified: true,
        verifiedAt: '2026-11-26T10:05:00.000Z',
        lastCheckedAt: '2026-11-26T10:05:00.000Z',
      },
    };
    const calls = stubFetch([
      { path: '/api/auth/user', body: makeUser() },
      { path: '/api/organization-settings', body: settings },
      { path: '/api/user-subscription', body: subscription('professional', 'Professional') },
      { method: 'POST', path: '/api/organization-settings/custom-domain/verify', body: verified },
    ]);
    render();
    expect(await screen.findByLabelText('Portal address')).toHaveValue('acme');
    expect(screen.getByLabelText('Portal link')).toHaveValue(`${window.location.origin}/portal/acme`);
    expect(screen.getByRole('button', { name: 'Copy portal link' })).toBeInTheDocument();
    const box = screen.getByRole('region', { name: /Custom domain: billing.acme.example/ });
    expect(within(box).getByText('Not verified')).toBeInTheDocument();
    expect(within(box).getByLabelText('TXT name')).toHaveValue('_billpoint.billing.acme.example');
    expect(within(box).getByLabelText('TXT value')).toHaveValue('billpoint-verify=abc123');
    expect(within(box).getByRole('button', { name: 'Copy txt value' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'White-label' })).toBeDisabled();
    expect(
      await screen.findByText('White-label is part of the Enterprise plan; this organization is on Professional.'),
    ).toBeInTheDocument();

    await user.click(within(box).getByRole('button', { name: 'Check now' }));
    expect(await screen.findByText('Verified')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/organization-settings/custom-domain/verify']);
    // Verified: the portal link is the domain's.
    expect(screen.getByLabelText('Portal link')).toHaveValue('https://billing.acme.example/portal');
  });

  it('saves the portal address with the rest of the settings as they are, and says when it is taken', async () => {
    const user = userEvent.setup();
    let attempt = 0;
    const calls = stubFetch([
      { path: '/api/auth/user', body: makeUser() },
      { path: '/api/organization-settings', body: settings },
      { path: '/api/user-subscription', body: subscription('enterprise', 'Enterprise') },
      {
        method: 'POST',
        path: '/api/organization-settings',
        reply: () =>
          ++attempt === 1
            ? { status: 409, body: { statusCode: 409, error: 'Conflict', message: 'This portal address is taken' } }
            : { body: { ...settings, portalSlug: 'acme-billing', isWhiteLabel: true, whiteLabelActive: true } },
      },
    ]);
    render();
    const slug = await screen.findByLabelText('Portal address');
    await user.clear(slug);
    await user.type(slug, 'Acme-Billing');
    expect(screen.getByLabelText('Portal link')).toHaveValue(`${window.location.origin}/portal/acme-billing`);
    const whiteLabel = screen.getByRole('switch', { name: 'White-label' });
    expect(whiteLabel).toBeEnabled();
    await user.click(whiteLabel);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('This portal address is taken')).not.toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Customer portal settings saved')).toBeInTheDocument();
    const posted = calls.filter((c) => c.method === 'POST').map((c) => JSON.parse(String(c.init?.body)));
    expect(posted[1]).toMatchObject({
      portalSlug: 'acme-billing',
      isWhiteLabel: true,
      companyName: 'Acme',
      customDomain: 'billing.acme.example',
      invoicePrefix: 'INV',
      billingAddress: { address: 'Main St 1', taxId: 'DE1' },
    });
  });
});
