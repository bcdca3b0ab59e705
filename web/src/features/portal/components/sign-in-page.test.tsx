import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PortalSignInMessages } from '@billpoint/proto';
import { stubFetch } from '@/testing/render';
import { branding, brandingRoute, me, meRoute, renderPortal } from '../testing/portal-fixtures';

const TOKEN = 'a'.repeat(43);

describe('portal sign-in', () => {
  it("asks the organization's portal for a link and says what happens next, whether or not the address is known", async () => {
    const user = userEvent.setup();
    const calls = stubFetch([
      brandingRoute(),
      meRoute(null),
      { method: 'POST', path: '/api/portal/acme/sign-in', status: 202, body: { message: PortalSignInMessages.sent } },
    ]);
    renderPortal('/portal/acme');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to Acme Supplies' })).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/portal/branding?slug=acme')).toBe(true);
    expect(screen.getByTestId('powered-by')).toHaveTextContent('Powered by Billpoint');
    await user.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    expect(await screen.findByText('Email must be a valid e-mail address')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'peter@initech.test');
    await user.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    expect(await screen.findByTestId('sign-in-sent')).toHaveTextContent(PortalSignInMessages.sent);
    const post = calls.find((c) => c.method === 'POST')!;
    expect(JSON.parse(String(post.init?.body))).toEqual({ email: 'peter@initech.test' });
    expect((post.init?.headers as Record<string, string>)['X-Requested-With']).toBe('XMLHttpRequest');
  });

  it('says there is no portal at an unknown address', async () => {
    stubFetch([brandingRoute({ statusCode: 404, message: 'Not found' }, 404), meRoute(null)]);
    renderPortal('/portal/nobody');
    expect(await screen.findByRole('heading', { name: 'Portal not found' })).toBeInTheDocument();
  });

  it('has no Billpoint footer for a white-labelled organization, and reads its branding from the host without a slug', async () => {
    const calls = stubFetch([brandingRoute(branding({ whiteLabel: true })), meRoute(null)]);
    const { container } = renderPortal('/portal');
    await screen.findByRole('heading', { level: 1, name: 'Sign in to Acme Supplies' });
    expect(calls.some((c) => c.url === '/api/portal/branding')).toBe(true);
    expect(container.textContent).not.toMatch(/Billpoint/i);
  });

  it('exchanges the link for a session and opens the invoices', async () => {
    let signedIn = false;
    const calls = stubFetch([
      brandingRoute(),
      { path: '/api/portal/me', reply: () => (signedIn ? { body: me() } : { status: 401, body: { message: 'Unauthorized' } }) },
      {
        method: 'POST',
        path: '/api/portal/sessions',
        reply: () => {
          signedIn = true;
          return { body: me() };
        },
      },
      { path: '/api/portal/invoices', body: { invoices: [], totals: [] } },
    ]);
    const { router } = renderPortal(`/portal/acme/sign-in/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Invoices' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/portal/acme/invoices');
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(JSON.parse(String(posts[0]!.init?.body))).toEqual({ token: TOKEN });
    expect(screen.getByRole('navigation', { name: 'Portal' })).toBeInTheDocument();
  });

  it('shows why a used or expired link cannot sign in, and a way to get a new one', async () => {
    const user = userEvent.setup();
    stubFetch([
      brandingRoute(),
      meRoute(null),
      { method: 'POST', path: '/api/portal/sessions', status: 400, body: { statusCode: 400, message: PortalSignInMessages.linkInvalid } },
    ]);
    const { router } = renderPortal(`/portal/acme/sign-in/${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'This link cannot be used' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(PortalSignInMessages.linkInvalid);
    await user.click(screen.getByRole('link', { name: 'Get a new sign-in link' }));
    expect(router.state.location.pathname).toBe('/portal/acme');
  });

  it('sends a signed-out customer from a portal screen to the sign-in page', async () => {
    const { router } = (stubFetch([brandingRoute(), meRoute(null)]), renderPortal('/portal/acme/receipts'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to Acme Supplies' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/portal/acme');
  });
});
