import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/** Why an address may not receive webhooks, or null when it is an ordinary public unicast address. */
export function refusedAddress(address: string): string | null {
  const text = address.replace(/^\[|\]$/g, '').replace(/%.*$/, ''); // [v6], and a zone id (fe80::1%eth0)
  if (!ipaddr.isValid(text)) return 'not an IP address';
  let ip = ipaddr.parse(text);
  if (ip.kind() === 'ipv6') {
    const v6 = ip as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress())
      ip = v6.toIPv4Address(); // ::ffff:127.0.0.1
    else {
      const parts = v6.parts;
      // IPv4-compatible (::a.b.c.d, deprecated), and the well-known NAT64 prefixes, embed an IPv4 address: refused.
      if (parts.slice(0, 6).every((p) => p === 0) && (parts[6] !== 0 || parts[7]! > 1)) return 'an IPv4-compatible IPv6 address';
      if (parts[0] === 0x64 && parts[1] === 0xff9b) return 'a NAT64 address';
    }
  }
  const range = ip.range();
  return range === 'unicast' ? null : `a ${range} address`;
}

/** True for a host that names this machine without DNS (localhost and *.localhost, RFC 6761). */
export const isLocalhostName = (host: string) => /(^|\.)localhost\.?$/i.test(host);

/** Thrown when a webhook URL or what its name resolves to is not allowed; the delivery records its message. */
export class RefusedAddress extends Error {
  readonly code = 'EREFUSEDADDRESS';
  constructor(host: string, reason: string) {
    super(`Refused: ${host} is ${reason} (webhooks go to public addresses only)`);
    this.name = 'RefusedAddress';
  }
}

/** Checks a URL's host as written (after WHATWG normalisation: 0x7f.1 and 2130706433 are 127.0.0.1 by then). */
export function refusedHost(hostname: string): string | null {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (isLocalhostName(host)) return 'a loopback name';
  if (ipaddr.isValid(host)) return refusedAddress(host);
  return null; // a DNS name: checked at connect time, on every address it resolves to
}

export type Resolver = (hostname: string) => Promise<LookupAddress[]>;
const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (err, addrs) => (err ? reject(err) : resolve(addrs))),
  );

/**
 * The `lookup` of the delivery agent: resolves, then refuses the connection when any resolved address is not a
 * public unicast one. It runs for every connection, so a name that resolved publicly when the endpoint was saved
 * and privately now (DNS rebinding) is refused now. IP literals skip `lookup` in Node; `refusedHost` covers them.
 */
export function guardedLookup(resolver: Resolver = systemResolver): LookupFunction {
  return ((hostname: string, options: { all?: boolean; family?: number }, callback: (...args: unknown[]) => void) => {
    resolver(hostname).then(
      (addrs) => {
        const usable = addrs.filter((a) => !options.family || a.family === options.family);
        if (!usable.length) return callback(Object.assign(new Error(`No address for ${hostname}`), { code: 'ENOTFOUND' }));
        for (const a of usable) {
          const reason = refusedAddress(a.address);
          if (reason) return callback(new RefusedAddress(`${hostname} (${a.address})`, reason));
        }
        if (options.all) callback(null, usable);
        else callback(null, usable[0]!.address, usable[0]!.family);
      },
      (err: unknown) => callback(err),
    );
  }) as LookupFunction;
}
