import { createHash, randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { generate } from 'otplib';
import { waitFor, type HttpClient } from '@billpoint/kit/testing';
import { startStack, type Stack } from './support/stack.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

// The production limits (the other test stacks raise the per-address ones), counted in Redis, with the client's
// address taken from X-Forwarded-For (the gateway trusts its proxy at 127.0.0.1) so that each test has addresses of
// its own — the counters outlive a run in the shared Redis.
let stack: Stack;
const redis = new Redis(REDIS_URL);
beforeAll(async () => {
  stack = await startStack({ env: { TRUST_PROXY: '127.0.0.1', REDIS_URL, SIGN_IN_FAILURES_PER_IP: '40', SIGN_UPS_PER_IP: '10' } });
});
afterAll(async () => {
  await stack?.close();
  await redis.quit();
});

const PASSWORD = 'correct horse battery';
let n = 0;
const newEmail = (what: string) => `${what}-${Date.now().toString(36)}-${n++}@limits.test`;
const someIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
const from = (ip: string) => ({ 'x-forwarded-for': ip });

/** A new account, signed up from an address of its own; `c` holds its session, used from `ip`. */
async function signUp(o: { email?: string; ip?: string } = {}) {
  const email = o.email ?? newEmail('user');
  const ip = o.ip ?? someIp();
  const c = stack.client();
  const r = await c.post(
    '/api/auth/register',
    { email, password: PASSWORD, firstName: 'T', lastName: 'U', organizationName: 'Org' },
    from(ip),
  );
  expect(r.status).toBe(201);
  return { c, email, ip };
}
const login = (body: { email: string; password: string; code?: string; recoveryCode?: string }, ip: string) =>
  stack.client().post('/api/auth/login', body, from(ip));

function expectThrottled(r: { status: number; headers: Headers }, atLeastS = 1) {
  expect(r.status).toBe(429);
  expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(atLeastS);
}

// ── TOTP ────────────────────────────────────────────────────────────────────────────────────────────────────────

/** The code of `secret` `steps` time steps (30 s) from now (tests start away from a step's edge). */
const code = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
const awayFromStepEdge = () => waitFor(() => (Date.now() / 1000) % 30 > 1 && (Date.now() / 1000) % 30 < 25, 30_000, 200);

/** Two-factor on for the session's account (enabled with the previous step's code: sign-ins use the current one). */
async function enrolled(c: HttpClient, ip: string) {
  await awayFromStepEdge();
  const setup = await c.post('/api/auth/two-factor/setup', undefined, from(ip));
  expect(setup.status).toBe(200);
  const secret = setup.json.secret as string;
  expect((await c.post('/api/auth/two-factor/enable', { code: await code(secret, -1) }, from(ip))).status).toBe(200);
  return secret;
}

describe('per client address', () => {
  it('refuses the 41st failed sign-in from one address over 41 accounts; other addresses and successes are not counted', async () => {
    const accounts: { email: string }[] = [];
    while (accounts.length < 41) accounts.push(...(await Promise.all([signUp(), signUp(), signUp(), signUp()])));
    accounts.length = 41;
    const attacker = someIp();
    const answers = [];
    for (const a of accounts) answers.push(await login({ email: a.email, password: 'wrong password' }, attacker));
    expect(answers.slice(0, 40).map((r) => r.status)).toEqual(Array(40).fill(401));
    expectThrottled(answers[40]!, 800);
    // Refused before any check: even a right password from that address.
    expectThrottled(await login({ email: accounts[0]!.email, password: PASSWORD }, attacker));
    // Another address is not held back.
    expect((await login({ email: accounts[40]!.email, password: 'wrong password' }, someIp())).status).toBe(401);
    // An office behind one address: its successful sign-ins do not count toward the failures.
    const office = someIp();
    for (const a of accounts) expect((await login({ email: a.email, password: PASSWORD }, office)).status).toBe(200);
    expect((await login({ email: accounts[0]!.email, password: 'wrong password' }, office)).status).toBe(401);
  }, 400_000);

  it('refuses the 11th sign-up from one address within an hour, with Retry-After; another address signs up', async () => {
    const ip = someIp();
    for (let i = 0; i < 10; i++) await signUp({ ip });
    const refused = await stack
      .client()
      .post(
        '/api/auth/register',
        { email: newEmail('11th'), password: PASSWORD, firstName: 'T', lastName: 'U', organizationName: 'Org' },
        from(ip),
      );
    expectThrottled(refused, 3000);
    const orgs = await stack.db.query(`select count(*)::int as n from gateway.users where email like '11th-%'`);
    expect(orgs.rows[0]!.n).toBe(0);
    await signUp();
  });
});

describe('per account', () => {
  it('checks at most 10 of 30 parallel wrong passwords from one address; the owner elsewhere still signs in', async () => {
    const { email } = await signUp();
    const attacker = someIp();
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => login({ email, password: `wrong ${i}` }, attacker)));
    // Each 401 is a checked password; a 429 was refused before the check.
    expect(answers.filter((r) => r.status === 401)).toHaveLength(10);
    const refused = answers.filter((r) => r.status === 429);
    expect(refused).toHaveLength(20);
    for (const r of refused) expectThrottled(r, 800);
    expectThrottled(await login({ email, password: PASSWORD }, attacker));
    // Without two-factor the lock holds the guesser's address; the owner's own one is not refused.
    expect((await login({ email, password: PASSWORD }, someIp())).status).toBe(200);
  });

  it('checks at most 10 parallel wrong passwords of an account with two-factor from many addresses', async () => {
    const { c, email, ip } = await signUp();
    await enrolled(c, ip);
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => login({ email, password: `wrong ${i}` }, someIp())));
    expect(answers.every((r) => r.status === 401)).toBe(true);
    // Checked and wrong: the generic answer; not checked (locked): asked for the code, whatever the password.
    expect(answers.filter((r) => !r.json.twoFactorRequired)).toHaveLength(10);
    expect(answers.filter((r) => r.json.twoFactorRequired)).toHaveLength(20);
  });

  it('signs the owner in with the right password and a valid code while a stranger has locked the account', async () => {
    const { c, email, ip } = await signUp();
    const secret = await enrolled(c, ip);
    const stranger = someIp();
    for (let i = 0; i < 10; i++) expect((await login({ email, password: `wrong ${i}` }, stranger)).status).toBe(401);
    expectThrottled(await login({ email, password: PASSWORD, code: await code(secret) }, stranger));
    // Locked: without a code the password is not even checked; any mistake with a code is refused alike.
    const owner = someIp();
    const asked = await login({ email, password: PASSWORD }, owner);
    expect(asked.status).toBe(401);
    expect(asked.json.twoFactorRequired).toBe(true);
    expect((await login({ email, password: 'wrong password' }, owner)).json.twoFactorRequired).toBe(true);
    expectThrottled(await login({ email, password: 'wrong password', code: await code(secret) }, someIp()));
    expectThrottled(await login({ email, password: PASSWORD, code: '000000' }, someIp()));
    const signedIn = await login({ email, password: PASSWORD, code: await code(secret) }, owner);
    expect(signedIn.status).toBe(200);
    expect(signedIn.json.email).toBe(email);
  });

  it('holds an address back until its window has passed', async () => {
    const { email } = await signUp();
    const ip = someIp();
    for (let i = 0; i < 10; i++) expect((await login({ email, password: `wrong ${i}` }, ip)).status).toBe(401);
    expectThrottled(await login({ email, password: PASSWORD }, ip), 800);
    // The window's end, as Redis sees it: the account's counters expire.
    const digest = createHash('sha256').update(email).digest('base64url');
    const keys = await redis.keys(`billpoint-guess:account*${digest}*`);
    expect(keys.length).toBeGreaterThan(0);
    for (const k of keys) await redis.pexpire(k, 1);
    await waitFor(async () => (await redis.exists(...keys)) === 0);
    expect((await login({ email, password: PASSWORD }, ip)).status).toBe(200);
  });
});

describe('checks of a signed-in person', () => {
  it('refuses the 11th wrong code or password on two-factor disable, and counts them toward the account', async () => {
    const { c, email, ip } = await signUp();
    const secret = await enrolled(c, ip);
    for (let i = 0; i < 6; i++) expect((await c.post('/api/auth/two-factor/disable', { code: '000000' }, from(ip))).status).toBe(400);
    for (let i = 0; i < 4; i++)
      expect((await c.post('/api/auth/two-factor/disable', { password: `wrong ${i}` }, from(ip))).status).toBe(400);
    expectThrottled(await c.post('/api/auth/two-factor/disable', { code: '000000' }, from(ip)), 800);
    // Refused before any check, the right code too.
    expectThrottled(await c.post('/api/auth/two-factor/disable', { code: await code(secret) }, from(ip)));
    expectThrottled(await login({ email, password: PASSWORD, code: await code(secret) }, ip));
    // Another account's session is not affected.
    const other = await signUp({ ip });
    await enrolled(other.c, ip);
    expect((await other.c.post('/api/auth/two-factor/disable', { code: '000000' }, from(ip))).status).toBe(400);
  });

  it('refuses the 11th wrong current password on change-password; the address is then held back at sign-in too', async () => {
    const { c, email, ip } = await signUp();
    const change = (currentPassword: string) =>
      c.post('/api/auth/change-password', { currentPassword, newPassword: 'a new long password' }, from(ip));
    for (let i = 0; i < 10; i++) expect((await change(`wrong ${i}`)).status).toBe(400);
    expectThrottled(await change('wrong again'), 800);
    expectThrottled(await change(PASSWORD));
    expectThrottled(await login({ email, password: PASSWORD }, ip));
    // From another address the owner signs in, and that new session's checks have their own allowance.
    const elsewhere = someIp();
    const s = stack.client();
    expect((await s.post('/api/auth/login', { email, password: PASSWORD }, from(elsewhere))).status).toBe(200);
    const changed = await s.post(
      '/api/auth/change-password',
      { currentPassword: PASSWORD, newPassword: 'a new long password' },
      from(elsewhere),
    );
    expect(changed.status).toBe(204);
  });
});
