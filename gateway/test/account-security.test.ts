import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { HttpClient, waitFor } from '@billpoint/kit/testing';
import { startStack, type Stack } from './support/stack.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

const PASSWORD = 'correct horse battery';
let n = 0;
const newEmail = (what: string) => `${what}-${Date.now().toString(36)}-${n++}@security.test`;

// ── Mail ────────────────────────────────────────────────────────────────────────────────────────────────────────

const outbox = () => stack.gatewayEnv.MAIL_OUTBOX_DIR!;
/** The decoded text of every .eml in the outbox addressed to `to`. */
function mailsTo(to: string): string[] {
  let files: string[];
  try {
    files = readdirSync(outbox()).filter((f) => f.endsWith('.eml'));
  } catch {
    return [];
  }
  return files
    .map((f) => readFileSync(join(outbox(), f), 'utf8'))
    .filter((m) => new RegExp(`^To: ${to}$`, 'mi').test(m))
    .map((m) => m.replace(/=\r?\n/g, '').replace(/=3D/g, '='));
}
const resetLinks = (to: string) => mailsTo(to).flatMap((m) => [...m.matchAll(/\/reset-password\/([A-Za-z0-9_-]{43})/g)].map((x) => x[1]!));

// ── TOTP ────────────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * The code of `secret` `steps` time steps (30 s) from now. The server takes codes of the step before and after its
 * own; tests start away from a step's edge so that "now" is the same step for the test and the server.
 */
const code = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
const awayFromStepEdge = () => waitFor(() => (Date.now() / 1000) % 30 > 1 && (Date.now() / 1000) % 30 < 25, 30_000, 200);

async function enrolled(c: HttpClient) {
  await awayFromStepEdge();
  const setup = await c.post('/api/auth/two-factor/setup');
  expect(setup.status).toBe(200);
  const secret = setup.json.secret as string;
  // The code of the previous step: this test's sign-ins use the current and next steps (each step is taken once).
  const enable = await c.post('/api/auth/two-factor/enable', { code: await code(secret, -1) });
  expect(enable.status).toBe(200);
  return { secret, recoveryCodes: enable.json.recoveryCodes as string[] };
}

async function signUp(email = newEmail('user')) {
  const c = stack.client();
  const me = await c.register({ email, password: PASSWORD });
  return { c, me, email };
}

describe('password reset', () => {
  it('answers 202 for any e-mail; only an existing account gets a link (no mail, no token for an unknown one)', async () => {
    const { email } = await signUp();
    const unknown = newEmail('nobody');
    const a = await stack.client().post('/api/auth/forgot-password', { email: unknown });
    const b = await stack.client().post('/api/auth/forgot-password', { email: email.toUpperCase() });
    expect([a.status, b.status]).toEqual([202, 202]);
    expect(a.json).toEqual(b.json);
    // The known address's mail arrives; by then nothing was written for the unknown one (it never would be).
    await waitFor(() => resetLinks(email).length === 1);
    expect(mailsTo(unknown)).toEqual([]);
    const tokens = await stack.db.query(`select token_hash from gateway.password_resets`);
    expect(tokens.rows.map((r) => r.token_hash)).not.toContain(resetLinks(email)[0]); // only the hash is kept
  });

  it('sets the password through the link once, ends every session, and the old password stops working', async () => {
    const { c, email } = await signUp();
    const other = stack.client();
    expect((await other.post('/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
    expect((await stack.client().post('/api/auth/forgot-password', { email })).status).toBe(202);
    const token = await waitFor(() => resetLinks(email)[0]);

    const page = await stack.client().get(`/reset-password/${token}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('data-state="form"');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');

    const short = await stack.client().post('/api/auth/reset-password', { token, password: 'short' });
    expect(short.status).toBe(400);
    expect(short.json.issues).toEqual([{ path: 'password', message: 'Password must be at least 8 characters' }]);

    const reset = await stack.client().post('/api/auth/reset-password', { token, password: 'a brand new password' });
    expect(reset.status).toBe(204);
    // Every session of the person ended.
    expect((await c.get('/api/auth/user')).status).toBe(401);
    expect((await other.get('/api/auth/user')).status).toBe(401);
    // Single use.
    const again = await stack.client().post('/api/auth/reset-password', { token, password: 'yet another password' });
    expect(again.status).toBe(400);
    expect(again.json.message).toBe('This link is invalid or has expired. Ask for a new one.');
    expect((await stack.client().get(`/reset-password/${token}`)).text).toContain('data-state="invalid"');

    expect((await stack.client().post('/api/auth/login', { email, password: PASSWORD })).status).toBe(401);
    expect((await stack.client().post('/api/auth/login', { email, password: 'a brand new password' })).status).toBe(200);
  });

  it('refuses an expired link', async () => {
    const { email, me } = await signUp();
    await stack.client().post('/api/auth/forgot-password', { email });
    const token = await waitFor(() => resetLinks(email)[0]);
    await stack.db.query(`update gateway.password_resets set expires_at = now() - interval '1 second' where user_id = $1`, [me.id]);
    const res = await stack.client().post('/api/auth/reset-password', { token, password: 'a brand new password' });
    expect(res.status).toBe(400);
    expect((await stack.client().post('/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
  });

  it('mails one account at most 3 links an hour, still answering 202', async () => {
    const { email } = await signUp();
    for (let i = 0; i < 5; i++) expect((await stack.client().post('/api/auth/forgot-password', { email })).status).toBe(202);
    await waitFor(() => resetLinks(email).length === 3);
    const rows = await stack.db.query(
      `select count(*)::int as n from gateway.password_resets r join gateway.users u on u.id = r.user_id where u.email = $1`,
      [email],
    );
    expect(rows.rows[0]!.n).toBe(3);
  });
});

describe('change password', () => {
  it('needs the current password and ends the other sessions, not this one', async () => {
    const { c, email } = await signUp();
    const other = stack.client();
    await other.post('/api/auth/login', { email, password: PASSWORD });
    const wrong = await c.post('/api/auth/change-password', { currentPassword: 'not it', newPassword: 'a new password 1' });
    expect(wrong.status).toBe(400);
    expect(wrong.json.issues).toEqual([{ path: 'currentPassword', message: 'Current password is incorrect' }]);
    expect((await other.get('/api/auth/user')).status).toBe(200);
    const ok = await c.post('/api/auth/change-password', { currentPassword: PASSWORD, newPassword: 'a new password 1' });
    expect(ok.status).toBe(204);
    expect((await c.get('/api/auth/user')).status).toBe(200);
    expect((await other.get('/api/auth/user')).status).toBe(401);
    expect((await stack.client().post('/api/auth/login', { email, password: 'a new password 1' })).status).toBe(200);
    expect((await stack.client().post('/api/auth/change-password', { currentPassword: 'x', newPassword: 'y long enough' })).status).toBe(
      401,
    );
  });
});

describe('two-factor sign-in', () => {
  it('enrols with a code of the pending secret; sign-in then needs a code, and a code is taken once', async () => {
    const { c, email } = await signUp();
    expect((await c.get('/api/auth/two-factor')).json).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
      requiredByOrganization: false,
      hasPassword: true,
    });
    await awayFromStepEdge();
    const setup = await c.post('/api/auth/two-factor/setup');
    expect(setup.json.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Billpoint:.*\?.*secret=/);
    expect(setup.json.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    // The pending secret is stored encrypted and signs nothing in yet.
    const row = await stack.db.query(`select two_factor_pending_secret, two_factor_secret from gateway.users where email = $1`, [email]);
    expect(row.rows[0]!.two_factor_pending_secret).not.toContain(setup.json.secret);
    expect(row.rows[0]!.two_factor_secret).toBeNull();
    expect((await stack.client().post('/api/auth/login', { email, password: PASSWORD })).status).toBe(200);

    expect((await c.post('/api/auth/two-factor/enable', { code: '000000' })).status).toBe(400);
    const enable = await c.post('/api/auth/two-factor/enable', { code: await code(setup.json.secret, -1) });
    expect(enable.status).toBe(200);
    expect(enable.json.recoveryCodes).toHaveLength(10);
    expect(new Set(enable.json.recoveryCodes).size).toBe(10);
    expect((await c.get('/api/auth/two-factor')).json).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    const stored = await stack.db.query(`select code_hash from gateway.recovery_codes`);
    for (const rc of enable.json.recoveryCodes) expect(JSON.stringify(stored.rows)).not.toContain(rc);

    const bare = await stack.client().post('/api/auth/login', { email, password: PASSWORD });
    expect(bare.status).toBe(401);
    expect(bare.json.twoFactorRequired).toBe(true);
    expect(sessionOf(bare)).toBeUndefined();
    // A wrong password says nothing about two-factor.
    const wrongPw = await stack.client().post('/api/auth/login', { email, password: 'wrong password' });
    expect(wrongPw.status).toBe(401);
    expect(wrongPw.json.twoFactorRequired).toBeUndefined();

    const now = await code(setup.json.secret);
    const signIn = stack.client();
    expect((await signIn.post('/api/auth/login', { email, password: PASSWORD, code: now })).status).toBe(200);
    expect((await signIn.get('/api/auth/user')).status).toBe(200);
    // The same code again, within its window: refused.
    const replay = await stack.client().post('/api/auth/login', { email, password: PASSWORD, code: now });
    expect(replay.status).toBe(401);
    expect(replay.json).toMatchObject({ twoFactorRequired: true, message: 'Invalid two-factor code' });
    // An earlier step than the last one taken is refused too; a later one signs in.
    expect(
      (await stack.client().post('/api/auth/login', { email, password: PASSWORD, code: await code(setup.json.secret, -1) })).status,
    ).toBe(401);
    expect(
      (await stack.client().post('/api/auth/login', { email, password: PASSWORD, code: await code(setup.json.secret, 1) })).status,
    ).toBe(200);
  });

  it('signs in once with each recovery code', async () => {
    const { c, email } = await signUp();
    const { recoveryCodes } = await enrolled(c);
    const rc = recoveryCodes[3]!;
    expect((await stack.client().post('/api/auth/login', { email, password: PASSWORD, recoveryCode: rc.toUpperCase() })).status).toBe(200);
    const again = await stack.client().post('/api/auth/login', { email, password: PASSWORD, recoveryCode: rc });
    expect(again.status).toBe(401);
    expect(again.json.twoFactorRequired).toBe(true);
    expect((await c.get('/api/auth/two-factor')).json.recoveryCodesLeft).toBe(9);
  });

  it('counts wrong codes toward the sign-in throttle', async () => {
    const { c, email } = await signUp();
    const { secret } = await enrolled(c);
    for (let i = 0; i < 10; i++) {
      const r = await stack.client().post('/api/auth/login', { email, password: PASSWORD, code: String(100000 + i) });
      expect(r.status).toBe(401);
    }
    const blocked = await stack.client().post('/api/auth/login', { email, password: PASSWORD, code: await code(secret) });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('turns off with a code or the password; a new setup is needed to turn it on again', async () => {
    const { c, email } = await signUp();
    const { secret } = await enrolled(c);
    expect((await c.post('/api/auth/two-factor/disable', { password: 'wrong password' })).status).toBe(400);
    expect((await c.post('/api/auth/two-factor/disable', { code: await code(secret) })).status).toBe(204);
    expect((await stack.client().post('/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
    expect((await c.post('/api/auth/two-factor/enable', { code: await code(secret, 1) })).status).toBe(409);
    const second = await enrolled(c);
    expect((await c.post('/api/auth/two-factor/disable', { password: PASSWORD })).status).toBe(204);
    expect((await c.get('/api/auth/two-factor')).json).toMatchObject({ enabled: false, recoveryCodesLeft: 0 });
    expect(second.secret).not.toBe(secret);
  });
});

describe('two-factor required by the organization', () => {
  it('admins turn it on (with two-factor of their own); a member without it may only enrol, then works', async () => {
    const { c: admin, me } = await signUp();
    expect((await admin.put('/api/organization/security', { requireTwoFactor: true })).status).toBe(409);
    await enrolled(admin);
    expect((await admin.put('/api/organization/security', { requireTwoFactor: true })).json).toEqual({ requireTwoFactor: true });
    expect((await admin.get('/api/organization/security')).json).toEqual({ requireTwoFactor: true });

    // A member of the organization without two-factor (memberships are made directly: invitations are another part).
    const { c: member, me: m } = await signUp();
    await stack.db.query(
      `insert into gateway.memberships (id, user_id, organization_id, role) values (gen_random_uuid(), $1, $2, 'user')`,
      [m.id, me.organization.id],
    );
    await stack.db.query(`update gateway.sessions set organization_id = $2 where user_id = $1`, [m.id, me.organization.id]);
    expect((await member.get('/api/auth/user')).json.organization.id).toBe(me.organization.id);
    for (const [method, path] of [
      ['GET', '/api/customers'],
      ['GET', '/api/organization-settings'],
      ['GET', '/api/auth/sessions'],
    ] as const) {
      const r = await member.request(method, path);
      expect(r.status, path).toBe(403);
      expect(r.json.twoFactorEnrollmentRequired).toBe(true);
    }
    // The gate and the access hook agree: every signed-in GET of the gateway's route table is closed but the routes
    // that declare twoFactorEnrollment (who is signed in, the two-factor status); public ones stay public.
    const open: string[] = [];
    for (const r of stack.gateway.app.routeTable) {
      if (r.method !== 'GET' || /[:*]/.test(r.url) || r.permission === undefined || r.permission === 'public') continue;
      // Portal routes take a customer's portal session only: a staff session is not signed in there (401), whatever its enrolment.
      if (r.permission === 'portal') continue;
      const res = await member.get(r.url);
      if (res.status !== 403 || res.json?.twoFactorEnrollmentRequired !== true) open.push(`${r.url} ${res.status}`);
    }
    expect(open.sort()).toEqual(['/api/auth/two-factor 200', '/api/auth/user 200']);
    const refused = await member.put('/api/organization/security', { requireTwoFactor: false });
    expect(refused.status).toBe(403);
    expect(refused.json.twoFactorEnrollmentRequired).toBe(true);
    expect((await member.get('/api/auth/two-factor')).json).toMatchObject({ enabled: false, requiredByOrganization: true });
    const { secret } = await enrolled(member);
    expect((await member.get('/api/customers')).status).toBe(200);
    // Required: it cannot be turned off.
    expect((await member.post('/api/auth/two-factor/disable', { code: await code(secret) })).status).toBe(409);
    // Only admins change the rule: a user's refusal names organization.manage.
    const denied = await member.put('/api/organization/security', { requireTwoFactor: false });
    expect(denied.status).toBe(403);
    expect(denied.json.permission).toBe('organization.manage');
    expect((await admin.put('/api/organization/security', { requireTwoFactor: false })).status).toBe(200);
  });
});

describe('sessions', () => {
  it('lists the person’s sessions with device, IP and the current one; ends the others or one', async () => {
    const { c, email } = await signUp();
    const phone = new HttpClient(stack.url);
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
    expect((await phone.request('POST', '/api/auth/login', { email, password: PASSWORD }, { 'user-agent': iphone })).status).toBe(200);
    const laptop = stack.client();
    await laptop.post('/api/auth/login', { email, password: PASSWORD });

    const list = await c.get('/api/auth/sessions');
    expect(list.status).toBe(200);
    expect(list.json.sessions).toHaveLength(3);
    expect(list.json.sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    const ph = list.json.sessions.find((s: { device: string }) => s.device === 'Safari on iOS');
    expect(ph).toMatchObject({ ip: expect.stringMatching(/127\.0\.0\.1|::1/), organization: 'Test Org' });
    for (const s of list.json.sessions)
      expect(Object.keys(s).sort()).toEqual(['createdAt', 'current', 'device', 'id', 'ip', 'lastSeenAt', 'organization']);

    expect((await c.delete(`/api/auth/sessions/${ph.id}`)).status).toBe(204);
    expect((await phone.get('/api/auth/user')).status).toBe(401);
    expect((await c.delete(`/api/auth/sessions/${ph.id}`)).status).toBe(404);
    // Someone else's session is not found.
    const stranger = (await signUp()).c;
    const mine = (await c.get('/api/auth/sessions')).json.sessions.find((s: { current: boolean }) => s.current);
    expect((await stranger.delete(`/api/auth/sessions/${mine.id}`)).status).toBe(404);
    expect((await c.get('/api/auth/user')).status).toBe(200);

    expect((await c.delete('/api/auth/sessions/others')).status).toBe(204);
    expect((await laptop.get('/api/auth/user')).status).toBe(401);
    expect((await c.get('/api/auth/sessions')).json.sessions).toHaveLength(1);
  });
});

function sessionOf(res: { headers: Headers }) {
  return (res.headers.getSetCookie?.() ?? []).find((x) => x.startsWith('bp_session='));
}
