import { describe, expect, it } from 'vitest';
import { createSigner } from 'fast-jwt';
import { createInternalTokenSigner, createInternalTokenVerifier, hashApiKey } from '../src/auth.ts';

const key = 'k'.repeat(32);
const base = { tenantId: '7b0c1f5e-2a7e-4c55-9a43-3f4b2a9d7e10', userId: 'u1', role: 'admin' as const, scopes: [] };

describe('the internal token', () => {
  it('carries the caller’s ip and user agent when the gateway gives them (the audit log records them)', () => {
    const token = createInternalTokenSigner(key)({ ...base, ip: '203.0.113.7', userAgent: 'Mozilla/5.0' });
    expect(createInternalTokenVerifier(key)(token)).toEqual({ ...base, ip: '203.0.113.7', userAgent: 'Mozilla/5.0' });
  });

  it('still verifies without them, and a token of a gateway that predates them (no ip, ua claims)', () => {
    expect(createInternalTokenVerifier(key)(createInternalTokenSigner(key)(base))).toEqual({ ...base, ip: null, userAgent: null });
    const old = createSigner({ key, algorithm: 'HS256', expiresIn: 60_000, iss: 'billpoint-gateway' })({
      tid: base.tenantId,
      sub: 'u1',
      role: 'admin',
      scopes: [],
    });
    expect(createInternalTokenVerifier(key)(old)).toEqual({ ...base, ip: null, userAgent: null });
  });

  it('answers a token it verified before from its cache, and still refuses a tampered, foreign or expired one', () => {
    const verify = createInternalTokenVerifier(key);
    const token = createInternalTokenSigner(key)(base);
    expect(verify(token)).toEqual({ ...base, ip: null, userAgent: null });
    expect(verify(token)).toEqual({ ...base, ip: null, userAgent: null });
    const [h, p, sig] = token.split('.');
    const claims = JSON.parse(Buffer.from(p!, 'base64url').toString()) as Record<string, unknown>;
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...claims, role: 'owner' })).toString('base64url')}.${sig}`;
    expect(() => verify(forged)).toThrow('Invalid internal token');
    expect(() => verify(createInternalTokenSigner('o'.repeat(32))(base))).toThrow('Invalid internal token');
    const expired = createSigner({ key, algorithm: 'HS256', iss: 'billpoint-gateway' })({
      tid: base.tenantId,
      sub: 'u1',
      role: 'admin',
      scopes: [],
      iat: Math.floor(Date.now() / 1000) - 120,
      exp: Math.floor(Date.now() / 1000) - 60,
    });
    expect(() => verify(expired)).toThrow('Invalid internal token');
  });

  it('bounds what it carries (a huge user agent is cut, never refused)', () => {
    const token = createInternalTokenSigner(key)({ ...base, userAgent: 'x'.repeat(5000) });
    expect(createInternalTokenVerifier(key)(token).userAgent).toHaveLength(512);
  });
});

describe('hashApiKey', () => {
  it('is the SHA-256 of the key, hex', () => {
    expect(hashApiKey('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
