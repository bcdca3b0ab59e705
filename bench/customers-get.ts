/**
 * Benchmark: authenticated GET /api/customers/{id} through the gateway (cluster topology: gateway and
 * customers as separate processes, real Postgres, NATS) against one bare Fastify process doing the same
 * primary-key select with pg. Same machine, same database, one run, side by side. Prints figures only.
 *
 *   npm run bench -- customers            (BENCH_SECONDS=10 BENCH_CONNECTIONS=32 by default)
 *   BENCH_CPU_PROF=/tmp/prof npm run bench -- customers   (also writes .cpuprofile files of gateway and service)
 */
import autocannon from 'autocannon';
import { createInternalTokenSigner } from '@billpoint/kit';
import { cpuPerUnit, postgresCpuMs } from './cpu.ts';
import {
  createTestDatabase,
  deleteNatsNamespace,
  freePort,
  HttpClient,
  randomName,
  spawnScript,
  testEnv,
  waitFor,
  waitReady,
  TEST_NATS_URL,
  TEST_TOKEN_KEY,
  type ServiceProcess,
  serviceUrls,
} from '@billpoint/kit/testing';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);

const profileDir = process.env.BENCH_CPU_PROF;
const procs: ServiceProcess[] = [];
const start = (script: string, env: Record<string, string | undefined>) => {
  const profile = profileDir && !script.startsWith('bench/') ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profileDir}` } : {};
  const p = spawnScript(script, { ...env, ...profile });
  procs.push(p);
  return p;
};

async function run(title: string, url: string, headers: Record<string, string>, pids: Record<string, number>) {
  // Postgres as the whole server (every backend of every pool): the database's share of each request.
  // Warm-up, then the measured run.
  await autocannon({ url, connections, duration: 2, headers });
  const { result: r, cpuUs } = await cpuPerUnit(
    { ...pids, postgres: postgresCpuMs, autocannon: process.pid },
    () => autocannon({ url, connections, duration: seconds, headers }),
    (r) => r.requests.total,
  );
  if (r.non2xx || r.errors) throw new Error(`${title}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  const cpu = Object.entries(cpuUs)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  return { title, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, cpu };
}

const db = await createTestDatabase();
const namespace = randomName('bench');
try {
  const [custPort, gwPort, barePort] = [await freePort(), await freePort(), await freePort()];
  const env = testEnv(db, {
    NATS_URL: TEST_NATS_URL,
    BUS_NAMESPACE: namespace,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    NODE_ENV: 'production',
    DATABASE_POOL_MAX: '10',
  });
  const customers = start('services/customers/src/server.ts', { ...env, PORT: String(custPort) });
  await waitReady(custPort, customers);
  const gateway = start('gateway/src/server.ts', {
    ...env,
    PORT: String(gwPort),
    ...serviceUrls({ CUSTOMERS_URL: `http://127.0.0.1:${custPort}` }), // the others are not called here
    WEB_DIST: '/nonexistent',
  });
  await waitReady(gwPort, gateway);
  const bareProc = start('bench/bare-server.ts', { DATABASE_URL: db.url, PORT: String(barePort) });
  await waitFor(
    async () => (await fetch(`http://127.0.0.1:${barePort}/api/customers/0`).catch(() => undefined))?.status === 404,
    30_000,
    100,
  );

  const client = new HttpClient(`http://127.0.0.1:${gwPort}`);
  await client.register();
  for (let i = 0; i < 200; i++) await client.post('/api/customers', { name: `Customer ${i}`, email: `c${i}@bench.test`, company: 'Bench' });
  const id = ((await client.get('/api/customers?limit=1')).json as { id: number }[])[0]!.id;
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

  const pid = (p: ServiceProcess) => p.proc.pid!;
  const bare = await run('bare Fastify + pg', `http://127.0.0.1:${barePort}/api/customers/${id}`, {}, { bare: pid(bareProc) });
  const gw = await run(
    'gateway → customers',
    `http://127.0.0.1:${gwPort}/api/customers/${id}`,
    { cookie },
    { gateway: pid(gateway), customers: pid(customers) },
  );
  // Where the time goes: the customers service alone, called with an internal token as the gateway does.
  const me = (await client.get('/api/auth/user')).json as { id: string; organization: { id: string } };
  const token = createInternalTokenSigner(TEST_TOKEN_KEY)({ tenantId: me.organization.id, userId: me.id, role: 'admin', scopes: [] });
  const direct = await run(
    'customers service alone',
    `http://127.0.0.1:${custPort}/api/customers/${id}`,
    { 'x-billpoint-internal-token': token },
    { customers: pid(customers) },
  );

  // The floor of any gateway built on the same libraries: Fastify + @fastify/http-proxy adding the token, nothing else.
  const proxyPort = await freePort();
  const bareProxy = start('bench/bare-proxy.ts', { UPSTREAM: `http://127.0.0.1:${custPort}`, BENCH_TOKEN: token, PORT: String(proxyPort) });
  await waitFor(
    async () => (await fetch(`http://127.0.0.1:${proxyPort}/api/customers/${id}`).catch(() => undefined))?.status === 200,
    30_000,
    100,
  );
  const floor = await run(
    'bare http-proxy → customers',
    `http://127.0.0.1:${proxyPort}/api/customers/${id}`,
    {},
    { proxy: pid(bareProxy), customers: pid(customers) },
  );

  console.log(`\nGET /api/customers/{id}, ${connections} connections, ${seconds} s each, ${new Date().toISOString()}`);
  console.table(
    [bare, gw, direct, floor].map((r) => ({
      setup: r.title,
      'req/s': Math.round(r.rps),
      'p50 ms': r.p50,
      'p99 ms': r.p99,
      'CPU µs/request': r.cpu,
    })),
  );
  console.log(`ratio gateway/bare: ${((gw.rps / bare.rps) * 100).toFixed(1)} % (goal ≥ 50 %)`);
  console.log(`ratio bare http-proxy/bare: ${((floor.rps / bare.rps) * 100).toFixed(1)} % (what the proxy library alone leaves)`);
} finally {
  for (const p of procs) p.proc.kill('SIGTERM');
  await Promise.all(procs.map((p) => p.exited()));
  await db.drop();
  await deleteNatsNamespace(namespace);
}
