import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvitationEvents, MembershipEvents } from '@billpoint/proto';
import { waitFor, type HttpClient } from '@billpoint/kit/testing';
import { startStack, type Stack } from './support/stack.ts';

let stack: Stack;
let outbox: string;
beforeAll(async () => {
  stack = await startStack();
  outbox = stack.gatewayEnv.MAIL_OUTBOX_DIR!;
});
afterAll(() => stack?.close());

const uniq = () => Math.random().toString(36).slice(2, 10);

/** The invitation links e-mailed to `to` (oldest first), read from the .eml outbox. */
function linksTo(to: string): string[] {
  return readdirSync(outbox)
    .sort()
    .map((f) => readFileSync(join(outbox, f), 'utf8'))
    .filter((raw) => raw.includes(`To: ${to}`))
    .map((raw) => raw.replace(/=\r?\n/g, '').match(/https?:\/\/\S+\/invite\/([A-Za-z0-9_-]{43})/)?.[1])
    .filter((t): t is string => !!t);
}

async function adminWithOrg() {
  const admin = stack.client();
  const me = await admin.register({ email: `admin-${uniq()}@example.test`, organizationName: `Org ${uniq()}` });
  return { admin, me };
}

async function invite(admin: HttpClient, role = 'user', email = `colleague-${uniq()}@example.test`) {
  const res = await admin.post('/api/organization/invitations', { email, role });
  expect(res.status, res.text).toBe(201);
  const token = linksTo(email).at(-1)!;
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return { email, id: res.json.id as string, token };
}

async function joinAsNew(token: string) {
  const c = stack.client();
  const res = await c.post(`/api/invitations/${token}/accept`, { firstName: 'Col', lastName: 'League', password: 'a long password' });
  expect(res.status, res.text).toBe(200);
  return { c, user: res.json as { id: string; email: string; role: string; organization: { id: string } } };
}

const eventsOf = async (tenantId: string, subject: string) =>
  (await stack.db.query(`select payload from gateway.outbox where tenant_id = $1 and subject = $2`, [tenantId, subject])).rows.map(
    (r) => r.payload as { actorId: string; data: Record<string, unknown> },
  );

describe('invitations', () => {
  it('an admin invites: 201, an e-mail with a single-use link, the token stored only hashed, listed as pending, audited', async () => {
    const { admin, me } = await adminWithOrg();
    const { email, id, token } = await invite(admin, 'manager');
    const raw = readdirSync(outbox)
      .map((f) => readFileSync(join(outbox, f), 'utf8'))
      .find((r) => r.includes(`To: ${email}`))!;
    expect(raw).toContain(`Subject: You are invited to join`);
    // The link's origin is the request's (the test stack has no PUBLIC_URL).
    expect(raw.replace(/=\r?\n/g, '')).toContain(`${stack.url}/invite/${token}`);
    const stored = (await stack.db.query(`select token_hash, expires_at, created_at from gateway.invitations where id = $1`, [id]))
      .rows[0]!;
    expect(stored.token_hash).not.toContain(token);
    expect(new Date(stored.expires_at).getTime() - new Date(stored.created_at).getTime()).toBe(7 * 24 * 3_600_000);

    const list = await admin.get('/api/organization/invitations');
    expect(list.status).toBe(200);
    expect(list.json.invitations).toEqual([expect.objectContaining({ id, email, role: 'manager', invitedBy: 'Test User' })]);
    expect(await eventsOf(me.organization.id, InvitationEvents.Created)).toEqual([
      expect.objectContaining({ actorId: me.id, data: expect.objectContaining({ id, email, role: 'manager' }) }),
    ]);

    const preview = await stack.client().get(`/api/invitations/${token}`);
    expect(preview.status).toBe(200);
    expect(preview.json).toEqual({ organizationName: me.organization.name, email, role: 'manager' });
  });

  it('the preview says nothing about accounts: the same answer for an invited e-mail with an account and without', async () => {
    const { admin, me } = await adminWithOrg();
    const withAccount = `known-${uniq()}@example.test`;
    await stack.client().register({ email: withAccount, organizationName: 'Known Org' });
    const known = await invite(admin, 'manager', withAccount);
    const unknown = await invite(admin, 'manager');
    const [a, b] = await Promise.all([known, unknown].map((i) => stack.client().get(`/api/invitations/${i.token}`)));
    for (const [res, email] of [
      [a!, known.email],
      [b!, unknown.email],
    ] as const) {
      expect([res.status, res.headers.get('content-type'), res.headers.get('cache-control')]).toEqual([
        200,
        'application/json; charset=utf-8',
        'no-store',
      ]);
      expect(res.json).toEqual({ organizationName: me.organization.name, email, role: 'manager' });
    }
    // Apart from the invited e-mail itself, the two answers are the same bytes.
    expect(a!.text.replace(known.email, '<email>')).toBe(b!.text.replace(unknown.email, '<email>'));
  });

  it('the acceptance page signs in back to the invitation: the sign-in page keeps /invite/{token} as its return address', async () => {
    const { admin } = await adminWithOrg();
    const { token } = await invite(admin);
    const page = await fetch(`${stack.url}/api/login?return=${encodeURIComponent(`/invite/${token}`)}`);
    expect(await page.text()).toContain(`<meta name="billpoint-return" content="/invite/${token}" />`);
    const hostile = await fetch(`${stack.url}/api/login?return=/%09/evil.example/invite/${token}`);
    expect(await hostile.text()).toContain(`<meta name="billpoint-return" content="/" />`);
  });

  it('refuses a member (409), a second pending invitation (409), bad input (400) and non-admins (403)', async () => {
    const { admin, me } = await adminWithOrg();
    const self = await admin.post('/api/organization/invitations', { email: me.email.toUpperCase(), role: 'user' });
    expect(self.status).toBe(409);
    expect(self.json.message).toBe(`${me.email} is already a member of this organization`);
    const { email, token } = await invite(admin);
    const again = await admin.post('/api/organization/invitations', { email, role: 'admin' });
    expect(again.status).toBe(409);
    expect(again.json.message).toMatch(/already has a pending invitation/);
    expect((await admin.post('/api/organization/invitations', { email: 'nope', role: 'user' })).status).toBe(400);
    expect((await admin.post('/api/organization/invitations', { email: 'x@example.test', role: 'owner' })).status).toBe(400);

    const { c } = await joinAsNew(token);
    const denied = await c.post('/api/organization/invitations', { email: `x-${uniq()}@example.test`, role: 'user' });
    expect(denied.status).toBe(403);
    expect((await c.get('/api/organization/invitations')).status).toBe(403);
    expect((await stack.client().get('/api/organization/invitations')).status).toBe(401);
  });

  it('a new person accepts once: signed in to that organization with the role; used twice 410; the preview 404', async () => {
    const { admin, me } = await adminWithOrg();
    const { email, token } = await invite(admin, 'manager');
    const { c, user } = await joinAsNew(token);
    expect(user).toMatchObject({ email, role: 'manager', organization: { id: me.organization.id } });
    expect((await c.get('/api/auth/user')).json).toMatchObject({ email, role: 'manager' });
    // Works in the organization: the services see the tenant.
    expect((await c.post('/api/customers', { name: 'Joined Co', email: 'joined@example.test' })).status).toBe(201);

    const twice = await stack
      .client()
      .post(`/api/invitations/${token}/accept`, { firstName: 'A', lastName: 'B', password: 'a long password' });
    expect(twice.status).toBe(410);
    expect(twice.json.message).toBe('This invitation has already been used');
    expect((await stack.client().get(`/api/invitations/${token}`)).status).toBe(404);
    expect((await admin.get('/api/organization/invitations')).json.invitations).toEqual([]);
    const members = (await admin.get('/api/organization/members')).json.members;
    expect(members).toContainEqual(expect.objectContaining({ id: user.id, email, role: 'manager', owner: false }));
    expect(await eventsOf(me.organization.id, MembershipEvents.Created)).toHaveLength(1);
    expect(await eventsOf(me.organization.id, InvitationEvents.Accepted)).toHaveLength(1);
    // Signs in again later with that password.
    expect((await stack.client().post('/api/auth/login', { email, password: 'a long password' })).status).toBe(200);
  });

  it('a new person must give a name and a password (400 naming each field); unknown tokens 404', async () => {
    const { admin } = await adminWithOrg();
    const { token } = await invite(admin);
    const missing = await stack.client().post(`/api/invitations/${token}/accept`, {});
    expect(missing.status).toBe(400);
    expect(missing.json.issues.map((i: { path: string }) => i.path)).toEqual(['firstName', 'lastName', 'password']);
    const short = await stack.client().post(`/api/invitations/${token}/accept`, { firstName: 'A', lastName: 'B', password: 'short' });
    expect(short.status).toBe(400);
    const unknown = 'A'.repeat(43);
    expect((await stack.client().get(`/api/invitations/${unknown}`)).status).toBe(404);
    expect((await stack.client().get(`/api/invitations/not-a-token`)).status).toBe(404);
    expect((await stack.client().post(`/api/invitations/${unknown}/accept`, {})).status).toBe(404);
  });

  it('expires after 7 days: preview 404, accept 410', async () => {
    const { admin } = await adminWithOrg();
    const { id, token } = await invite(admin);
    await stack.db.query(`update gateway.invitations set expires_at = now() - interval '1 second' where id = $1`, [id]);
    expect((await stack.client().get(`/api/invitations/${token}`)).status).toBe(404);
    const late = await stack
      .client()
      .post(`/api/invitations/${token}/accept`, { firstName: 'A', lastName: 'B', password: 'a long password' });
    expect(late.status).toBe(410);
    expect(late.json.message).toMatch(/expired/);
    expect((await admin.get('/api/organization/invitations')).json.invitations).toEqual([]);
  });

  it('revoke: the link stops working; resend: a new token and 7 more days, the old link dead', async () => {
    const { admin, me } = await adminWithOrg();
    const first = await invite(admin);
    expect((await admin.delete(`/api/organization/invitations/${first.id}`)).status).toBe(204);
    expect((await stack.client().get(`/api/invitations/${first.token}`)).status).toBe(404);
    expect((await admin.delete(`/api/organization/invitations/${first.id}`)).status).toBe(404);
    expect(await eventsOf(me.organization.id, InvitationEvents.Revoked)).toHaveLength(1);

    const second = await invite(admin, 'user');
    await stack.db.query(`update gateway.invitations set expires_at = now() + interval '1 hour' where id = $1`, [second.id]);
    const resent = await admin.post(`/api/organization/invitations/${second.id}/resend`);
    expect(resent.status).toBe(200);
    expect(new Date(resent.json.expiresAt).getTime()).toBeGreaterThan(Date.now() + 6.9 * 24 * 3_600_000);
    const links = linksTo(second.email);
    expect(links).toHaveLength(2);
    const fresh = links.at(-1)!;
    expect(fresh).not.toBe(second.token);
    expect((await stack.client().get(`/api/invitations/${second.token}`)).status).toBe(404);
    expect((await stack.client().get(`/api/invitations/${fresh}`)).status).toBe(200);
    expect(await eventsOf(me.organization.id, InvitationEvents.Resent)).toHaveLength(1);
  });

  it("another organization's invitation ids are 404 (revoke, resend)", async () => {
    const { admin } = await adminWithOrg();
    const { id } = await invite(admin);
    const other = (await adminWithOrg()).admin;
    expect((await other.delete(`/api/organization/invitations/${id}`)).status).toBe(404);
    expect((await other.post(`/api/organization/invitations/${id}/resend`)).status).toBe(404);
    expect((await other.delete(`/api/organization/invitations/not-a-uuid`)).status).toBe(404);
  });
});

describe('a person with an account accepts signed in', () => {
  it('no second account: accepted while signed in with the same e-mail; the session moves to the new organization', async () => {
    const { admin, me } = await adminWithOrg();
    const existing = stack.client();
    const email = `has-account-${uniq()}@example.test`;
    const own = await existing.register({ email, organizationName: 'Own Org' });
    const { token } = await invite(admin, 'user', email);
    // Signed out, the acceptance decides (the preview never told): no second account, sign in first — whether the
    // new-account form is sent or nothing; a 409, not a 401 (the page's session did not end).
    for (const body of [{}, { firstName: 'Second', lastName: 'Account', password: 'a long password' }]) {
      const anonymous = await stack.client().post(`/api/invitations/${token}/accept`, body);
      expect(anonymous.status).toBe(409);
      expect(anonymous.json.message).toBe(`An account with ${email} exists: sign in to accept this invitation`);
    }
    expect((await stack.client().get(`/api/invitations/${token}`)).status).toBe(200);

    const ok = await existing.post(`/api/invitations/${token}/accept`, {});
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json).toMatchObject({ id: own.id, role: 'user', organization: { id: me.organization.id } });
    expect((await stack.db.query(`select 1 from gateway.users where lower(email) = $1`, [email])).rowCount).toBe(1);

    // Two organizations now; the switcher lists both and moves the session.
    const orgs = (await existing.get('/api/auth/organizations')).json.organizations;
    expect(orgs).toHaveLength(2);
    expect(orgs).toContainEqual({ id: me.organization.id, name: me.organization.name, role: 'user', current: true });
    expect(orgs).toContainEqual({ id: own.organization.id, name: 'Own Org', role: 'admin', current: false });
    const oldCookie = [...existing.cookies.values()][0];
    const switched = await existing.post('/api/auth/switch-organization', { organizationId: own.organization.id });
    expect(switched.status).toBe(200);
    expect(switched.json).toMatchObject({ role: 'admin', organization: { id: own.organization.id } });
    expect([...existing.cookies.values()][0]).not.toBe(oldCookie);
    expect((await existing.get('/api/auth/user')).json.organization.id).toBe(own.organization.id);
    // Not a member: 404, the session stays where it was.
    const foreign = (await adminWithOrg()).me.organization.id;
    expect((await existing.post('/api/auth/switch-organization', { organizationId: foreign })).status).toBe(404);
    expect((await existing.get('/api/auth/user')).json.organization.id).toBe(own.organization.id);
  });

  it('signed in with another e-mail: 403 naming the invited address; nothing joined', async () => {
    const { admin } = await adminWithOrg();
    const { email, token } = await invite(admin);
    const someoneElse = stack.client();
    await someoneElse.register();
    const res = await someoneElse.post(`/api/invitations/${token}/accept`, { firstName: 'A', lastName: 'B', password: 'a long password' });
    expect(res.status).toBe(403);
    expect(res.json.message).toBe(`This invitation is for ${email}: sign out and accept it with that account`);
    expect((await stack.client().get(`/api/invitations/${token}`)).status).toBe(200);
  });
});

describe('members: roles, removal, ownership', () => {
  it('lists each member with role, e-mail and the owner', async () => {
    const { admin, me } = await adminWithOrg();
    const list = await admin.get('/api/organization/members');
    expect(list.json.members).toEqual([{ id: me.id, name: 'Test User', email: me.email, role: 'admin', owner: true }]);
  });

  it('a role change applies to the member’s live session at once; non-admins may not change roles', async () => {
    const { admin, me } = await adminWithOrg();
    const { c, user } = await joinAsNew((await invite(admin, 'user')).token);
    expect((await c.get('/api/integrations/api-keys')).status).toBe(403);
    expect((await c.patch(`/api/organization/members/${me.id}`, { role: 'user' })).status).toBe(403);

    const promoted = await admin.patch(`/api/organization/members/${user.id}`, { role: 'admin' });
    expect(promoted.status).toBe(200);
    expect(promoted.json).toMatchObject({ id: user.id, role: 'admin', owner: false });
    expect((await c.get('/api/integrations/api-keys')).status).toBe(200);
    expect((await c.get('/api/auth/user')).json.role).toBe('admin');
    expect(await eventsOf(me.organization.id, MembershipEvents.Updated)).toEqual([
      expect.objectContaining({ actorId: me.id, data: expect.objectContaining({ id: user.id, role: 'admin' }) }),
    ]);

    expect((await admin.patch(`/api/organization/members/${user.id}`, { role: 'user' })).status).toBe(200);
    expect((await c.get('/api/integrations/api-keys')).status).toBe(403);
    expect((await admin.patch(`/api/organization/members/${user.id}`, { role: 'boss' })).status).toBe(400);
    const stranger = (await adminWithOrg()).me.id;
    expect((await admin.patch(`/api/organization/members/${stranger}`, { role: 'user' })).status).toBe(404);
  });

  it('the last admin can be neither demoted nor removed; the owner not by others; ownership goes to another admin', async () => {
    const { admin, me } = await adminWithOrg();
    // Without an owner (as after an operator's change), the last-admin rule alone protects the organization.
    await stack.db.query(`update gateway.organizations set owner_user_id = null where id = $1`, [me.organization.id]);
    const demote = await admin.patch(`/api/organization/members/${me.id}`, { role: 'manager' });
    expect(demote.status).toBe(409);
    expect(demote.json.message).toMatch(/^An organization needs at least one admin/);
    expect((await admin.delete(`/api/organization/members/${me.id}`)).status).toBe(409);
    await stack.db.query(`update gateway.organizations set owner_user_id = $2 where id = $1`, [me.organization.id, me.id]);

    const { c, user } = await joinAsNew((await invite(admin, 'admin')).token);
    // Another admin cannot demote or remove the owner.
    const onOwner = await c.patch(`/api/organization/members/${me.id}`, { role: 'user' });
    expect(onOwner.status).toBe(409);
    expect(onOwner.json.message).toMatch(/transfer ownership first/);
    expect((await c.delete(`/api/organization/members/${me.id}`)).status).toBe(409);
    // Only the owner hands ownership on, and only to an admin.
    expect((await c.post('/api/organization/transfer-ownership', { userId: user.id })).status).toBe(403);
    const { user: plain } = await joinAsNew((await invite(admin, 'user')).token);
    const toUser = await admin.post('/api/organization/transfer-ownership', { userId: plain.id });
    expect(toUser.status).toBe(409);
    expect(toUser.json.message).toMatch(/only go to an admin/);

    const moved = await admin.post('/api/organization/transfer-ownership', { userId: user.id });
    expect(moved.status).toBe(200);
    expect(moved.json.members).toContainEqual(expect.objectContaining({ id: user.id, owner: true }));
    expect(moved.json.members).toContainEqual(expect.objectContaining({ id: me.id, owner: false }));
    expect(await eventsOf(me.organization.id, MembershipEvents.OwnerChanged)).toHaveLength(1);
    // The new owner may now demote the former one.
    expect((await c.patch(`/api/organization/members/${me.id}`, { role: 'manager' })).status).toBe(200);
  });

  it('a removed member’s next request is 401 and their sessions for that organization are gone (not the others)', async () => {
    const { admin, me } = await adminWithOrg();
    const email = `removed-${uniq()}@example.test`;
    const member = stack.client();
    const own = await member.register({ email, organizationName: 'Their own' });
    const { token } = await invite(admin, 'manager', email);
    expect((await member.post(`/api/invitations/${token}/accept`, {})).status).toBe(200);
    // A second session of theirs in their own organization (another device).
    const otherDevice = stack.client();
    await otherDevice.post('/api/auth/login', { email, password: 'correct horse battery' });
    expect((await otherDevice.get('/api/auth/user')).json.organization.id).toBe(own.organization.id);

    expect((await member.get('/api/customers')).status).toBe(200);
    expect((await admin.delete(`/api/organization/members/${own.id}`)).status).toBe(204);
    const sessions = await stack.db.query(`select organization_id from gateway.sessions where user_id = $1`, [own.id]);
    expect(sessions.rows).toEqual([{ organization_id: own.organization.id }]);
    expect((await member.get('/api/customers')).status).toBe(401);
    expect((await member.get('/api/auth/user')).status).toBe(401);
    expect((await otherDevice.get('/api/auth/user')).status).toBe(200);
    expect((await admin.get('/api/organization/members')).json.members.map((m: { id: string }) => m.id)).toEqual([me.id]);
    expect(await eventsOf(me.organization.id, MembershipEvents.Removed)).toEqual([
      expect.objectContaining({ data: { id: own.id, email } }),
    ]);
    expect((await admin.delete(`/api/organization/members/${own.id}`)).status).toBe(404);
  });

  it('every change reaches the audit log', async () => {
    const { admin } = await adminWithOrg();
    const { user } = await joinAsNew((await invite(admin, 'user')).token);
    await admin.patch(`/api/organization/members/${user.id}`, { role: 'manager' });
    const audit = await waitFor(async () => {
      const res = await admin.get('/api/audit-logs?limit=50');
      const items = (Array.isArray(res.json) ? res.json : res.json?.items) as { entityType: string; action: string }[] | undefined;
      const got = new Set(items?.map((i) => `${i.entityType}.${i.action}`));
      return ['invitation.created', 'invitation.accepted', 'membership.created', 'membership.updated'].every((k) => got.has(k)) && got;
    });
    expect(audit).toBeTruthy();
  });
});

describe('the public invitation routes', () => {
  it('are limited per client IP (429 with Retry-After past 30 a minute)', async () => {
    const c = stack.client();
    const unknown = `/api/invitations/${'B'.repeat(43)}`;
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await c.get(unknown)).status);
    expect(statuses.slice(0, 10).every((s) => s === 404)).toBe(true);
    const limited = await c.get(unknown);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
