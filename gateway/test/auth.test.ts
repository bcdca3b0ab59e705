import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '@billpoint/kit/testing';
import { startStack, type Stack } from './support/stack.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

const sessionCookie = (setCookie: string[]) => setCookie.find((c) => c.startsWith('bp_session='));

describe('sign-up, sign-in and the session cookie', () => {
  it('registers with a session cookie that is HttpOnly, SameSite=Lax, 256-bit, and answers the current user', async () => {
    const c = stack.client();
    const res = await c.post('/api/auth/register', {
      email: 'Owner@Example.test',
      password: 'long enough pw',
      firstName: 'Olga',
      lastName: 'Owner',
      organizationName: 'Olga Ltd',
    });
    expect(res.status).toBe(201);
    const cookie = sessionCookie(c.lastSetCookie)!;
    expect(cookie).toMatch(/^bp_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/); // plain http://localhost
    const user = await c.get('/api/auth/user');
    expect(user.status).toBe(200);
    expect(user.json).toMatchObject({
      email: 'owner@example.test',
      firstName: 'Olga',
      lastName: 'Owner',
      profileImageUrl: null,
      role: 'admin',
      organization: { name: 'Olga Ltd' },
    });
    // When the organization was created (tax compliance starts at its quarter).
    const createdAt = Date.parse((user.json as { organization: { createdAt: string } }).organization.createdAt);
    expect(Math.abs(Date.now() - createdAt)).toBeLessThan(60_000);
    expect((await stack.client().get('/api/auth/user')).status).toBe(401);
    // The deployment's settings need no session; no maintenance notice unless the operator sets one.
    expect((await stack.client().get('/api/config')).json).toEqual({ maintenanceNotice: null });
    // The session id is stored hashed only.
    const rows = await stack.db.query<{ id_hash: string }>('select id_hash from gateway.sessions');
    expect(rows.rows.map((r) => r.id_hash)).not.toContain(c.cookies.get('bp_session'));
  });

  it('refuses a second account with the same e-mail (409) and bad register input (400 with the field)', async () => {
    const c = stack.client();
    await c.register({ email: 'dup@example.test' });
    const again = await stack.client().post('/api/auth/register', {
      email: 'DUP@example.test',
      password: 'another pw 123',
      firstName: 'D',
      lastName: 'U',
      organizationName: 'P',
    });
    expect(again.status).toBe(409);
    const bad = await stack
      .client()
      .post('/api/auth/register', { email: 'x@y.test', password: 'short', firstName: '', lastName: 'L', organizationName: 'O' });
    expect(bad.status).toBe(400);
    expect(bad.json.issues).toEqual(
      expect.arrayContaining([
        { path: 'password', message: 'Password must be at least 8 characters' },
        { path: 'firstName', message: 'First name is required' },
      ]),
    );
  });

  it('issues a new session id at every login and the old one stops working', async () => {
    const email = 'rotate@example.test';
    const first = stack.client();
    await first.register({ email, password: 'rotate me please' });
    const before = first.cookies.get('bp_session');
    const login = await first.post('/api/auth/login', { email, password: 'rotate me please' });
    expect(login.status).toBe(200);
    const after = first.cookies.get('bp_session');
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    const stale = new HttpClient(stack.url);
    stale.cookies.set('bp_session', before!);
    expect((await stale.get('/api/auth/user')).status).toBe(401);
    expect((await first.get('/api/auth/user')).status).toBe(200);
  });

  it('answers a generic 401 for a wrong password or unknown e-mail', async () => {
    await stack.client().register({ email: 'known@example.test', password: 'the right one' });
    const wrong = await stack.client().post('/api/auth/login', { email: 'known@example.test', password: 'the wrong one' });
    const unknown = await stack.client().post('/api/auth/login', { email: 'nobody@example.test', password: 'the wrong one' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json.message).toBe(unknown.json.message);
    expect(sessionCookie(stack.client().lastSetCookie)).toBeUndefined();
  });

  it('throttles an account after 10 failed logins within 15 minutes from one address (429 even with the right password)', async () => {
    const email = 'throttle@example.test';
    await stack.client().register({ email, password: 'right password' });
    const c = stack.client();
    for (let i = 0; i < 10; i++) expect((await c.post('/api/auth/login', { email, password: `wrong ${i}` })).status).toBe(401);
    const blocked = await c.post('/api/auth/login', { email, password: 'right password' });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(800);
    // Another account is not affected. (Other addresses, and the window's end: guess-limits.test.ts.)
    await stack.client().register({ email: 'other@example.test', password: 'right password' });
    expect((await c.post('/api/auth/login', { email: 'other@example.test', password: 'right password' })).status).toBe(200);
  });

  it('logs out: the session ends server-side and the cookie is cleared', async () => {
    const c = stack.client();
    await c.register();
    const raw = c.cookies.get('bp_session')!;
    const out = await c.post('/api/logout');
    expect(out.status).toBe(204);
    expect(c.cookies.has('bp_session')).toBe(false);
    const replay = new HttpClient(stack.url);
    replay.cookies.set('bp_session', raw);
    expect((await replay.get('/api/auth/user')).status).toBe(401);
    expect((await replay.get('/api/customers')).status).toBe(401);
  });

  it('ends an idle session', async () => {
    const c = stack.client();
    const me = await c.register();
    expect((await c.get('/api/auth/user')).status).toBe(200);
    await stack.db.query(`update gateway.sessions set last_seen_at = now() - interval '2 days' where user_id = $1`, [me.id]);
    // Every request reads the row (no process keeps a copy that could outlive it).
    expect((await c.get('/api/auth/user')).status).toBe(401);
    expect((await stack.db.query(`select 1 from gateway.sessions where user_id = $1`, [me.id])).rowCount).toBe(0);
  });
});

describe('CSRF', () => {
  it('refuses a cookie-authenticated mutation without X-Requested-With, or marked cross-site', async () => {
    const c = stack.client();
    await c.register();
    const cookie = `bp_session=${c.cookies.get('bp_session')}`;
    const plain = await fetch(new URL('/api/customers', stack.url), {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'csrf', email: 'c@c.test' }),
    });
    expect(plain.status).toBe(403);
    const cross = await c.post('/api/customers', { name: 'csrf', email: 'c@c.test' }, { 'sec-fetch-site': 'cross-site' });
    expect(cross.status).toBe(403);
    const logout = await fetch(new URL('/api/logout', stack.url), { method: 'POST', headers: { cookie } });
    expect(logout.status).toBe(403);
    expect((await c.get('/api/customers')).json).toEqual([]);
    expect((await c.post('/api/customers', { name: 'ok', email: 'ok@c.test' }, { 'sec-fetch-site': 'same-origin' })).status).toBe(201);
  });
});

describe('front door', () => {
  it('serves the sign-in page with the security headers', async () => {
    const res = await fetch(new URL('/api/login', stack.url));
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Sign in');
    expect(html).toContain('Create an account');
    const csp = res.headers.get('content-security-policy')!;
    for (const d of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "script-src 'self'"]) expect(csp).toContain(d);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('hands the sign-in page only a path of this site as its return address', async () => {
    /** The return address the page will go to once signed in (the meta the gateway writes, as the browser reads it). */
    const returnOf = async (query: string) => {
      const res = await fetch(`${stack.url}/api/login${query}`);
      expect(res.status, `${query}: ${res.status === 200 ? '' : await res.clone().text()}`).toBe(200);
      const html = await res.text();
      const m = /<meta name="billpoint-return" content="([^"]*)"/.exec(html);
      return m![1]!
        .replace(/&amp;/g, '&')
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>');
    };
    for (const hostile of [
      '?return=/%09/evil.example/x',
      '?return=/%0a/evil.example/x',
      '?return=/%0d/evil.example/x',
      '?return=/\t/evil.example/x',
      '?return=//evil.example',
      '?return=/%5Cevil.example',
      '?return=/.//evil.example',
      '?return=javascript:alert(1)',
      '?return=data:text/html,x',
      `?return=${encodeURIComponent('http://127.0.0.1:1/invoices')}`,
      `?return=${encodeURIComponent(`${stack.url}/invoices`)}`,
      '?return=/invoices&return=//evil.example',
    ])
      expect(await returnOf(hostile), hostile).toBe('/');
    // A NUL is refused before any page (the gateway's rule for text), naming the field.
    const nul = await fetch(`${stack.url}/api/login?return=%00//evil.example`);
    expect([nul.status, ((await nul.json()) as { issues: { path: string }[] }).issues[0]!.path]).toEqual([400, 'return']);
    expect(await returnOf('')).toBe('/');
    expect(await returnOf('?return=/invoices')).toBe('/invoices');
    expect(await returnOf(`?return=${encodeURIComponent('/invoices?status=paid&q="x"#top')}`)).toBe('/invoices?status=paid&q=%22x%22#top');
  });

  it('gives proxied API answers a locked-down header set, on success and on refusal', async () => {
    const c = stack.client();
    const refused = await c.get('/api/customers');
    expect(refused.status).toBe(401);
    await c.register();
    const ok = await c.get('/api/customers');
    for (const res of [refused, ok]) {
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
    }
  });

  it('answers unknown /api paths with 404 JSON and unauthenticated service calls with 401', async () => {
    const c = stack.client();
    const unknown = await c.get('/api/does-not-exist');
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({ statusCode: 404, error: 'Not Found' });
    expect((await c.get('/api/customers')).status).toBe(401);
  });

  it('never forwards a client-sent identity: a forged internal token or tenant header is dropped', async () => {
    const c = stack.client();
    const me = await c.register();
    await c.post('/api/customers', { name: 'Mine', email: 'm@m.test' });
    const res = await c.get('/api/customers', {
      'x-billpoint-internal-token': 'forged',
      'x-tenant-id': '00000000-0000-4000-8000-000000000000',
    });
    expect(res.status).toBe(200);
    expect((res.json as { name: string }[]).map((x) => x.name)).toEqual(['Mine']);
    expect(me.organization.id).toBeTruthy();
    // And the service refuses calls that do not come with a valid token.
    const direct = await fetch(new URL('/api/customers', stack.customers.url), { headers: { 'x-billpoint-internal-token': 'forged' } });
    expect(direct.status).toBe(401);
    expect((await fetch(new URL('/api/customers', stack.customers.url))).status).toBe(401);
  });
});

describe('behind a TLS-terminating proxy', () => {
  it('with TRUST_PROXY, a request forwarded as https gets the __Host- Secure cookie', async () => {
    const behind = await startStack({ env: { TRUST_PROXY: '127.0.0.1' } });
    try {
      const c = behind.client();
      const res = await c.post(
        '/api/auth/register',
        { email: 'tls@example.test', password: 'long enough pw', firstName: 'T', lastName: 'L', organizationName: 'S' },
        { 'x-forwarded-proto': 'https' },
      );
      expect(res.status).toBe(201);
      const cookie = c.lastSetCookie.find((x) => x.startsWith('__Host-bp_session='))!;
      expect(cookie).toMatch(/; Secure/);
      expect(cookie).toMatch(/Path=\//);
      expect(cookie).not.toMatch(/Domain=/i);
      expect((await c.get('/api/auth/user', { 'x-forwarded-proto': 'https' })).status).toBe(200);
      // Without the trusted proxy setting the same header changes nothing.
      const plain = stack.client();
      await plain.post(
        '/api/auth/register',
        { email: 'plain@example.test', password: 'long enough pw', firstName: 'P', lastName: 'L', organizationName: 'S' },
        { 'x-forwarded-proto': 'https' },
      );
      expect(plain.lastSetCookie.some((x) => x.startsWith('bp_session='))).toBe(true);
    } finally {
      await behind.close();
    }
  });
});
