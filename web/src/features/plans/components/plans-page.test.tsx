import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROLE_PERMISSIONS, type SubscriptionChangeAnswer, type UserSubscription } from '@billpoint/proto';
import { renderRoutes, stubFetch, type Route } from '@/testing/render';
import { userQueryOptions } from '@/lib/auth';
import { FALLBACK_PLANS } from '../lib/plan-display';
import { userSubscriptionQueryOptions } from '../api/get-user-subscription';
import { PLAN_ADMINS_ONLY, PlansPage } from './plans-page';

const user = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'ann@acme.test',
  firstName: 'Ann',
  lastName: 'Lee',
  profileImageUrl: null,
  role: 'admin',
  permissions: [...ROLE_PERMISSIONS.admin],
  organization: { id: '00000000-0000-4000-8000-0000000000aa', name: 'Acme', createdAt: '2024-01-15T09:00:00.000Z' },
};
const subscription = (o: Partial<UserSubscription> = {}): UserSubscription => ({
  plan: 'starter',
  displayName: 'Starter',
  status: 'active',
  billingCycle: 'monthly',
  trialEndsAt: null,
  currentPeriodEnd: null,
  limits: { maxInvoices: 50, maxCustomers: 5, maxProducts: 10, maxApiKeys: 0, maxWebhooks: 2 },
  flags: FALLBACK_PLANS[0]!,
  usage: {
    invoiceCount: 0,
    customerCount: 0,
    productCount: 0,
    apiKeyCount: 0,
    webhookCount: 0,
    currentPeriodStart: '2026-11-01',
    currentPeriodEnd: '2026-11-30',
  },
  demoMode: true,
  ...o,
});

function api({
  signedIn,
  sub = subscription(),
  extra = [],
  me = user,
}: {
  signedIn: boolean;
  sub?: UserSubscription;
  extra?: Route[];
  me?: typeof user;
}): Route[] {
  return [
    ...extra,
    { path: '/api/subscription-plans', body: FALLBACK_PLANS },
    {
      path: '/api/auth/user',
      ...(signedIn ? { body: me } : { status: 401, body: { statusCode: 401, error: 'Unauthorized', message: 'Unauthorized' } }),
    },
    { path: '/api/user-subscription', body: sub },
  ];
}
const renderPage = () => renderRoutes([{ path: '/subscription-plans', element: <PlansPage /> }], { path: '/subscription-plans' });
const card = (name: string) => screen.findByTestId(`plan-${name}`);
async function findToast() {
  const region = screen.getByRole('region', { name: /Notifications/ });
  await waitFor(() => expect(region.querySelector('li')).not.toBeNull());
  return region;
}

describe('plan chooser', () => {
  it('signed in without plan.manage (a manager): the plans, their buttons disabled, and why', async () => {
    const calls = stubFetch(api({ signedIn: true, me: { ...user, role: 'manager', permissions: [...ROLE_PERMISSIONS.manager] } }));
    renderPage();
    expect(await screen.findByText(PLAN_ADMINS_ONLY)).toBeInTheDocument();
    expect(within(await card('professional')).getByRole('button', { name: 'Upgrade to Professional' })).toBeDisabled();
    expect(within(await card('enterprise')).getByRole('button', { name: 'Upgrade to Enterprise' })).toBeDisabled();
    expect(calls.some((c) => c.url.includes('/api/subscription/change'))).toBe(false);
  });

  it('signed out: prices, limits, ticks, Monthly/Yearly with the largest saving, the comparison table; buttons sign in', async () => {
    const calls = stubFetch(api({ signedIn: false }));
    const u = userEvent.setup();
    renderPage();
    const pro = within(await card('professional'));
    expect(pro.getByText('Most Popular')).toBeInTheDocument();
    expect(pro.getByTestId('plan-price')).toHaveTextContent('$69');
    expect(pro.getByText('Unlimited invoices')).toBeInTheDocument();
    expect(pro.getByText('100 products')).toBeInTheDocument();
    const starter = within(await card('starter'));
    expect(starter.getByText('50 invoices per month')).toBeInTheDocument();
    expect(starter.getByText('0 API keys')).toBeInTheDocument();
    expect(within(starter.getByRole('list', { name: 'Starter features' })).getAllByRole('listitem')).toHaveLength(6);
    expect(screen.queryByText('Current Plan')).toBeNull();
    for (const link of screen.getAllByRole('link', { name: 'Get Started' })) expect(link).toHaveAttribute('href', '/api/login');
    expect(calls.some((c) => c.url.includes('/api/user-subscription'))).toBe(false);

    expect(screen.queryByTestId('yearly-saving')).toBeNull();
    await u.click(screen.getByRole('button', { name: 'Yearly' }));
    // The badge is the largest of the cards' savings: Starter's 31% (Professional 29%, Enterprise 25%).
    expect(screen.getByTestId('yearly-saving')).toHaveTextContent('Save up to 31%');
    expect(starter.getByTestId('plan-price')).toHaveTextContent('$20');
    expect(starter.getByText('$240 billed yearly')).toBeInTheDocument();
    expect(starter.getByText('Save 31%')).toBeInTheDocument();
    expect(pro.getByText('Save 29%')).toBeInTheDocument();
    expect(within(await card('enterprise')).getByText('Save 25%')).toBeInTheDocument();

    const table = screen.getByRole('table');
    expect(screen.getByRole('heading', { name: 'Feature Comparison' })).toBeInTheDocument();
    // The same figures as the cards (and as enforced).
    expect(within(table).getByRole('row', { name: /Customers 5 Unlimited Unlimited/ })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /Invoices per month 50 Unlimited Unlimited/ })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /Products 10 100 Unlimited/ })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /Support Email Priority Email Dedicated Manager/ })).toBeInTheDocument();
  });

  it('shows "Free" for a price of 0, and the fallback plan values when the plans cannot be loaded', async () => {
    stubFetch([
      { path: '/api/subscription-plans', body: [{ ...FALLBACK_PLANS[0]!, monthlyPrice: '0.00', yearlyPrice: '0.00' }] },
      { path: '/api/auth/user', status: 401, body: { statusCode: 401, error: 'Unauthorized', message: 'Unauthorized' } },
    ]);
    renderPage();
    expect(within(await card('starter')).getByTestId('plan-price')).toHaveTextContent('Free');
  });

  it('signed in: marks the current plan and disables it; labels the others; Processing... while the change is pending', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const answer: SubscriptionChangeAnswer = { message: 'You are now on the Enterprise plan, billed monthly.', demoMode: true };
    const calls = stubFetch(
      api({
        signedIn: true,
        extra: [{ method: 'POST', path: '/api/subscription/change', reply: async () => (await gate, { body: answer }) }],
      }),
    );
    const u = userEvent.setup();
    const { queryClient } = renderPage();
    const starter = within(await card('starter'));
    expect(starter.getByText('Current Plan', { selector: '[data-slot="badge"]' })).toBeInTheDocument();
    expect(starter.getByRole('button', { name: 'Current Plan' })).toBeDisabled();
    expect(within(await card('professional')).getByRole('button', { name: 'Upgrade to Professional' })).toBeEnabled();

    await u.click(screen.getByRole('button', { name: 'Upgrade to Enterprise' }));
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Processing...' })).toHaveLength(2));
    for (const b of screen.getAllByRole('button', { name: 'Processing...' })) expect(b).toBeDisabled();
    expect(JSON.parse(String(calls.find((c) => c.method === 'POST')!.init!.body))).toEqual({
      planName: 'enterprise',
      billingCycle: 'monthly',
    });
    release();

    const toast = await findToast();
    expect(within(toast).getByText('Subscription Updated')).toBeInTheDocument();
    expect(
      within(toast).getByText('You are now on the Enterprise plan, billed monthly. (Demo mode - no payment required)'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.url.endsWith('/api/user-subscription'))).toHaveLength(2);
    expect(queryClient.getQueryState(userQueryOptions.queryKey)?.dataUpdateCount).toBe(2);
    expect(queryClient.getQueryState(userSubscriptionQueryOptions.queryKey)?.dataUpdateCount).toBe(2);
  });

  it('labels from another plan "Switch to …", and a yearly toggle makes the same plan choosable for the other cycle', async () => {
    stubFetch(
      api({
        signedIn: true,
        sub: subscription({ plan: 'professional', displayName: 'Professional', status: 'trialing', trialEndsAt: '2026-12-01T10:00:00Z' }),
      }),
    );
    const u = userEvent.setup();
    renderPage();
    expect(within(await card('starter')).getByRole('button', { name: 'Downgrade to Starter' })).toBeEnabled();
    expect(within(await card('enterprise')).getByRole('button', { name: 'Switch to Enterprise' })).toBeEnabled();
    expect(screen.getByTestId('trial-note')).toHaveTextContent('Your Professional trial ends on Dec 1, 2026.');
    await u.click(screen.getByRole('button', { name: 'Yearly' }));
    expect(within(await card('professional')).getByRole('button', { name: 'Switch to Professional' })).toBeEnabled();
  });

  it('says "Subscription Update Failed" with the server’s text, or the fallback', async () => {
    let status = 403;
    stubFetch(
      api({
        signedIn: true,
        extra: [
          {
            method: 'POST',
            path: '/api/subscription/change',
            reply: () =>
              status === 403
                ? { status, body: { statusCode: 403, error: 'Forbidden', message: 'Only an admin can change the subscription plan.' } }
                : { status, body: 'no json' },
          },
        ],
      }),
    );
    const u = userEvent.setup();
    renderPage();
    await u.click(within(await card('professional')).getByRole('button', { name: 'Upgrade to Professional' }));
    let toast = await findToast();
    expect(within(toast).getByText('Subscription Update Failed')).toBeInTheDocument();
    expect(within(toast).getByText('Only an admin can change the subscription plan.')).toBeInTheDocument();

    status = 422;
    await u.click(within(await card('enterprise')).getByRole('button', { name: 'Upgrade to Enterprise' }));
    toast = await findToast();
    await waitFor(() => expect(within(toast).getByText('Failed to update subscription plan')).toBeInTheDocument());
  });
});
