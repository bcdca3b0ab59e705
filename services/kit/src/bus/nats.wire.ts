/** Headers and bodies between the bus's shapes and NATS messages (nats.ts). */
import { headers as natsHeaders, type MsgHdrs } from '@nats-io/transport-node';
import type { Headers } from './types.ts';

/** Headers JetStream/NATS add (`Nats-Msg-Id`, `Nats-Expected-*`…): not handed to handlers. */
function isNatsHeader(key: string): boolean {
  return key.toLowerCase().startsWith('nats-');
}

export function toNatsHeaders(h: Headers): MsgHdrs {
  const out = natsHeaders();
  for (const [k, v] of Object.entries(h)) out.set(k, v);
  return out;
}

export function fromNatsHeaders(h: MsgHdrs | undefined): Headers {
  const out: Headers = {};
  if (!h) return out;
  for (const k of h.keys()) {
    if (!isNatsHeader(k)) out[k] = h.get(k);
  }
  return out;
}

export function msgText(m: { data: Uint8Array; string(): string }): string | undefined {
  return m.data.length === 0 ? undefined : m.string();
}
