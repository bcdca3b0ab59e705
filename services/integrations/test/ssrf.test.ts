import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebhookBody } from '@billpoint/proto';
import { createSender } from '../src/modules/webhook/webhook.sender.ts';
import { refusedAddress, refusedHost } from '../src/modules/webhook/ssrf.ts';
import { startReceiver } from './support.ts';

let r: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  r = await startReceiver();
});
afterAll(() => r?.close());

/** Names a test resolver answers (DNS pointing at private space, and rebinding to it). */
const DNS: Record<string, string[]> = {
  'internal.example.test': ['10.0.0.5'],
  'metadata.example.test': ['169.254.169.254'],
  'loop.example.test': ['127.0.0.1'],
  'loop6.example.test': ['::1'],
  'mixed.example.test': ['93.184.216.34', '192.168.1.1'],
  'mapped.example.test': ['::ffff:10.1.2.3'],
  'ec2v6.example.test': ['fd00:ec2::254'],
  'cgnat.example.test': ['100.64.1.1'],
};
const resolver = async (host: string) => {
  const list = DNS[host];
  if (!list) throw Object.assign(new Error(`ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

/** Every form below points at a refused address (the local receiver's port where one could answer). */
const corpus = (port: number) => [
  // IPv4 loopback in all its spellings (WHATWG URL parsing normalises them to 127.0.0.1 first)
  `http://127.0.0.1:${port}/`,
  `http://127.1:${port}/`,
  `http://127.0.1:${port}/`,
  `http://2130706433:${port}/`,
  `http://0x7f000001:${port}/`,
  `http://0x7f.0x0.0x0.0x1:${port}/`,
  `http://0177.0.0.1:${port}/`,
  `http://0177.0000.0000.0001:${port}/`,
  `http://017700000001:${port}/`,
  `http://127.000.000.001:${port}/`,
  `http://127.255.255.254:${port}/`,
  `http://0x7f.1:${port}/`,
  `http://%31%32%37.0.0.1:${port}/`,
  `http://127.0.0.1.:${port}/`,
  `http://localhost:${port}/`,
  `http://LOCALHOST:${port}/`,
  `http://localhost.:${port}/`,
  `http://app.localhost:${port}/`,
  `http://user@127.0.0.1:${port}/`.replace('user@', ''),
  // unspecified, broadcast
  `http://0.0.0.0:${port}/`,
  `http://0:${port}/`,
  'http://255.255.255.255/',
  // private (RFC 1918)
  'http://10.0.0.1/',
  'http://10.255.255.255/',
  'http://012.0.0.1/',
  'http://167772161/',
  'http://172.16.0.1/',
  'http://172.31.255.255/',
  'http://192.168.0.1/',
  'http://192.168.1.254:8080/',
  'http://0xc0.0xa8.0x1.0x1/',
  'http://3232235777/',
  // link-local and cloud metadata
  'http://169.254.169.254/latest/meta-data/',
  'http://169.254.170.2/v2/credentials',
  'http://0xa9fea9fe/',
  'http://2852039166/',
  'http://0251.0376.0251.0376/',
  'http://169.254.0.1/',
  // CGNAT, multicast, reserved, benchmarking
  'http://100.64.0.1/',
  'http://100.127.255.254/',
  'http://224.0.0.1/',
  'http://239.255.255.250/',
  'http://240.0.0.1/',
  'http://198.18.0.1/',
  'http://192.0.0.1/',
  // IPv6 loopback, unspecified, link-local, unique-local, multicast
  `http://[::1]:${port}/`,
  `http://[0:0:0:0:0:0:0:1]:${port}/`,
  `http://[::]:${port}/`,
  'http://[fe80::1]/',
  'http://[fc00::1]/',
  'http://[fd12:3456:789a::1]/',
  'http://[fd00:ec2::254]/',
  'http://[ff02::1]/',
  // IPv4-mapped, IPv4-compatible, NAT64, 6to4, Teredo
  `http://[::ffff:127.0.0.1]:${port}/`,
  `http://[::ffff:7f00:1]:${port}/`,
  'http://[::ffff:169.254.169.254]/',
  'http://[::ffff:10.0.0.1]/',
  'http://[0:0:0:0:0:ffff:c0a8:101]/',
  `http://[::127.0.0.1]:${port}/`,
  'http://[::a9fe:a9fe]/',
  'http://[64:ff9b::a9fe:a9fe]/',
  'http://[64:ff9b::7f00:1]/',
  'http://[2002:7f00:1::]/',
  'http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/',
  // DNS names that resolve (or rebind) into refused space
  'http://internal.example.test/',
  'http://metadata.example.test/',
  `http://loop.example.test:${port}/`,
  `http://loop6.example.test:${port}/`,
  'https://mixed.example.test/',
  'http://mapped.example.test/',
  'http://ec2v6.example.test/',
  'http://cgnat.example.test/',
];

describe('SSRF', () => {
  it('refuses a corpus of over 60 forms at connect time, and nothing reaches the local receiver', async () => {
    const forms = corpus(r.port);
    expect(forms.length).toBeGreaterThanOrEqual(60);
    const sender = createSender({ allowPrivate: false, resolver });
    const results = await Promise.all(
      forms.map(async (url) => ({ url, res: await sender.send({ url, headers: {}, body: '{}', timeoutMs: 2000 }) })),
    );
    for (const { url, res } of results) {
      expect([url, res.ok, res.status]).toEqual([url, false, null]);
      expect([url, res.error]).toEqual([url, expect.stringMatching(/^Refused: /)]);
    }
    expect(r.received).toEqual([]);
    sender.close();
  });

  it('refuses the literal forms already when an endpoint is saved (the contract keeps the normalised URL)', () => {
    const literal = corpus(r.port).filter((u) => !u.includes('example.test'));
    for (const url of literal) {
      const parsed = WebhookBody.parse({ name: 'n', url, events: ['invoice.paid'] });
      expect([url, refusedHost(new URL(parsed.url).hostname)]).toEqual([url, expect.any(String)]);
    }
  });

  it('lets public addresses and names through, and WEBHOOK_ALLOW_PRIVATE lifts the guard for local receivers', async () => {
    for (const a of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '1.1.1.1', '[2a00:1450:4001::200e]'])
      expect([a, refusedAddress(a)]).toEqual([a, null]);
    expect(refusedHost('hooks.example.com')).toBeNull();
    const open = createSender({ allowPrivate: true });
    const res = await open.send({ url: `${r.url}/ok`, headers: {}, body: '{}', timeoutMs: 2000 });
    expect(res).toMatchObject({ ok: true, status: 200 });
    expect(r.received).toHaveLength(1);
    open.close();
  });
});
