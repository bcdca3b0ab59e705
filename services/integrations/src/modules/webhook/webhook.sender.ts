import { createHmac, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { guardedLookup, refusedHost, RefusedAddress, type Resolver } from './ssrf.ts';

/** A new endpoint secret (Standard Webhooks): whsec_ + base64 of 32 random bytes. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;
/** What lists show of a secret: enough to tell two apart. */
export const secretHint = (secret: string) => `${secret.slice(0, 10)}…`;

/** Secrets' HMAC keys, made once per secret (a key from raw bytes costs more than the HMAC of a small payload). */
const keys = new Map<string, KeyObject>();
const KEYS_KEPT = 10_000;
function hmacKey(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    if (keys.size >= KEYS_KEPT) keys.clear();
    key = createSecretKey(Buffer.from(secret.replace(/^whsec_/, ''), 'base64'));
    keys.set(secret, key);
  }
  return key;
}

/** `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` with the secret's key (the base64 after whsec_). */
export function sign(secret: string, msgId: string, timestamp: number, body: string): string {
  return `v1,${createHmac('sha256', hmacKey(secret)).update(`${msgId}.${timestamp}.${body}`).digest('base64')}`;
}

/** The three Standard Webhooks headers; with a previous secret still valid, two signatures, space-separated. */
export function signatureHeaders(o: { msgId: string; timestamp: number; body: string; secrets: string[] }): Record<string, string> {
  return {
    'webhook-id': o.msgId,
    'webhook-timestamp': String(o.timestamp),
    'webhook-signature': o.secrets.map((s) => sign(s, o.msgId, o.timestamp, o.body)).join(' '),
  };
}

export interface SendResult {
  ok: boolean;
  status: number | null;
  /** The first 2 KB of the answer. */
  body: string | null;
  error: string | null;
  durationMs: number;
}

export const RESPONSE_BODY_LIMIT = 2048;

export interface SenderOptions {
  /** Lift the address checks (WEBHOOK_ALLOW_PRIVATE: local receivers in tests and `npm start`). */
  allowPrivate: boolean;
  /** DNS for the connect-time check (tests give names of their own). */
  resolver?: Resolver;
}

/**
 * POSTs one signed delivery. Never follows a redirect (a 3xx is a failure naming it); refuses private, loopback,
 * link-local, metadata… addresses as written and as resolved at connect time; gives up after `timeoutMs` in all
 * (connect, headers and body); keeps the first 2 KB of the answer.
 */
export function createSender(o: SenderOptions) {
  const lookup = o.allowPrivate ? undefined : guardedLookup(o.resolver);
  // One agent per protocol with the guarded lookup: every new connection is checked (keep-alive reuses checked ones).
  const agents = {
    'http:': new http.Agent({ keepAlive: true, maxSockets: 50, ...(lookup ? { lookup } : {}) }),
    'https:': new https.Agent({ keepAlive: true, maxSockets: 50, ...(lookup ? { lookup } : {}) }),
  };

  function send(req: { url: string; headers: Record<string, string>; body: string; timeoutMs: number }): Promise<SendResult> {
    const started = performance.now();
    const done = (r: Omit<SendResult, 'durationMs'>): SendResult => ({ ...r, durationMs: Math.round(performance.now() - started) });
    let url: URL;
    try {
      url = new URL(req.url);
    } catch {
      return Promise.resolve(done({ ok: false, status: null, body: null, error: 'Invalid URL' }));
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      return Promise.resolve(done({ ok: false, status: null, body: null, error: 'Only http and https URLs receive webhooks' }));
    if (!o.allowPrivate) {
      const reason = refusedHost(url.hostname);
      if (reason)
        return Promise.resolve(done({ ok: false, status: null, body: null, error: new RefusedAddress(url.hostname, reason).message }));
    }
    return new Promise((resolve) => {
      let settled = false;
      const finish = (r: Omit<SendResult, 'durationMs'>) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(done(r));
      };
      const mod = url.protocol === 'https:' ? https : http;
      const request = mod.request(
        url,
        {
          method: 'POST',
          agent: agents[url.protocol as 'http:' | 'https:'],
          headers: {
            ...req.headers,
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(req.body)),
            'user-agent': 'Billpoint-Webhooks/1.0',
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (c: Buffer) => {
            if (size < RESPONSE_BODY_LIMIT) chunks.push(c);
            size += c.length;
            if (size >= RESPONSE_BODY_LIMIT) res.destroy(); // enough read: the rest is not kept
          });
          const end = () => {
            const status = res.statusCode ?? 0;
            const body = Buffer.concat(chunks).subarray(0, RESPONSE_BODY_LIMIT).toString('utf8');
            const redirect = status >= 300 && status < 400;
            finish({
              ok: status >= 200 && status < 300,
              status,
              body,
              error:
                status >= 200 && status < 300
                  ? null
                  : redirect
                    ? `Redirect to ${String(res.headers.location ?? '(no location)').slice(0, 500)} not followed`
                    : `The endpoint answered ${status}`,
            });
          };
          res.on('end', end);
          res.on('close', end);
          res.on('error', end);
        },
      );
      const timer = setTimeout(() => {
        finish({ ok: false, status: null, body: null, error: `Timed out after ${req.timeoutMs / 1000} s` });
        request.destroy();
      }, req.timeoutMs);
      request.on('error', (err: NodeJS.ErrnoException) =>
        finish({
          ok: false,
          status: null,
          body: null,
          error: err instanceof RefusedAddress ? err.message : `${err.code ?? 'Error'}: ${err.message}`,
        }),
      );
      request.end(req.body);
    });
  }

  return {
    send,
    close() {
      agents['http:'].destroy();
      agents['https:'].destroy();
    },
  };
}
export type Sender = ReturnType<typeof createSender>;
