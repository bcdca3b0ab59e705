/**
 * The floor of the gateway hop: Fastify with @fastify/http-proxy and nothing else (no session, no hooks, no security
 * headers), adding the internal token it is given (BENCH_TOKEN) to every request it passes to UPSTREAM.
 */
import Fastify from 'fastify';
import proxy from '@fastify/http-proxy';

const token = process.env.BENCH_TOKEN!;
const app = Fastify({ logger: false });
await app.register(proxy, {
  upstream: process.env.UPSTREAM!,
  prefix: '/api/customers',
  rewritePrefix: '/api/customers',
  http2: false,
  undici: { connections: 256, pipelining: 1, keepAliveTimeout: 60_000 },
  replyOptions: {
    rewriteRequestHeaders: (_req, headers) => ({ ...headers, 'x-billpoint-internal-token': token }),
  },
});
const url = await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
console.log(`bare proxy listening ${url}`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
