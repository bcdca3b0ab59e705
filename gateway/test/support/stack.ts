import { createBus, startService, type Bus, type RunningService } from '@billpoint/kit';
import {
  createTestDatabase,
  deleteNatsNamespace,
  HttpClient,
  randomName,
  testEnv,
  TEST_NATS_URL,
  type TestDatabase,
} from '@billpoint/kit/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gatewayService } from '../../src/app.ts';
import { localServices, startLocalServices } from '../../src/local-services.ts';

export interface Stack {
  db: TestDatabase;
  bus: Bus;
  /** Every registered service, by name. */
  services: Record<string, RunningService>;
  customers: RunningService;
  billing: RunningService;
  gateway: RunningService;
  /** What the gateway was started with (for a test that starts more gateways over the same services). */
  gatewayEnv: Record<string, string | undefined>;
  url: string;
  client(): HttpClient;
  close(): Promise<void>;
}

/** The gateway and every registered service in this process on a fresh database, as `npm start` runs them (bus: in-process or NATS). */
export async function startStack(o: { bus?: 'memory' | 'nats'; env?: Record<string, string> } = {}): Promise<Stack> {
  const db = await createTestDatabase();
  const namespace = randomName('t');
  const outbox = mkdtempSync(join(tmpdir(), 'bp-outbox-'));
  const env = testEnv(db, {
    BUS_NAMESPACE: namespace,
    MAIL_OUTBOX_DIR: outbox,
    // Periodic jobs run at start only (tests call them with an injected clock): a run in the middle of a test would
    // change a tenant's rows under a check that they stayed as they were.
    OVERDUE_INTERVAL_MS: '3600000',
    RECURRING_INTERVAL_MS: '3600000',
    REMINDERS_INTERVAL_MS: '3600000',
    // Every test signs up and in from 127.0.0.1: the per-address guess limits are far out of reach (the tests of those
    // limits set them back).
    SIGN_IN_FAILURES_PER_IP: '1000000',
    SIGN_UPS_PER_IP: '1000000',
    ...(o.bus === 'nats' ? { NATS_URL: TEST_NATS_URL } : {}),
    ...o.env,
  });
  const bus = await createBus({ natsUrl: env.NATS_URL, name: 'test', namespace });
  const started = await startLocalServices(localServices, { env, bus });
  const services = Object.fromEntries(started.running.map((s) => [s.ctx.name, s]));
  const gatewayEnv = { ...env, ...started.urlEnv, WEB_DIST: '/nonexistent' };
  const gateway = await startService(gatewayService, { env: gatewayEnv, bus });
  return {
    db,
    bus,
    services,
    customers: services.customers!,
    billing: services.billing!,
    gateway,
    gatewayEnv,
    url: gateway.url,
    client: () => new HttpClient(gateway.url),
    async close() {
      await gateway.close();
      // The gateway is gone: connections it left open to a service (an upstream request whose client cut its body
      // short, still waiting for the rest) end now rather than when the service's own timeout ends them.
      for (const s of started.running) s.app.server.closeAllConnections();
      for (const s of [...started.running].reverse()) await s.close();
      await bus.close();
      await db.drop();
      rmSync(outbox, { recursive: true, force: true });
      if (o.bus === 'nats') await deleteNatsNamespace(namespace);
    },
  };
}
