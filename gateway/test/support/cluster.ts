import { serviceRegistry, serviceUrlEnv } from '@billpoint/proto/services';
import { freePort, spawnScript, testEnv, waitReady, type ServiceProcess, type TestDatabase } from '@billpoint/kit/testing';

export interface Cluster {
  /** The gateway's base URL. */
  url: string;
  ports: Record<string, number>;
  procs: Record<string, ServiceProcess>;
  /** Starts (again) a stopped service on its port and waits until it is ready. */
  start(name: string): Promise<ServiceProcess>;
  /** SIGKILLs every process still running. */
  kill(): void;
  /** SIGTERMs every process still running and waits for them to exit (graceful: profiles and logs are flushed). */
  stop(): Promise<void>;
}

/**
 * The cluster topology on this machine: every registered service and the gateway as separate Node processes
 * (their `src/server.ts`), over the given NATS and the test database, each on a free port.
 */
export async function startCluster(o: {
  db: TestDatabase;
  natsUrl: string;
  namespace: string;
  env?: Record<string, string>;
}): Promise<Cluster> {
  const base = testEnv(o.db, {
    NATS_URL: o.natsUrl,
    BUS_NAMESPACE: o.namespace,
    NODE_ENV: 'production',
    LOG_LEVEL: 'error',
    // The tests sign up and in from 127.0.0.1: the gateway's per-address guess limits are far out of reach.
    SIGN_IN_FAILURES_PER_IP: '1000000',
    SIGN_UPS_PER_IP: '1000000',
    ...o.env,
  });
  const ports: Record<string, number> = {};
  const procs: Record<string, ServiceProcess> = {};
  // Distinct ports: the kernel may hand the same free port out twice in a row, and a process whose port another one
  // holds would pass for ready (the other one answers its /readyz).
  const taken = new Set<number>();
  for (const s of [...serviceRegistry.map((x) => x.name), 'gateway']) {
    let port = await freePort();
    while (taken.has(port)) port = await freePort();
    taken.add(port);
    ports[s] = port;
  }
  const urls = Object.fromEntries(serviceRegistry.map((s) => [serviceUrlEnv(s.name), `http://127.0.0.1:${ports[s.name]}`]));
  const script = (name: string) => (name === 'gateway' ? 'gateway/src/server.ts' : `services/${name}/src/server.ts`);
  const start = async (name: string) => {
    const extra = name === 'gateway' ? { ...urls, WEB_DIST: '/nonexistent' } : {};
    const p = spawnScript(script(name), { ...base, ...extra, PORT: String(ports[name]) });
    procs[name] = p;
    await waitReady(ports[name]!, p);
    return p;
  };
  await Promise.all(serviceRegistry.map((s) => start(s.name)));
  await start('gateway');
  return {
    url: `http://127.0.0.1:${ports.gateway}`,
    ports,
    procs,
    start,
    kill: () => {
      for (const p of Object.values(procs)) if (p.proc.exitCode === null) p.proc.kill('SIGKILL');
    },
    async stop() {
      const running = Object.values(procs).filter((p) => p.proc.exitCode === null);
      for (const p of running) p.proc.kill('SIGTERM');
      await Promise.all(running.map((p) => p.exited()));
    },
  };
}
