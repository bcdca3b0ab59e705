import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { AiInsight, OrganizationSettings } from '@billpoint/proto';
import { renderWithProviders, stubFetch } from '@/testing/render';
import { FormatDefaultsGate } from '@/app/routes/format-defaults-gate';
import { setFormatDefaults } from '@/lib/format';
import { InsightCard } from './insight-card';

const insight: AiInsight = {
  id: 1,
  rule: 'tax_due',
  type: 'recommendation',
  title: 'Set aside $1,748.00 for sales tax',
  description: 'Tax on this quarter’s invoices so far; it is due by Feb 28, 2027 (94 days).',
  impact: 'medium',
  category: 'cash_flow',
  priority: 4,
  confidence: 85,
  timeframe: 'Due Feb 28, 2027',
  estimatedValue: { amount: '1748.00', currency: 'USD' },
  recommendation: 'Move $1,748.00 to a tax reserve now.',
  actionable: true,
  createdAt: '2026-11-26T00:00:00.000Z',
};
const settings = (defaultLanguage: string) => ({ defaultCurrency: 'USD', defaultLanguage }) as OrganizationSettings;
const value = () => screen.getByText('Estimated value').nextElementSibling;

afterEach(() => setFormatDefaults({ currency: 'USD', locale: 'en-US' }));

describe('insight card', () => {
  it('writes the estimated value and confidence in the organization’s locale, never "1748.00 USD"', async () => {
    stubFetch([{ path: '/api/organization-settings', body: settings('en') }]);
    const card = () => (
      <FormatDefaultsGate>
        <InsightCard insight={insight} />
      </FormatDefaultsGate>
    );
    const { unmount } = renderWithProviders(card());
    expect(value()).toHaveTextContent('$1,748.00');
    expect(screen.getByText('85%')).toBeInTheDocument();
    unmount();

    stubFetch([{ path: '/api/organization-settings', body: settings('de') }]);
    renderWithProviders(card());
    expect(await screen.findByText('1.748,00 $')).toBeInTheDocument();
    expect(screen.getByText('85 %')).toBeInTheDocument();
    expect(document.body.textContent).not.toContain('1748.00 USD');
  });
});
