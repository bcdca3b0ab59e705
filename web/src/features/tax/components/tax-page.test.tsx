import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { reportPeriodRange, type FinancialReport, type OrganizationSettings, type TaxRate, type TaxSummary } from '@billpoint/proto';
import { toIsoDate } from '@/lib/format';
import { makeUser } from '@/testing/factories';
import { renderRoutes, stubFetch } from '@/testing/render';
import { TaxPage } from './tax-page';

const summary: TaxSummary = {
  currency: 'USD',
  period: '2026-Q4',
  startDate: '2026-10-01',
  endDate: '2026-12-31',
  totalCollected: '82.50',
  totalPayable: '70.25',
  taxableSales: '1000.00',
  currencies: ['USD', 'EUR'],
  excludedCurrencies: ['JPY'],
  byCurrency: [
    {
      currency: 'USD',
      totalCollected: '60.50',
      totalPayable: '48.25',
      taxableSales: '800.00',
      inBase: { totalCollected: '60.50', totalPayable: '48.25', taxableSales: '800.00' },
    },
    {
      currency: 'EUR',
      totalCollected: '20.00',
      totalPayable: '20.00',
      taxableSales: '200.00',
      inBase: { totalCollected: '22.00', totalPayable: '22.00', taxableSales: '200.00' },
    },
    { currency: 'JPY', totalCollected: '100.00', totalPayable: '100.00', taxableSales: '1000.00', inBase: null },
  ],
};
const rate = (over: Partial<TaxRate> = {}): TaxRate => ({
  id: 1,
  name: 'CA Sales Tax',
  jurisdiction: 'California',
  rate: '8.25',
  type: 'sales_tax',
  isActive: true,
  startDate: '2026-01-01',
  endDate: null,
  description: null,
  taxNumber: null,
  category: 'S',
  exemptionReason: null,
  exemptionReasonCode: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});
const report = (over: Partial<FinancialReport> = {}): FinancialReport => ({
  id: 5,
  type: 'sales_tax',
  title: 'Sales Tax Report 2026-Q4',
  period: '2026-Q4',
  startDate: '2026-10-01',
  endDate: '2026-12-31',
  status: 'generated',
  reportData: {
    currency: 'USD',
    sections: [{ title: 'Output tax', lines: [{ label: 'CA Sales Tax 8.25%', accountCode: '2200', amount: '82.50' }], total: '82.50' }],
    summary: { label: 'Tax payable', amount: '82.50' },
    ledgerLines: 3,
    excludedCurrencies: ['CHF'],
  },
  generatedAt: '2026-11-20T10:00:00.000Z',
  filedAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  ...over,
});
/** The settings the compliance tab reads: quarterly returns, the general rule (no country). */
const quarterly = {
  timezone: 'UTC',
  vatFilingFrequency: 'quarterly',
  vatDeadlineExtension: false,
  billingAddress: { country: null },
} as Partial<OrganizationSettings>;
const germanMonthly = {
  timezone: 'Europe/Berlin',
  vatFilingFrequency: 'monthly',
  vatDeadlineExtension: false,
  billingAddress: { country: 'DE' },
} as Partial<OrganizationSettings>;
afterEach(() => {
  vi.useRealTimers();
});
const renderPage = () => renderRoutes([{ path: '/tax-management', element: <TaxPage /> }], { path: '/tax-management' });
const says = async (text: string) => expect((await screen.findAllByText(text, { exact: true })).length).toBeGreaterThan(0);
const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Record<string, unknown>;

describe('tax management', () => {
  it('shows the four stat cards and generates the current quarter report by default', async () => {
    const user = userEvent.setup();
    let reports: FinancialReport[] = [];
    const calls = stubFetch([
      { path: '/api/tax-summary', body: summary },
      { path: '/api/financial-reports', reply: () => ({ body: { reports } }) },
      {
        method: 'POST',
        path: '/api/financial-reports/generate',
        reply: () => {
          reports = [report()];
          return { status: 201, body: reports[0] };
        },
      },
    ]);
    renderPage();
    for (const tab of ['Overview', 'Tax Rates', 'Financial Reports', 'Tax Compliance'])
      expect(screen.getByRole('tab', { name: tab })).toBeInTheDocument();
    const value = (id: string) => within(screen.getByTestId(id)).getByTestId('summary-value');
    await waitFor(() => expect(value('summary-tax-collected')).toHaveTextContent('$82.50'));
    expect(value('summary-tax-payable')).toHaveTextContent('$70.25');
    expect(value('summary-taxable-sales')).toHaveTextContent('$1,000.00');
    expect(value('summary-effective-rate')).toHaveTextContent('8.25%');
    expect(screen.getByTestId('summary-effective-rate')).toHaveTextContent('2026-Q4 (Oct 1, 2026 – Dec 31, 2026)');
    expect(screen.getByTestId('summary-tax-collected')).toHaveTextContent('also figures in EUR');
    // Each currency beside the base totals; one without a rate is said to be left out.
    const rows = screen.getAllByTestId('tax-currency-row');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Taxable sales $800.00'),
      expect.stringContaining('Taxable sales €200.00 = $200.00'),
      expect.stringContaining('not in the USD totals'),
    ]);
    // The totals themselves name what they leave out.
    expect(screen.getByTestId('tax-summary-excluded')).toHaveTextContent('Not included: JPY (no exchange rate)');

    await user.click(screen.getByRole('button', { name: 'Generate Report' }));
    await says('Report Generated');
    const body = bodyOf(calls.find((c) => c.method === 'POST')!.init);
    expect(body).toEqual({ type: 'sales_tax', period: 'current-quarter', ...reportPeriodRange('current-quarter', toIsoDate(new Date())) });
    // The reports tab shows it, with its status colour; viewing it shows its lines exactly.
    const row = await screen.findByTestId('report-row');
    expect(within(row).getByTestId('report-status')).toHaveTextContent('Generated');
    expect(within(row).getByTestId('report-status').className).toContain('bg-green-100');
    expect(within(row).getByRole('link', { name: 'Download CSV: Sales Tax Report 2026-Q4' })).toHaveAttribute(
      'href',
      '/api/financial-reports/5/csv',
    );
    await user.click(within(row).getByRole('button', { name: 'View report: Sales Tax Report 2026-Q4' }));
    const view = await screen.findByRole('dialog', { name: 'Sales Tax Report 2026-Q4' });
    expect(within(view).getByTestId('report-line')).toHaveTextContent('2200CA Sales Tax 8.25%$82.50');
    expect(within(view).getByTestId('report-summary')).toHaveTextContent('Tax payable$82.50');
    expect(within(view).getByTestId('report-excluded')).toHaveTextContent('Not included: CHF (no exchange rate)');
  });

  it('says when a report cannot be generated', async () => {
    const user = userEvent.setup();
    stubFetch([
      { path: '/api/tax-summary', body: summary },
      { path: '/api/financial-reports', body: { reports: [] } },
      { method: 'POST', path: '/api/financial-reports/generate', status: 500, body: { statusCode: 500, error: 'x', message: 'x' } },
    ]);
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Generate Report' }));
    await says('Failed to generate report');
  });

  it('adds a tax rate with the form messages and sales_tax by default, and says when it fails', async () => {
    const user = userEvent.setup();
    let rates: TaxRate[] = [];
    let fail = true;
    const calls = stubFetch([
      { path: '/api/tax-summary', body: summary },
      { path: '/api/financial-reports', body: { reports: [] } },
      { path: '/api/tax-rates', reply: () => ({ body: { taxRates: rates } }) },
      {
        method: 'POST',
        path: '/api/tax-rates',
        reply: () => {
          if (fail) return { status: 500, body: { statusCode: 500, error: 'x', message: 'x' } };
          rates = [rate()];
          return { status: 201, body: rates[0] };
        },
      },
    ]);
    renderPage();
    await user.click(screen.getByRole('tab', { name: 'Tax Rates' }));
    expect(await screen.findByText('No tax rates yet')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Add Tax Rate' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Add Tax Rate' });
    expect(within(dialog).getByRole('combobox', { name: 'Type' })).toHaveTextContent('Sales Tax');
    await user.click(within(dialog).getByRole('button', { name: 'Add Tax Rate' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Jurisdiction is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Rate is required')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Name'), 'CA Sales Tax');
    await user.type(within(dialog).getByLabelText('Jurisdiction'), 'California');
    await user.type(within(dialog).getByLabelText('Rate (%)'), '8.25');
    await user.click(within(dialog).getByRole('button', { name: 'Add Tax Rate' }));
    await says('Failed to create tax rate');
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Add Tax Rate' }));
    await says('Tax Rate Created');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodyOf(calls.filter((c) => c.method === 'POST').at(-1)!.init)).toMatchObject({
      name: 'CA Sales Tax',
      jurisdiction: 'California',
      rate: '8.25',
      type: 'sales_tax',
      isActive: true,
      endDate: null,
    });
    const row = await screen.findByTestId('tax-rate-row');
    expect(row).toHaveTextContent('CA Sales Tax');
    expect(row).toHaveTextContent('8.25%');
    expect(row).toHaveTextContent('Jan 1, 2026 – ongoing');
  });

  it('derives the compliance deadlines from the quarters and the reports', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-15T12:00:00Z'));
    const user = userEvent.setup();
    stubFetch([
      { path: '/api/tax-summary', body: summary },
      { path: '/api/organization-settings', body: quarterly },
      {
        path: '/api/financial-reports',
        body: {
          reports: [
            report({
              id: 3,
              title: 'VAT Return 2026-Q3',
              type: 'vat_return',
              startDate: '2026-07-01',
              endDate: '2026-09-30',
              status: 'filed',
              filedAt: '2026-10-20T10:00:00.000Z',
            }),
            report({ id: 4, title: 'Sales Tax Report 2026-Q2', startDate: '2026-04-01', endDate: '2026-06-30' }),
          ],
        },
      },
    ]);
    renderPage();
    await user.click(screen.getByRole('tab', { name: 'Tax Compliance' }));
    const items = await screen.findAllByTestId('deadline');
    expect(items.map((i) => within(i).getByTestId('deadline-status').textContent)).toEqual(
      // On Nov 15, 2026: Q2 was due Jul 31, overdue (its report is generated, not filed); Q3 filed by its VAT return;
      // Q4 current, not due while it runs. (The signed-in user is not stubbed here: no creation date bounds the quarters.)
      ['Overdue', 'Filed', 'Upcoming'],
    );
    expect(items[0]).toHaveTextContent('2026-Q2 tax return');
    expect(items[0]).toHaveTextContent('Sales Tax Report 2026-Q2 is ready to be marked filed');
    expect(items[1]).toHaveTextContent('VAT Return 2026-Q3, filed Oct 20, 2026');
  });

  it('an organization created today is told of no due or overdue return', async () => {
    const user = userEvent.setup();
    const org = makeUser().organization;
    stubFetch([
      { path: '/api/tax-summary', body: summary },
      { path: '/api/organization-settings', body: quarterly },
      { path: '/api/financial-reports', body: { reports: [] } },
      { path: '/api/auth/user', body: makeUser({ organization: { ...org, createdAt: new Date().toISOString() } }) },
    ]);
    renderPage();
    await user.click(screen.getByRole('tab', { name: 'Tax Compliance' }));
    await waitFor(() => expect(screen.getAllByTestId('deadline')).toHaveLength(1));
    expect(screen.getByTestId('deadline-status')).toHaveTextContent('Upcoming');
    expect(screen.queryByText('Overdue')).not.toBeInTheDocument();
  });

  it('a German monthly filer sees each month due on the 10th of the next, in Berlin time', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // Still Nov 30 in UTC, already Dec 1 in Berlin: December is the running month.
    vi.setSystemTime(new Date('2026-11-30T23:30:00Z'));
    const user = userEvent.setup();
    stubFetch([
      { path: '/api/financial-reports', body: { reports: [] } },
      { path: '/api/organization-settings', body: germanMonthly },
    ]);
    renderPage();
    await user.click(screen.getByRole('tab', { name: 'Tax Compliance' }));
    const items = await screen.findAllByTestId('deadline');
    expect(items.map((i) => i.querySelector('p')?.textContent)).toEqual(['2026-10 tax return', '2026-11 tax return', '2026-12 tax return']);
    expect(items[0]).toHaveTextContent('Oct 1, 2026 – Oct 31, 2026 · Due Nov 10, 2026');
    expect(items[1]).toHaveTextContent('Nov 1, 2026 – Nov 30, 2026 · Due Dec 10, 2026');
    expect(items[2]).toHaveTextContent('Due Jan 11, 2027'); // 10 Jan 2027 is a Sunday
    expect(items.map((i) => within(i).getByTestId('deadline-status').textContent)).toEqual(['Overdue', 'Pending', 'Upcoming']);
    expect(screen.getByText(/Each month’s VAT return is due/)).toBeInTheDocument();
  });

  it('marks a report filed, undoes it and archives it, each with its toast; says when it fails', async () => {
    const user = userEvent.setup();
    let current = report();
    let fail = false;
    const calls = stubFetch([
      { path: '/api/tax-summary', body: summary },
      { path: '/api/financial-reports', reply: () => ({ body: { reports: [current] } }) },
      {
        method: 'PATCH',
        path: '/api/financial-reports/5',
        reply: () => {
          if (fail) return { status: 500, body: { statusCode: 500, error: 'x', message: 'The database is busy' } };
          const status = JSON.parse(String(calls.at(-1)!.init?.body)).status as FinancialReport['status'];
          current = { ...current, status, filedAt: status === 'generated' ? null : '2026-11-24T10:00:00.000Z' };
          return { body: current };
        },
      },
    ]);
    renderPage();
    await user.click(screen.getByRole('tab', { name: 'Financial Reports' }));
    const row = await screen.findByTestId('report-row');
    await user.click(within(row).getByRole('button', { name: 'Mark as filed: Sales Tax Report 2026-Q4' }));
    await says('Report Marked as Filed');
    expect(bodyOf(calls.find((c) => c.method === 'PATCH')!.init)).toEqual({ status: 'filed' });
    await waitFor(() => expect(within(screen.getByTestId('report-row')).getByTestId('report-status')).toHaveTextContent('Filed'));
    expect(screen.getByTestId('report-row')).toHaveTextContent('Filed Nov 24, 2026');
    expect(within(screen.getByTestId('report-status')).queryByText('Generated')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Undo filing: Sales Tax Report 2026-Q4' }));
    await says('Filing Undone');
    await waitFor(() => expect(screen.getByTestId('report-status')).toHaveTextContent('Generated'));

    fail = true;
    await user.click(screen.getByRole('button', { name: 'Archive: Sales Tax Report 2026-Q4' }));
    await says('Failed to update report');
    expect(screen.getByTestId('report-status')).toHaveTextContent('Generated');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Archive: Sales Tax Report 2026-Q4' }));
    await says('Report Archived');
    await waitFor(() => expect(screen.getByTestId('report-status')).toHaveTextContent('Archived'));
    expect(screen.queryByRole('button', { name: /^Archive:/ })).toBeNull();
  });
});
