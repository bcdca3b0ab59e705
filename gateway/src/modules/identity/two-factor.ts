import { createCipheriv, createDecipheriv, createHash, randomBytes, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/** What an authenticator app shows as the account's issuer. */
export const TOTP_ISSUER = 'Billpoint';
/** A code of the time step before or after the current one is accepted too (clock drift), as RFC 6238 (section 5.2) allows. */
const TOLERANCE_S = 30;
const RECOVERY_CODE_COUNT = 10;
/** Recovery codes: 10 characters of an alphabet without look-alikes (0/O, 1/I/L), shown as xxxxx-xxxxx (~50 bits). */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** AES-256-GCM for the TOTP secrets at rest: `v1.<iv>.<tag>.<ciphertext>` (base64url). */
export class SecretBox {
  readonly #key: Buffer;
  constructor(keyMaterial: string) {
    this.#key = createHash('sha256').update(`two-factor:${keyMaterial}`).digest();
  }
  seal(plain: string): string {
    const iv = randomBytes(12);
    const c = createCipheriv('aes-256-gcm', this.#key, iv);
    const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
    return ['v1', iv.toString('base64url'), c.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
  }
  open(sealed: string): string {
    const [v, iv, tag, body] = sealed.split('.');
    if (v !== 'v1' || !iv || !tag || body === undefined) throw new Error('not a sealed two-factor secret');
    const d = createDecipheriv('aes-256-gcm', this.#key, Buffer.from(iv, 'base64url'));
    d.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([d.update(Buffer.from(body, 'base64url')), d.final()]).toString('utf8');
  }
}

/** A new TOTP secret (160 bits, base32), its otpauth:// URL and that URL as an SVG QR code (a data URL). */
export async function newTotpSecret(accountName: string) {
  const secret = generateSecret();
  const otpauthUrl = generateURI({ issuer: TOTP_ISSUER, label: accountName, secret });
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  return { secret, otpauthUrl, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/** The time step (30 s) that `code` belongs to if it is a valid code of `secret` now (±1 step), else null. */
export async function totpStep(secret: string, code: string): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const r = await verify({ secret, token: code, epochTolerance: TOLERANCE_S });
  return r.valid && 'timeStep' in r ? r.timeStep : null;
}

/** Ten fresh recovery codes as shown to the person, and the hashes to keep. */
export function newRecoveryCodes() {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const s = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return `${s.slice(0, 5)}-${s.slice(5)}`;
  });
  return { codes, hashes: codes.map(hashRecoveryCode) };
}

/** SHA-256 of a recovery code as typed, ignoring case, spaces and dashes. */
export function hashRecoveryCode(code: string) {
  return createHash('sha256').update(code.toLowerCase().replace(/[\s-]/g, '')).digest('base64url');
}
