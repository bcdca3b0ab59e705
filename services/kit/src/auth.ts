import { createHash } from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';
import {
  InternalClaims,
  INTERNAL_TOKEN_HEADER,
  can,
  isPortalUserId,
  portalCustomerIdOf,
  scopesGrant,
  type Permission,
  type Role,
} from '@billpoint/proto';
import { Unauthorized } from './errors.ts';

export { INTERNAL_TOKEN_HEADER };

/** Who is calling, as the gateway vouched for it. */
export interface Identity {
  tenantId: string;
  userId: string;
  role: Role;
  scopes: string[];
  /** The caller's IP address and user agent, when the gateway passed them on (events carry them to the audit log). */
  ip?: string | null;
  userAgent?: string | null;
}

/** The user id of a call made with an API key (the gateway's public API signs it so). */
export const apiKeyUserId = (keyId: number | string) => `api-key:${keyId}`;
export const isApiKeyCall = (id: Pick<Identity, 'userId'>) => id.userId.startsWith('api-key:');

/**
 * Whether a caller may do what `permission` covers: a member by the role's permissions, a call made with an API key
 * by its scopes only (proto SCOPE_PERMISSIONS), whatever role its token carries.
 */
export const allows = (id: Pick<Identity, 'userId' | 'role' | 'scopes'>, permission: Permission): boolean =>
  isPortalCall(id) ? false : isApiKeyCall(id) ? scopesGrant(id.scopes ?? [], permission) : can(id.role, permission);

/** A customer signed in to the portal: `portal:<customerId>`; it holds no permission at all. */
export const isPortalCall = (id: Pick<Identity, 'userId'>) => isPortalUserId(id.userId);
/** The portal customer of a call made on a `permission: 'portal'` route (the kit admits nothing else there). */
export function portalCustomerId(id: Pick<Identity, 'userId'>): number {
  const customerId = portalCustomerIdOf(id.userId);
  if (customerId === null) throw new Unauthorized('Not a portal session');
  return customerId;
}

export const INTERNAL_TOKEN_TTL_MS = 60_000;
const ISSUER = 'billpoint-gateway';

/** The gateway's signer: HS256, ≤ 60 s lifetime. */
export function createInternalTokenSigner(key: string) {
  const sign = createSigner({ key, algorithm: 'HS256', expiresIn: INTERNAL_TOKEN_TTL_MS, iss: ISSUER });
  return (id: Identity): string =>
    sign({
      tid: id.tenantId,
      sub: id.userId,
      role: id.role,
      scopes: id.scopes,
      ...(id.ip ? { ip: id.ip.slice(0, 100) } : {}),
      ...(id.userAgent ? { ua: id.userAgent.slice(0, 512) } : {}),
    });
}

/**
 * A service's verifier. Verified tokens are cached until they expire (keyed by a hash of the token: the gateway reuses a
 * token for many requests), and so is the identity read from each verified payload.
 */
export function createInternalTokenVerifier(key: string) {
  const verify = createVerifier({
    key,
    algorithms: ['HS256'],
    allowedIss: ISSUER,
    requiredClaims: ['exp', 'iat', 'tid', 'sub', 'role'],
    maxAge: INTERNAL_TOKEN_TTL_MS + 1_000,
    clockTolerance: 5_000,
    cache: 10_000,
  });
  // The cache answers the same payload object for the same token (until it expires): its identity is read once.
  const identities = new WeakMap<object, Identity>();
  return (token: string | undefined): Identity => {
    if (!token) throw new Unauthorized('Missing internal token');
    let payload: unknown;
    try {
      payload = verify(token);
    } catch {
      throw new Unauthorized('Invalid internal token');
    }
    const known = typeof payload === 'object' && payload !== null ? identities.get(payload) : undefined;
    if (known) return known;
    let claims: InternalClaims;
    try {
      claims = InternalClaims.parse(payload);
    } catch {
      throw new Unauthorized('Invalid internal token');
    }
    const identity: Identity = Object.freeze({
      tenantId: claims.tid,
      userId: claims.sub,
      role: claims.role,
      scopes: Object.freeze([...claims.scopes]) as string[],
      ip: claims.ip ?? null,
      userAgent: claims.ua ?? null,
    });
    if (typeof payload === 'object' && payload !== null) identities.set(payload, identity);
    return identity;
  };
}

/** How an API key is stored and looked up: SHA-256, hex (keys are high-entropy, so no slow hash is needed). */
export const hashApiKey = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');
