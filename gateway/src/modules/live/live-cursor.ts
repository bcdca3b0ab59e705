import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { parsePosition, type Position } from './live-hub.ts';

const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Longer than any cursor this class writes (an epoch of 32 characters and a 15-digit sequence), so a bound for input. */
const MAX_ID_LENGTH = 160;

/**
 * The ids a live stream writes (its `id:` lines, what EventSource sends back as Last-Event-ID). A position of the hub
 * is a sequence of the event stream that ALL organizations share, so as it stood it told a tenant how much every other
 * tenant was doing. Here it is sealed: AES-256-GCM under a key every gateway replica derives from the same secret (so
 * a stream still resumes on another replica), with a fresh random IV each time it is written (the same position never
 * reads the same twice, so not even "nothing happened since" shows) and the tenant as associated data (one
 * organization's cursor means nothing in another's stream). An id that does not open — altered, forged, of another
 * tenant or another key — is no position: the stream answers it with a reset, as any id it cannot resume from.
 */
export class LiveCursors {
  readonly #key: Buffer;

  constructor(secret: string) {
    this.#key = createHash('sha256').update(`live-cursor:${secret}`).digest();
  }

  seal(tenantId: string, p: Position): string {
    const iv = randomBytes(IV_BYTES);
    const c = createCipheriv('aes-256-gcm', this.#key, iv);
    c.setAAD(Buffer.from(tenantId, 'utf8'));
    const body = Buffer.concat([c.update(`${p.epoch}:${p.seq}`, 'utf8'), c.final()]);
    return Buffer.concat([iv, body, c.getAuthTag()]).toString('base64url');
  }

  /** The position an id of this tenant names, or null for anything else. */
  open(tenantId: string, id: string | undefined): Position | null {
    if (!id || id.length > MAX_ID_LENGTH || !/^[A-Za-z0-9_-]+$/.test(id)) return null;
    const raw = Buffer.from(id, 'base64url');
    if (raw.length <= IV_BYTES + TAG_BYTES) return null;
    try {
      const d = createDecipheriv('aes-256-gcm', this.#key, raw.subarray(0, IV_BYTES));
      d.setAAD(Buffer.from(tenantId, 'utf8'));
      d.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
      const text = Buffer.concat([d.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)), d.final()]).toString('utf8');
      return parsePosition(text);
    } catch {
      return null;
    }
  }
}
