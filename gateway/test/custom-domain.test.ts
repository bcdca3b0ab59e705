import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrganizationUpdatedData, type OrganizationSettings } from '@billpoint/proto';
import type { HttpClient } from '@billpoint/kit/testing';
import { startStack, type Stack } from './support/stack.ts';
import { startDnsServer, type TestDnsServer } from './support/dns-server.ts';
import { hostRequest } from './support/host-http.ts';
import { choosePlan } from '../../services/payments/test/support/plans.ts';
import { CustomDomainVerification, TxtChecker } from '../src/modules/settings/custom-domain.ts';
import { SettingsService } from '../src/modules/settings/settings.service.ts';

let stack: Stack;
let dns: TestDnsServer;
beforeAll(async () => {
  dns = await startDnsServer();
  stack = await startStack({ env: { CUSTOM_DOMAIN_VERIFICATION: 'dns', DNS_SERVERS: dns.address } });
});
afterAll(async () => {
  await stack?.close();
  await dns?.close();
});

const settingsOf = async (c: HttpClient) => (await c.get('/api/organization-settings')).json as OrganizationSettings;
const save = (c: HttpClient, body: Record<string, unknown>) => c.post('/api/organization-settings', { companyName: 'Shop Co', ...body });
const updatesOf = async (tenantId: string) =>
  (
    await stack.db.query(
      `select payload from gateway.outbox where tenant_id = $1 and subject = 'evt.gateway.organization.updated' order by created_at`,
      [tenantId],
    )
  ).rows.map((r) => OrganizationUpdatedData.parse((r.payload as { data: unknown }).data));

describe('custom domain verification (DNS TXT through a DNS server on 127.0.0.1)', () => {
  it('shows the TXT record to publish, stays unverified without it, verifies when it holds the token, and a new domain starts over', async () => {
    const c = stack.client();
    const { organization } = await c.register({ organizationName: 'Shop Co' });
    const saved = (await save(c, { customDomain: 'Billing.Shop-One.example' })).json as OrganizationSettings;
    expect(saved.customDomain).toBe('billing.shop-one.example');
    const status = saved.customDomainStatus;
    expect(status).toMatchObject({ domain: 'billing.shop-one.example', txtName: '_billpoint.billing.shop-one.example', verified: false });
    expect(status.txtValue).toMatch(/^billpoint-verify=[A-Za-z0-9_-]{24}$/);

    // No record yet: checked, not verified; the domain serves nothing.
    const asked = dns.questions();
    const first = await c.post('/api/organization-settings/custom-domain/verify', {});
    expect(first.status).toBe(200);
    expect(first.json.customDomainStatus).toMatchObject({ verified: false, verifiedAt: null });
    expect(first.json.customDomainStatus.lastCheckedAt).not.toBeNull();
    expect(dns.questions()).toBeGreaterThan(asked);
    expect((await hostRequest(stack.url, 'billing.shop-one.example', 'GET', '/api/portal/branding')).status).toBe(404);

    // A wrong value does not count; the token does.
    dns.txt.set('_billpoint.billing.shop-one.example', ['something-else']);
    expect((await c.post('/api/organization-settings/custom-domain/verify', {})).json.customDomainStatus.verified).toBe(false);
    dns.txt.set('_billpoint.billing.shop-one.example', ['something-else', status.txtValue!]);
    const verified = await c.post('/api/organization-settings/custom-domain/verify', {});
    expect(verified.json.customDomainStatus).toMatchObject({ verified: true, txtValue: status.txtValue });
    expect((await settingsOf(c)).customDomainStatus.verified).toBe(true);
    // Billing hears it (organization.updated carries the state).
    const events = await updatesOf(organization.id);
    expect(events.at(-1)!.customDomainStatus).toMatchObject({ domain: 'billing.shop-one.example', verified: true });

    // On the domain (any case, any port): the branding answers without a slug.
    const branding = await hostRequest(stack.url, 'BILLING.shop-one.example:443', 'GET', '/api/portal/branding');
    expect(branding.status).toBe(200);
    expect(branding.json).toMatchObject({ organizationName: 'Shop Co', slug: saved.portalSlug, whiteLabel: false });

    // Another domain: unverified again, with a new token.
    const moved = (await save(c, { customDomain: 'pay.shop-one.example' })).json as OrganizationSettings;
    expect(moved.customDomainStatus).toMatchObject({ domain: 'pay.shop-one.example', verified: false, lastCheckedAt: null });
    expect(moved.customDomainStatus.txtValue).not.toBe(status.txtValue);
    expect((await hostRequest(stack.url, 'billing.shop-one.example', 'GET', '/api/portal/branding')).status).toBe(404);
  });

  it('a domain another organization verified stays unverified here', async () => {
    const a = stack.client();
    await a.register({ organizationName: 'First Owner' });
    const token = ((await save(a, { companyName: 'First Owner', customDomain: 'owned.example' })).json as OrganizationSettings)
      .customDomainStatus.txtValue!;
    dns.txt.set('_billpoint.owned.example', [token]);
    expect((await a.post('/api/organization-settings/custom-domain/verify', {})).json.customDomainStatus.verified).toBe(true);
    const b = stack.client();
    await b.register({ organizationName: 'Second Claimant' });
    const tokenB = ((await save(b, { companyName: 'Second Claimant', customDomain: 'owned.example' })).json as OrganizationSettings)
      .customDomainStatus.txtValue!;
    dns.txt.set('_billpoint.owned.example', [token, tokenB]);
    expect((await b.post('/api/organization-settings/custom-domain/verify', {})).json.customDomainStatus.verified).toBe(false);
    expect((await hostRequest(stack.url, 'owned.example', 'GET', '/api/portal/branding')).json.organizationName).toBe('First Owner');
  });

  it('refuses Check now without a domain (400), and without a session (401)', async () => {
    const c = stack.client();
    await c.register({ organizationName: 'No Domain Ltd' });
    const res = await c.post('/api/organization-settings/custom-domain/verify', {});
    expect(res.status).toBe(400);
    expect(res.json.message).toBe('Save a custom domain first');
    expect((await stack.client().post('/api/organization-settings/custom-domain/verify', {})).status).toBe(401);
  });
});

describe('the custom-domain job', () => {
  it('verifies a domain once its record appears, and ends the verification when the record is gone at the daily recheck', async () => {
    const c = stack.client();
    const { organization } = await c.register({ organizationName: 'Job Co' });
    const token = ((await save(c, { customDomain: 'job.example' })).json as OrganizationSettings).customDomainStatus.txtValue!;
    const ctx = stack.gateway.ctx;
    const job = new CustomDomainVerification({
      orm: ctx.orm,
      settings: new SettingsService({ orm: ctx.orm, published: () => ctx.relay.nudge(), plan: async () => null, trustDomains: false }),
      txt: new TxtChecker({ servers: [dns.address] }),
      mode: 'dns',
      logger: ctx.logger,
    });
    await job.run();
    expect((await settingsOf(c)).customDomainStatus).toMatchObject({ verified: false });
    dns.txt.set('_billpoint.job.example', [token]);
    await job.run();
    expect((await settingsOf(c)).customDomainStatus).toMatchObject({ verified: true });
    expect((await hostRequest(stack.url, 'job.example', 'GET', '/api/portal/branding')).status).toBe(200);

    // Verified and checked within the day: left alone even without the record; a day later it is checked again.
    dns.txt.delete('_billpoint.job.example');
    await job.run();
    expect((await settingsOf(c)).customDomainStatus.verified).toBe(true);
    await stack.db.query(
      `update gateway.organization_settings set custom_domain_checked_at = now() - interval '2 days' where organization_id = $1`,
      [organization.id],
    );
    await job.run();
    expect((await settingsOf(c)).customDomainStatus.verified).toBe(false);
  });
});

describe('portal sign-in limits', () => {
  it('sends at most five sign-in links to one address in 15 minutes (429 after), other addresses unaffected', async () => {
    const c = stack.client();
    await c.register({ organizationName: 'Limit Co' });
    const slug = (await settingsOf(c)).portalSlug;
    const anon = stack.client();
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await anon.post(`/api/portal/${slug}/sign-in`, { email: 'Same@Example.test' })).status);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    expect((await anon.post(`/api/portal/${slug}/sign-in`, { email: 'same@example.test' })).status).toBe(429);
    expect((await anon.post(`/api/portal/${slug}/sign-in`, { email: 'other@example.test' })).status).toBe(202);
  });
});

describe('portal address and white-label in organization settings', () => {
  it('makes the portal address from the name at sign-up, keeps it unique (a suffix; 409 when chosen), and refuses reserved ones', async () => {
    const a = stack.client();
    const { organization } = await a.register({ organizationName: 'Zebra Supplies' });
    // Given at sign-up: the portal works before anyone opens the settings.
    const stored = await stack.db.query(`select portal_slug from gateway.organizations where id = $1`, [organization.id]);
    expect(stored.rows[0]!.portal_slug).toBe('zebra-supplies');
    const b = stack.client();
    await b.register({ organizationName: 'Zebra Supplies' });
    const slugA = (await settingsOf(a)).portalSlug;
    const slugB = (await settingsOf(b)).portalSlug;
    expect(slugA).toBe('zebra-supplies');
    expect(slugB).toBe('zebra-supplies-2');
    const taken = await save(b, { portalSlug: 'zebra-supplies' });
    expect(taken.status).toBe(409);
    expect(taken.json.message).toBe('This portal address is taken');
    expect((await save(b, { portalSlug: 'api' })).status).toBe(400);
    const mine = await save(b, { portalSlug: 'Zebra-North' });
    expect(mine.status).toBe(200);
    expect(mine.json.portalSlug).toBe('zebra-north');
    expect((await settingsOf(b)).portalSlug).toBe('zebra-north');
    // Kept when a save does not name it.
    expect((await save(b, { companyEmail: 'hi@zebra.example' })).json.portalSlug).toBe('zebra-north');
  });

  it('turns white-label on only on the Enterprise plan (403 naming the plan); it takes effect there and billing hears it', async () => {
    const c = stack.client();
    const { organization } = await c.register({ organizationName: 'Label Co' });
    await choosePlan(stack.db, c, organization.id, 'professional');
    const refused = await save(c, { isWhiteLabel: true });
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe('White-label is part of the Enterprise plan; this organization is on Professional');
    expect((await settingsOf(c)).isWhiteLabel).toBe(false);

    await choosePlan(stack.db, c, organization.id, 'enterprise');
    const on = await save(c, { isWhiteLabel: true });
    expect(on.status).toBe(200);
    expect(on.json).toMatchObject({ isWhiteLabel: true, whiteLabelActive: true });
    expect((await updatesOf(organization.id)).at(-1)).toMatchObject({ isWhiteLabel: true, whiteLabelActive: true });

    // Down to Professional: still saved, no longer in effect, and billing hears that without a save.
    await choosePlan(stack.db, c, organization.id, 'professional');
    expect(await settingsOf(c)).toMatchObject({ isWhiteLabel: true, whiteLabelActive: false });
    await expect.poll(async () => (await updatesOf(organization.id)).at(-1)?.whiteLabelActive, { timeout: 10_000 }).toBe(false);
  });
});
