import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch } from '@/testing/render';
import { toIsoDate } from '@/lib/format';
import { brandingRoute, me, meRoute, renderPortal } from '../testing/portal-fixtures';

const notifications = () => within(screen.getByRole('region', { name: /Notifications/ }));
const invoicesRoute = {
  path: '/api/portal/invoices',
  body: {
    invoices: [],
    totals: [
      { currency: 'USD', outstanding: '0.00', overdue: '0.00', paid: '0.00' },
      { currency: 'EUR', outstanding: '0.00', overdue: '0.00', paid: '0.00' },
    ],
  },
};

afterEach(() => vi.restoreAllMocks());

describe('portal profile', () => {
  it('saves the contact and billing details and says Profile saved', async () => {
    const user = userEvent.setup();
    const saved = me();
    saved.customer = { ...saved.customer, name: 'Peter G. Gibbons', phone: '+49 30 1234', country: 'AT' };
    const calls = stubFetch([brandingRoute(), meRoute(), { method: 'PUT', path: '/api/portal/me', body: saved }]);
    renderPortal('/portal/acme/profile');
    const name = await screen.findByLabelText('Name');
    expect(name).toHaveValue('Peter Gibbons');
    expect(screen.getByText('peter@initech.test')).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'Peter G. Gibbons');
    await user.type(screen.getByLabelText('Phone'), '+49 30 1234');
    await user.clear(screen.getByLabelText('Country (2-letter code)'));
    await user.type(screen.getByLabelText('Country (2-letter code)'), 'Austria');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Country must be an ISO 3166-1 alpha-2 code such as DE or FR')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Country (2-letter code)'));
    await user.type(screen.getByLabelText('Country (2-letter code)'), 'at');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await notifications().findByText('Profile saved')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(JSON.parse(String(put.init?.body))).toMatchObject({
      name: 'Peter G. Gibbons',
      phone: '+49 30 1234',
      country: 'AT',
      company: 'Initech',
      taxId: null,
    });
  });

  it("shows the server's word on a field it refuses", async () => {
    const user = userEvent.setup();
    stubFetch([
      brandingRoute(),
      meRoute(),
      {
        method: 'PUT',
        path: '/api/portal/me',
        status: 400,
        body: { statusCode: 400, message: 'Invalid', issues: [{ path: 'taxId', message: 'Tax ID is not valid' }] },
      },
    ]);
    renderPortal('/portal/acme/profile');
    await user.type(await screen.findByLabelText('Tax ID'), 'nonsense');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Tax ID is not valid')).toBeInTheDocument();
  });
});

describe('portal statement', () => {
  it('downloads the statement of this year by default, for one currency when chosen', async () => {
    const user = userEvent.setup();
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.getAttribute('href')!);
    });
    stubFetch([brandingRoute(), meRoute(), invoicesRoute]);
    renderPortal('/portal/acme/statement');
    const year = new Date().getFullYear();
    expect(await screen.findByLabelText('From')).toHaveValue(`${year}-01-01`);
    expect(screen.getByLabelText('To')).toHaveValue(toIsoDate(new Date()));
    await user.click(screen.getByRole('button', { name: 'Download statement' }));
    expect(clicked).toEqual([`/api/portal/statement.pdf?from=${year}-01-01&to=${toIsoDate(new Date())}`]);
    await screen.findByRole('option', { name: 'EUR' });
    await user.selectOptions(screen.getByLabelText('Currency'), 'EUR');
    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), `${year - 1}-12-31`);
    await user.click(screen.getByRole('button', { name: 'Download statement' }));
    expect(await screen.findByText('From must be on or before To')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), `${year}-03-31`);
    await user.click(screen.getByRole('button', { name: 'Download statement' }));
    expect(clicked[1]).toBe(`/api/portal/statement.pdf?from=${year}-01-01&to=${year}-03-31&currency=EUR`);
  });
});

describe('portal receipts and shell', () => {
  it('lists receipts with their PDFs, on the custom domain without a slug in any link', async () => {
    const calls = stubFetch([
      brandingRoute(),
      meRoute(),
      {
        path: '/api/portal/receipts',
        body: [
          {
            id: '0b8e7f62-8a8c-4b8e-9d43-1b5c6f1f3a10',
            receiptNumber: 'RCT-0002',
            currency: 'USD',
            total: '300.00',
            paymentMethod: 'card',
            paidAt: '2026-11-20T10:00:00.000Z',
            allocations: [
              { paymentId: 1, invoiceId: 1, invoiceNumber: 'INV-0001', amount: '100.00' },
              { paymentId: 2, invoiceId: 2, invoiceNumber: 'INV-0002', amount: '200.00' },
            ],
          },
        ],
      },
    ]);
    renderPortal('/portal/receipts');
    const receipt = await screen.findByTestId('portal-receipt');
    expect(receipt).toHaveTextContent('RCT-0002');
    expect(receipt).toHaveTextContent('$300.00');
    expect(receipt).toHaveTextContent('INV-0001, INV-0002');
    expect(within(receipt).getByRole('link', { name: 'Download receipt RCT-0002' })).toHaveAttribute(
      'href',
      '/api/portal/receipts/0b8e7f62-8a8c-4b8e-9d43-1b5c6f1f3a10/pdf',
    );
    expect(calls[0]!.url).toBe('/api/portal/branding');
    const nav = screen.getByRole('navigation', { name: 'Portal' });
    expect(within(nav).getByRole('link', { name: 'Invoices' })).toHaveAttribute('href', '/portal/invoices');
    expect(within(nav).getByRole('link', { name: 'Receipts' })).toHaveAttribute('aria-current', 'page');
  });

  it('says so when there are no receipts yet, and signs out to the sign-in page', async () => {
    const user = userEvent.setup();
    const calls = stubFetch([
      brandingRoute(),
      meRoute(),
      { path: '/api/portal/receipts', body: [] },
      { method: 'POST', path: '/api/portal/sign-out', status: 204 },
    ]);
    const { router } = renderPortal('/portal/acme/receipts');
    expect(await screen.findByRole('heading', { name: 'No receipts yet' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to Acme Supplies' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/portal/acme');
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/portal/sign-out')).toBe(true);
  });
});
