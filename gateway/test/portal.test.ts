import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PortalSignInMessages, type OrganizationSettings } from '@billpoint/proto';
import { waitFor } from '@billpoint/kit/testing';
import { startStack, type Stack } from './support/stack.ts';
import { mailsTo, portalLinksTo, portalSignIn } from './support/portal.ts';
import { makeCustomer } from '../../services/billing/test/support/factories.ts';

let stack: Stack;
let outbox: string;
beforeAll(async () => {
  stack = await startStack();
  outbox = stack.gatewayEnv.MAIL_OUTBOX_DIR!;
});
afterAll(() => stack?.close());

const uniq = () => Math.random().toString(36).slice(2, 10);

async function organization(name = `Portal ${uniq()}`) {
  const staff = stack.client();
  const { organization } = await staff.register({ organizationName: name });
  const slug = ((await staff.get('/api/organization-settings')).json as OrganizationSettings).portalSlug;
  return { staff, tenantId: organization.id, slug, name };
}

describe('portal sign-in by e-mailed link', () => {
  it('answers the same 202 for any address, and mails a link only to a customer of that organization', async () => {
    const org = await organization();
    const customer = await makeCustomer(org.staff, { email: `buyer-${uniq()}@example.test` });
    const stranger = `nobody-${uniq()}@example.test`;
    const other = await organization();
    const otherCustomer = await makeCustomer(other.staff, { email: `elsewhere-${uniq()}@example.test` });

    const anon = stack.client();
    const known = await anon.post(`/api/portal/${org.slug}/sign-in`, { email: customer.email.toUpperCase() });
    const unknown = await anon.post(`/api/portal/${org.slug}/sign-in`, { email: stranger });
    const wrongOrg = await anon.post(`/api/portal/${org.slug}/sign-in`, { email: otherCustomer.email });
    for (const r of [known, unknown, wrongOrg]) {
      expect(r.status).toBe(202);
      expect(r.json).toEqual({ message: PortalSignInMessages.sent });
    }
    const [link] = await waitFor(() => (portalLinksTo(outbox, customer.email).length ? portalLinksTo(outbox, customer.email) : null));
    expect(link).toMatchObject({ slug: org.slug, origin: stack.url });
    const mail = mailsTo(outbox, customer.email)[0]!;
    expect(mail).toContain(`Subject: Your sign-in link for ${org.name}`);
    expect(mail).toMatch(new RegExp(`From: "?${org.name} via Billpoint"? <no-reply@billpoint\\.local>`));
    // The customers of another organization, and strangers, get nothing (checked after the known one arrived).
    expect(mailsTo(outbox, stranger)).toEqual([]);
    expect(mailsTo(outbox, otherCustomer.email)).toEqual([]);

    // Unknown portal: 404. Bad input: 400 naming the field.
    const missing = await anon.post(`/api/portal/no-such-${uniq()}/sign-in`, { email: stranger });
    expect(missing.status).toBe(404);
    expect(missing.json.message).toBe('Portal not found');
    const bad = await anon.post(`/api/portal/${org.slug}/sign-in`, { email: 'not-an-address' });
    expect(bad.status).toBe(400);
    expect(bad.json.issues[0].path).toBe('email');
    expect((await anon.post(`/api/portal/${org.slug}/sign-in`, { email: stranger, admin: true })).status).toBe(400);
    // CSRF like every other mutation.
    expect((await anon.post(`/api/portal/${org.slug}/sign-in`, { email: stranger }, { 'x-requested-with': '' })).status).toBe(403);
  });

  it('a link works once and for 15 minutes; the session has its own HttpOnly cookie; sign-out ends it', async () => {
    const org = await organization();
    const customer = await makeCustomer(org.staff, { email: `once-${uniq()}@example.test`, name: 'Once Buyer' });
    const browser = stack.client();
    expect((await browser.post(`/api/portal/${org.slug}/sign-in`, { email: customer.email })).status).toBe(202);
    const link = await waitFor(() => portalLinksTo(outbox, customer.email)[0]);

    const first = await browser.post('/api/portal/sessions', { token: link.token });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({
      customer: { id: customer.id, name: 'Once Buyer', email: customer.email },
      branding: { slug: org.slug },
    });
    const cookie = browser.lastSetCookie.find((c) => c.startsWith('bp_portal='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    expect(browser.cookies.has('bp_session')).toBe(false);

    // Used once: a second exchange, by anyone, is refused.
    const again = await stack.client().post('/api/portal/sessions', { token: link.token });
    expect(again.status).toBe(400);
    expect(again.json.message).toBe(PortalSignInMessages.linkInvalid);
    // A made-up token: the same answer.
    expect((await stack.client().post('/api/portal/sessions', { token: 'A'.repeat(43) })).json.message).toBe(
      PortalSignInMessages.linkInvalid,
    );

    // An expired link.
    expect((await browser.post(`/api/portal/${org.slug}/sign-in`, { email: customer.email })).status).toBe(202);
    const second = await waitFor(() => portalLinksTo(outbox, customer.email)[1]);
    await stack.db.query(`update gateway.portal_sign_in_tokens set expires_at = now() - interval '1 second' where used_at is null`);
    expect((await stack.client().post('/api/portal/sessions', { token: second.token })).status).toBe(400);

    expect((await browser.get('/api/portal/me')).status).toBe(200);
    expect((await browser.post('/api/portal/sign-out')).status).toBe(204);
    expect((await browser.get('/api/portal/me')).status).toBe(401);
  });

  it('ends a portal session idle 30 minutes or older than 12 hours', async () => {
    const org = await organization();
    const customer = await makeCustomer(org.staff, { email: `idle-${uniq()}@example.test` });
    const browser = stack.client();
    await portalSignIn(outbox, browser, org.slug, customer.email);
    await stack.db.query(`update gateway.portal_sessions set last_seen_at = now() - interval '31 minutes' where customer_id = $1`, [
      customer.id,
    ]);
    expect((await browser.get('/api/portal/me')).status).toBe(401);
    await portalSignIn(outbox, browser, org.slug, customer.email);
    expect((await browser.get('/api/portal/me')).status).toBe(200);
    await stack.db.query(`update gateway.portal_sessions set expires_at = now() where customer_id = $1`, [customer.id]);
    expect((await browser.get('/api/portal/me')).status).toBe(401);
  });
});

describe('portal sessions and staff sessions stay apart', () => {
  it('a portal session reaches no staff route, and a staff session no portal route', async () => {
    const org = await organization();
    const customer = await makeCustomer(org.staff, { email: `apart-${uniq()}@example.test` });
    const portal = stack.client();
    await portalSignIn(outbox, portal, org.slug, customer.email);
    for (const path of ['/api/customers', `/api/customers/${customer.id}`, '/api/invoices', '/api/organization-settings', '/api/auth/user'])
      expect([401, 403]).toContain((await portal.get(path)).status);
    expect([401, 403]).toContain((await portal.post('/api/customers', { name: 'X', email: 'x@example.test' })).status);
    // A staff session (even the organization's admin) is not a customer.
    expect((await org.staff.get('/api/portal/me')).status).toBe(401);
    expect((await org.staff.put('/api/portal/me', { name: 'Admin posing' })).status).toBe(401);
  });

  it('PUT /api/portal/me changes the customer, audited as the customer, and the organization sees it', async () => {
    const org = await organization();
    const customer = await makeCustomer(org.staff, { email: `profile-${uniq()}@example.test`, name: 'Old Name' });
    const portal = stack.client();
    await portalSignIn(outbox, portal, org.slug, customer.email);
    const bad = await portal.put('/api/portal/me', { name: '', country: 'Germany' });
    expect(bad.status).toBe(400);
    expect((bad.json.issues as { path: string }[]).map((i) => i.path).sort()).toEqual(['country', 'name']);
    expect((await portal.put('/api/portal/me', { name: 'N', email: 'other@example.test' })).status).toBe(400);

    const saved = await portal.put('/api/portal/me', { name: 'New Name GmbH', phone: '+49 30 123', city: 'Berlin', country: 'de' });
    expect(saved.status).toBe(200);
    expect(saved.json.customer).toMatchObject({
      id: customer.id,
      name: 'New Name GmbH',
      phone: '+49 30 123',
      city: 'Berlin',
      country: 'DE',
    });
    expect((await org.staff.get(`/api/customers/${customer.id}`)).json).toMatchObject({ name: 'New Name GmbH', email: customer.email });
    const { rows } = await stack.db.query<{ payload: { actorId: string; data: { name: string } } }>(
      `select payload from customers.outbox where tenant_id = $1 and subject = 'evt.customers.customer.updated'`,
      [org.tenantId],
    );
    expect(rows.map((r) => [r.payload.actorId, r.payload.data.name])).toEqual([[`portal:${customer.id}`, 'New Name GmbH']]);
  });
});

describe('portal branding', () => {
  it('answers the organization by slug; an unknown slug is 404', async () => {
    const org = await organization('Brand & Co');
    const res = await stack.client().get(`/api/portal/branding?slug=${org.slug}`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ slug: org.slug, organizationName: 'Brand & Co', whiteLabel: false, logoUrl: null });
    expect((await stack.client().get(`/api/portal/branding?slug=zz-${uniq()}`)).status).toBe(404);
    expect((await stack.client().get('/api/portal/branding')).status).toBe(404);
    expect((await stack.client().get('/api/portal/branding?slug=a&x=1')).status).toBe(400);
  });
});
