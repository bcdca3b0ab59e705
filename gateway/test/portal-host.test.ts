import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOST_TENANT_HEADER, INTERNAL_TOKEN_HEADER, type OrganizationSettings } from '@billpoint/proto';
import { serviceRegistry, type ServiceEntry } from '@billpoint/proto/services';
import { createInternalTokenVerifier, startService, type RunningService } from '@billpoint/kit';
import { TEST_TOKEN_KEY, waitFor } from '@billpoint/kit/testing';
import { createGatewayService } from '../src/app.ts';
import { startStack, type Stack } from './support/stack.ts';
import { hostRequest } from './support/host-http.ts';
import { mailsTo, portalLinksTo, portalSignIn } from './support/portal.ts';
import { makeCustomer } from '../../services/billing/test/support/factories.ts';
import { choosePlan } from '../../services/payments/test/support/plans.ts';

/**
 * The portal on an organization's own domain (CUSTOM_DOMAIN_VERIFICATION=trust: a saved domain is verified at once;
 * custom-domain.test.ts proves domains through DNS). A second gateway over the same services adds a stand-in service
 * that echoes what it receives, to see the headers forwarded on a custom domain.
 */
let stack: Stack;
let outbox: string;
let echo: Server;
let echoGateway: RunningService;
const echoed: IncomingHttpHeaders[] = [];
const echoEntry: ServiceEntry = {
  name: 'echo',
  port: 8099,
  prefixes: ['/api/echo'],
  public: [{ method: 'GET', path: '/api/echo/public' }],
  portalPrefixes: ['/api/portal/echo'],
};

beforeAll(async () => {
  stack = await startStack({ env: { CUSTOM_DOMAIN_VERIFICATION: 'trust' } });
  outbox = stack.gatewayEnv.MAIL_OUTBOX_DIR!;
  echo = createServer((req, res) => {
    echoed.push(req.headers);
    res.setHeader('content-type', 'application/json').end('{"ok":true}');
  });
  await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
  echoGateway = await startService(createGatewayService([...serviceRegistry, echoEntry]), {
    env: { ...stack.gatewayEnv, ECHO_URL: `http://127.0.0.1:${(echo.address() as AddressInfo).port}` },
    bus: stack.bus,
  });
});
afterAll(async () => {
  await echoGateway?.close();
  await new Promise((resolve) => echo?.close(resolve));
  await stack?.close();
});

const uniq = () => Math.random().toString(36).slice(2, 10);

async function organizationOn(domain: string | null, name = `Host ${uniq()}`) {
  const staff = stack.client();
  const { organization } = await staff.register({ organizationName: name });
  const saved = await staff.post('/api/organization-settings', { companyName: name, customDomain: domain });
  if (saved.status !== 200) throw new Error(saved.text);
  const settings = saved.json as OrganizationSettings;
  return { staff, tenantId: organization.id, slug: settings.portalSlug, name, settings };
}
const cookieOf = (setCookie: string | string[] | undefined) =>
  [setCookie ?? []]
    .flat()
    .find((c) => c.startsWith('bp_portal='))!
    .split(';')[0]!;

describe('the portal on a verified custom domain', () => {
  it('answers the branding without a slug, only its own slug, and nothing of the staff app', async () => {
    const domain = `billing.${uniq()}.example`;
    const a = await organizationOn(domain, 'Domain Owner Ltd');
    const b = await organizationOn(null);
    expect(a.settings.customDomainStatus).toMatchObject({ domain, verified: true });

    const branding = await hostRequest(stack.url, domain, 'GET', '/api/portal/branding');
    expect(branding.status).toBe(200);
    expect(branding.json).toMatchObject({ slug: a.slug, organizationName: 'Domain Owner Ltd' });
    expect((await hostRequest(stack.url, domain, 'GET', `/api/portal/branding?slug=${a.slug}`)).status).toBe(200);
    expect((await hostRequest(stack.url, domain, 'GET', `/api/portal/branding?slug=${b.slug}`)).status).toBe(404);
    expect(
      (await hostRequest(stack.url, domain, 'POST', `/api/portal/${b.slug}/sign-in`, { body: { email: 'x@example.test' } })).status,
    ).toBe(404);

    // No staff sign-in, settings or API on a customer's domain; `/` leads to the portal.
    for (const [method, path] of [
      ['GET', '/api/organization-settings'],
      ['POST', '/api/auth/login'],
      ['GET', '/api/customers'],
      ['GET', '/api/auth/user'],
      ['GET', '/login'],
      ['GET', '/dashboard'],
    ] as const)
      expect([
        method,
        path,
        (await hostRequest(stack.url, domain, method, path, { body: method === 'POST' ? {} : undefined })).status,
      ]).toEqual([method, path, 404]);
    const root = await hostRequest(stack.url, domain, 'GET', '/');
    expect(root.status).toBe(302);
    expect(root.headers.location).toBe('/portal');
  });

  it('signs a customer in there with a link on that domain; its session works on that domain only', async () => {
    const domain = `pay.${uniq()}.example`;
    const a = await organizationOn(domain);
    const other = await organizationOn(`pay.${uniq()}.example`);
    const customer = await makeCustomer(a.staff, { email: `host-${uniq()}@example.test` });
    const asked = await hostRequest(stack.url, domain, 'POST', `/api/portal/${a.slug}/sign-in`, { body: { email: customer.email } });
    expect(asked.status).toBe(202);
    const link = await waitFor(() => portalLinksTo(outbox, customer.email)[0]);
    expect(link).toMatchObject({ origin: `https://${domain}`, slug: a.slug });

    const session = await hostRequest(stack.url, domain, 'POST', '/api/portal/sessions', { body: { token: link.token } });
    expect(session.status).toBe(200);
    const cookie = cookieOf(session.headers['set-cookie']);
    expect((await hostRequest(stack.url, domain, 'GET', '/api/portal/me', { cookie })).json.customer.id).toBe(customer.id);
    // The same cookie sent to another organization's domain: not signed in there.
    expect((await hostRequest(stack.url, other.settings.customDomain!, 'GET', '/api/portal/me', { cookie })).status).toBe(401);

    // A link of organization `other`, exchanged on `a`'s domain, starts nothing.
    const theirs = await makeCustomer(other.staff, { email: `theirs-${uniq()}@example.test` });
    await stack.client().post(`/api/portal/${other.slug}/sign-in`, { email: theirs.email });
    const theirLink = await waitFor(() => portalLinksTo(outbox, theirs.email)[0]);
    const crossed = await hostRequest(stack.url, domain, 'POST', '/api/portal/sessions', { body: { token: theirLink.token } });
    expect(crossed.status).toBe(400);
    expect(crossed.headers['set-cookie']?.toString() ?? '').not.toMatch(/bp_portal=[A-Za-z0-9_-]{43}/);
  });

  it('an unknown host gets 404 on the portal, pay and branding routes', async () => {
    const a = await organizationOn(null);
    for (const [method, path] of [
      ['GET', `/api/portal/branding?slug=${a.slug}`],
      ['POST', `/api/portal/${a.slug}/sign-in`],
      ['GET', '/api/portal/me'],
      ['GET', '/api/invoices/abc/public'],
      ['GET', '/portal'],
      ['GET', '/pay/abc'],
    ] as const)
      expect(
        (
          await hostRequest(stack.url, 'not-ours.example', method, path, {
            body: method === 'POST' ? { email: 'a@example.test' } : undefined,
          })
        ).status,
      ).toBe(404);
    // The same on the app's own host answers.
    expect((await stack.client().get(`/api/portal/branding?slug=${a.slug}`)).status).toBe(200);
  });
});

describe('white-label e-mails', () => {
  it('an Enterprise organization with white-label on sends the sign-in link from its own name, never saying Billpoint', async () => {
    const a = await organizationOn(null, 'Quiet Label AG');
    await choosePlan(stack.db, a.staff, a.tenantId, 'enterprise');
    expect((await a.staff.post('/api/organization-settings', { companyName: 'Quiet Label AG', isWhiteLabel: true })).status).toBe(200);
    const customer = await makeCustomer(a.staff, { email: `wl-${uniq()}@example.test` });
    await portalSignIn(outbox, stack.client(), a.slug, customer.email);
    const mail = mailsTo(outbox, customer.email)[0]!;
    expect(mail).toMatch(/From: "?Quiet Label AG"? </);
    expect(mail).toContain('Quiet Label AG');
    expect(mail).not.toContain('Billpoint');
    const branding = await stack.client().get(`/api/portal/branding?slug=${a.slug}`);
    expect(branding.json.whiteLabel).toBe(true);
  });
});

describe('headers forwarded on a custom domain', () => {
  it('public and portal routes carry the domain’s tenant (over any client value); on the app host a client value is dropped', async () => {
    const domain = `echo.${uniq()}.example`;
    const a = await organizationOn(domain);
    const forged = { [HOST_TENANT_HEADER]: '00000000-0000-4000-8000-000000000000' };
    echoed.length = 0;
    expect((await hostRequest(echoGateway.url, domain, 'GET', '/api/echo/public', { headers: forged })).status).toBe(200);
    expect(echoed.at(-1)![HOST_TENANT_HEADER]).toBe(a.tenantId);
    expect((await hostRequest(echoGateway.url, '127.0.0.1', 'GET', '/api/echo/public', { headers: forged })).status).toBe(200);
    expect(echoed.at(-1)![HOST_TENANT_HEADER]).toBeUndefined();

    const customer = await makeCustomer(a.staff, { email: `echo-${uniq()}@example.test` });
    await hostRequest(echoGateway.url, domain, 'POST', `/api/portal/${a.slug}/sign-in`, { body: { email: customer.email } });
    const link = await waitFor(() => portalLinksTo(outbox, customer.email)[0]);
    const session = await hostRequest(echoGateway.url, domain, 'POST', '/api/portal/sessions', { body: { token: link.token } });
    const cookie = cookieOf(session.headers['set-cookie']);
    // A staff cookie is no way in; the portal cookie is, with a portal caller's token.
    expect((await hostRequest(echoGateway.url, domain, 'GET', '/api/portal/echo/invoices')).status).toBe(401);
    expect((await hostRequest(echoGateway.url, domain, 'GET', '/api/portal/echo/invoices', { cookie, headers: forged })).status).toBe(200);
    const seen = echoed.at(-1)!;
    expect(seen[HOST_TENANT_HEADER]).toBe(a.tenantId);
    expect(seen.cookie).toBeUndefined();
    const identity = createInternalTokenVerifier(TEST_TOKEN_KEY)(seen[INTERNAL_TOKEN_HEADER] as string);
    expect(identity).toMatchObject({ tenantId: a.tenantId, userId: `portal:${customer.id}`, role: 'user', scopes: [] });
  });
});
