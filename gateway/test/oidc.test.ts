import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrganizationEvents } from '@billpoint/proto';
import { HttpClient } from '@billpoint/kit/testing';
import { startStack, type Stack } from './support/stack.ts';

/**
 * A stand-in OpenID Connect provider on localhost: discovery, JWKS, an authorization endpoint that consents at
 * once, and a token endpoint that checks the client secret and PKCE and returns an RS256-signed ID token.
 */
function startProvider(clientId: string, clientSecret: string, claims: Record<string, unknown>) {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...(publicKey as KeyObject).export({ format: 'jwk' }), kid: 'k1', alg: 'RS256', use: 'sig' };
  const codes = new Map<string, { challenge: string; nonce?: string; redirectUri: string }>();
  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  let issuer = '';
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url!, issuer);
    const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (url.pathname === '/.well-known/openid-configuration') {
      return json(200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      });
    }
    if (url.pathname === '/jwks') return json(200, { keys: [jwk] });
    if (url.pathname === '/authorize') {
      const p = url.searchParams;
      if (p.get('client_id') !== clientId || p.get('code_challenge_method') !== 'S256') return json(400, { error: 'invalid_request' });
      const code = randomBytes(16).toString('hex');
      codes.set(code, { challenge: p.get('code_challenge')!, nonce: p.get('nonce') ?? undefined, redirectUri: p.get('redirect_uri')! });
      const back = new URL(p.get('redirect_uri')!);
      back.searchParams.set('code', code);
      back.searchParams.set('state', p.get('state')!);
      back.searchParams.set('iss', issuer);
      return res.writeHead(302, { location: back.toString() }).end();
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      let body = '';
      req.on('data', (d) => (body += d));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        const basic = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString();
        const [id, secret] = basic ? basic.split(':').map(decodeURIComponent) : [form.get('client_id'), form.get('client_secret')];
        if (id !== clientId || secret !== clientSecret) return json(401, { error: 'invalid_client' });
        const grant = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        const verifier = form.get('code_verifier') ?? '';
        if (
          !grant ||
          createHash('sha256').update(verifier).digest('base64url') !== grant.challenge ||
          grant.redirectUri !== form.get('redirect_uri')
        ) {
          return json(400, { error: 'invalid_grant' });
        }
        const now = Math.floor(Date.now() / 1000);
        const header = b64({ alg: 'RS256', kid: 'k1', typ: 'JWT' });
        const payload = b64({
          iss: issuer,
          aud: clientId,
          iat: now,
          exp: now + 300,
          ...(grant.nonce ? { nonce: grant.nonce } : {}),
          ...claims,
        });
        const signature = sign('RSA-SHA256', Buffer.from(`${header}.${payload}`), privateKey).toString('base64url');
        return json(200, { access_token: 'at', token_type: 'Bearer', expires_in: 300, id_token: `${header}.${payload}.${signature}` });
      });
      return;
    }
    json(404, { error: 'not_found' });
  });
  return new Promise<{ issuer: string; close: () => void }>((ok) =>
    server.listen(0, '127.0.0.1', () => {
      issuer = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
      ok({ issuer, close: () => server.close() });
    }),
  );
}

let provider: { issuer: string; close: () => void };
let stack: Stack;
beforeAll(async () => {
  provider = await startProvider('billpoint-web', 'client-secret-123', {
    sub: 'oidc-user-42',
    email: 'Grace@Example.test',
    given_name: 'Grace',
    family_name: 'Hopper',
    picture: 'https://img.example.test/grace.png',
    zoneinfo: 'Europe/Berlin',
  });
  stack = await startStack({
    env: { OIDC_ISSUER_URL: provider.issuer, OIDC_CLIENT_ID: 'billpoint-web', OIDC_CLIENT_SECRET: 'client-secret-123' },
  });
});
afterAll(async () => {
  await stack?.close();
  provider?.close();
});

describe('OpenID Connect sign-in', () => {
  it('redirects /api/login to the provider and signs the user in at /api/callback', async () => {
    const c = stack.client();
    const login = await c.get('/api/login');
    expect(login.status).toBe(302);
    const authorize = new URL(login.headers.get('location')!);
    expect(authorize.origin).toBe(provider.issuer);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${stack.url}/api/callback`);

    const consent = await fetch(authorize, { redirect: 'manual' });
    const callback = new URL(consent.headers.get('location')!);
    const done = await c.get(callback.pathname + callback.search);
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe('/');
    expect(c.cookies.get('bp_session')).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const user = await c.get('/api/auth/user');
    expect(user.status).toBe(200);
    expect(user.json).toMatchObject({
      email: 'grace@example.test',
      firstName: 'Grace',
      lastName: 'Hopper',
      profileImageUrl: 'https://img.example.test/grace.png',
      role: 'admin',
    });

    // The provider's zoneinfo claim is the new organization's time zone.
    expect((await c.get('/api/organization-settings')).json).toMatchObject({ timezone: 'Europe/Berlin' });

    // Signing in again finds the same user and organization.
    const again = stack.client();
    const l2 = await again.get('/api/login');
    const c2 = new URL((await fetch(new URL(l2.headers.get('location')!), { redirect: 'manual' })).headers.get('location')!);
    await again.get(c2.pathname + c2.search);
    expect((await again.get('/api/auth/user')).json).toMatchObject({ id: user.json.id, organization: user.json.organization });
    // The first sign-in created the organization and said so once, through the outbox; the second did not.
    const created = await stack.db.query(`select payload from gateway.outbox where subject = $1 and tenant_id = $2`, [
      OrganizationEvents.Created,
      user.json.organization.id,
    ]);
    // It carries the customer portal's address, made from the name, as the organization has it.
    const [{ portal_slug: slug }] = (
      await stack.db.query<{ portal_slug: string }>(`select portal_slug from gateway.organizations where id = $1`, [
        user.json.organization.id,
      ])
    ).rows as [{ portal_slug: string }];
    expect(slug).toMatch(/^grace-s-organization(-\d+)?$/);
    expect(created.rows.map((r) => r.payload.data)).toEqual([
      { id: user.json.organization.id, name: user.json.organization.name, portalSlug: slug },
    ]);
  });

  it('keeps the return address through the provider, only when it is a path of this site', async () => {
    /** Signs in through the provider starting at /api/login{query}; answers where the callback sends the browser. */
    const endOf = async (query: string) => {
      const c = stack.client();
      const login = await c.get(`/api/login${query}`);
      expect(login.status).toBe(302);
      const callback = new URL((await fetch(new URL(login.headers.get('location')!), { redirect: 'manual' })).headers.get('location')!);
      const done = await c.get(callback.pathname + callback.search);
      expect(done.status).toBe(302);
      expect(c.cookies.get('bp_session')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      return done.headers.get('location');
    };
    expect(await endOf('?return=/invoices')).toBe('/invoices');
    expect(await endOf(`?return=${encodeURIComponent('/invite/abc?x=1')}`)).toBe('/invite/abc?x=1');
    for (const hostile of [
      '?return=/%09/evil.example/x',
      '?return=/%0a/evil.example/x',
      '?return=//evil.example',
      '?return=https://evil.example',
    ])
      expect(await endOf(hostile), hostile).toBe('/');
  });

  it('refuses a callback without the flow cookie or with a forged state', async () => {
    const c = stack.client();
    const login = await c.get('/api/login');
    const authorize = new URL(login.headers.get('location')!);
    const callback = new URL((await fetch(authorize, { redirect: 'manual' })).headers.get('location')!);
    const stranger = new HttpClient(stack.url);
    const res = await stranger.get(callback.pathname + callback.search);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/api/login');
    expect(stranger.cookies.has('bp_session')).toBe(false);

    callback.searchParams.set('state', 'forged');
    const forged = await c.get(callback.pathname + callback.search);
    expect(forged.headers.get('location')).toBe('/api/login');
    expect((await c.get('/api/auth/user')).status).toBe(401);
  });
});
