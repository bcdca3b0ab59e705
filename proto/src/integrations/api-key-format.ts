import { z } from 'zod';

// ---- API key format ------------------------------------------------------------------------------------------------

/** Every key starts with this (keys are shown with a 'bp_' prefix). */
export const API_KEY_PREFIX = 'bp_';
/** 32 random bytes in base62 (fixed width: 43 characters) + a 6-character base62 CRC32 of them: bp_ + 49. */
export const API_KEY_RANDOM_LENGTH = 43;
export const API_KEY_CHECKSUM_LENGTH = 6;
export const API_KEY_LENGTH = API_KEY_PREFIX.length + API_KEY_RANDOM_LENGTH + API_KEY_CHECKSUM_LENGTH;
/** How many leading characters of a key identify it afterwards (`keyPrefix`: "bp_" + 8). */
export const API_KEY_PREFIX_LENGTH = 11;
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A non-negative integer in base62, left-padded with '0' to `width`. */
export function toBase62(n: bigint, width: number): string {
  let out = '';
  for (let v = n; v > 0n; v /= 62n) out = BASE62[Number(v % 62n)] + out;
  return out.padStart(width, '0');
}

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

/** CRC-32 (IEEE) of an ASCII string. */
export function crc32(s: string): number {
  let c = 0xffffffff;
  for (let i = 0; i < s.length; i++) c = CRC_TABLE[(c ^ s.charCodeAt(i)) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** The checksum part of a key with this random part. */
export const apiKeyChecksum = (random: string) => toBase62(BigInt(crc32(random)), API_KEY_CHECKSUM_LENGTH);

/**
 * Checks a key's shape and checksum without any lookup (GitHub-token style): a mistyped, truncated or foreign string
 * is recognised here, so the gateway answers 401 without touching the bus. (The gateway then hashes the key with
 * SHA-256, hex — `hashApiKey` in the kit — and asks `IntegrationsApiKeyVerifyRpc`.)
 */
export function checkApiKeyFormat(key: string): 'ok' | 'malformed' | 'checksum' {
  const re = new RegExp(`^${API_KEY_PREFIX}[0-9A-Za-z]{${API_KEY_RANDOM_LENGTH + API_KEY_CHECKSUM_LENGTH}}$`);
  if (!re.test(key)) return 'malformed';
  const random = key.slice(API_KEY_PREFIX.length, API_KEY_PREFIX.length + API_KEY_RANDOM_LENGTH);
  return key.slice(-API_KEY_CHECKSUM_LENGTH) === apiKeyChecksum(random) ? 'ok' : 'checksum';
}

/** A key as the list shows it afterwards: its prefix, then bullets (masked). */
export const maskApiKey = (keyPrefix: string) => `${keyPrefix}${'•'.repeat(24)}`;

// ---- Scopes ----------------------------------------------------------------------------------------------------------

/** The key scopes, in the order of the form's checkboxes; '*' is full API access. */
export const ApiKeyScopes = [
  'customers:read',
  'customers:write',
  'customers:delete',
  'invoices:read',
  'invoices:write',
  'invoices:delete',
  'payments:read',
  'payments:write',
  'products:read',
  'products:write',
  'tax-rates:read',
  'tax-rates:write',
  'recurring:read',
  'recurring:write',
  'analytics:read',
  'webhooks:read',
  'webhooks:write',
  'events:read',
  '*',
] as const;
export const ApiKeyScope = z.enum(ApiKeyScopes, { error: `Permissions must be among ${ApiKeyScopes.join(', ')}` });
export type ApiKeyScope = z.infer<typeof ApiKeyScope>;

/** True when a key with `granted` may use a route needing `needed` ('*' grants every scope). */
export const hasScope = (granted: readonly string[], needed: ApiKeyScope) => granted.includes('*') || granted.includes(needed);
