import { once } from 'node:events';
import { Agent, request, type IncomingMessage } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  baseConfigShape,
  createInternalTokenSigner,
  INTERNAL_TOKEN_HEADER,
  MemoryBus,
  startService,
  type RunningService,
  type ServiceDefinition,
} from '../src/index.ts';
import { createTestDatabase, testEnv, TEST_TOKEN_KEY, type TestDatabase } from './support/index.ts';

/**
 * A service's close ends once its requests have drained, whatever idle connections clients keep open. Closing
 * otherwise takes Node's headers timeout or Fastify's keep-alive timeout (a minute or more); well within the
 * local topology's 20 s grace delay is the bound here.
 */
const CLOSE_BOUND_MS = 5_000;

let held: { entered: () => void; release: Promise<void> } | undefined;
const configSchema = z.object({ ...baseConfigShape });
const def = {
  name: 'closetest',
  schema: 'closetest',
  configSchema,
  entities: [],
  migrations: [],
  routes(app) {
    // Answers when the test lets it: a request still in flight when the close begins.
    app.get('/api/held', { config: { permission: 'member' } }, async () => {
      held!.entered();
      await held!.release;
      return { answered: true };
    });
  },
} satisfies ServiceDefinition<typeof configSchema>;

let db: TestDatabase;
const bus = new MemoryBus();
const clients = new Set<Socket>();
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  for (const c of clients) c.destroy();
  await bus.close();
  await db?.drop();
});

const start = () => startService(def, { env: testEnv(db), bus });
const portOf = (svc: RunningService) => Number(new URL(svc.url).port);

/** 'closed' if the service's close resolves within the bound, else 'still open'. */
async function closeWithinBound(closing: Promise<void>): Promise<'closed' | 'still open'> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<'still open'>((ok) => (timer = setTimeout(() => ok('still open'), CLOSE_BOUND_MS)));
  try {
    return await Promise.race([closing.then(() => 'closed' as const), bound]);
  } finally {
    clearTimeout(timer);
  }
}

describe('closing a service', () => {
  it('does not wait for a connection that never sent a request', async () => {
    // What the gateway's proxy leaves behind when a tab closes while it connects for a request: a connected
    // socket that never carries one (or a browser's speculative connection).
    const svc = await start();
    const accepted = once(svc.app.server, 'connection');
    const idle = connect(portOf(svc), '127.0.0.1');
    clients.add(idle);
    idle.on('error', () => {});
    await accepted;
    const ended = once(idle, 'close');

    expect(await closeWithinBound(svc.close())).toBe('closed');
    await ended;
    expect(idle.bytesWritten).toBe(0);
  });

  it('answers a request in flight at the close, then closes its kept-alive connection', async () => {
    const svc = await start();
    let entered!: () => void;
    const inHandler = new Promise<void>((ok) => (entered = ok));
    let release!: () => void;
    held = { entered, release: new Promise<void>((ok) => (release = ok)) };
    // The server has begun closing (Node's close calls closeIdleConnections) while the request is in the handler.
    let closeBegan!: () => void;
    const closing = new Promise<void>((ok) => (closeBegan = ok));
    const server = svc.app.server;
    const closeIdle = server.closeIdleConnections.bind(server);
    server.closeIdleConnections = () => {
      closeIdle();
      closeBegan();
    };

    const agent = new Agent({ keepAlive: true });
    const token = createInternalTokenSigner(TEST_TOKEN_KEY)({
      tenantId: '00000000-0000-4000-8000-000000000001',
      userId: 'u',
      role: 'admin',
      scopes: [],
    });
    const req = request({ host: '127.0.0.1', port: portOf(svc), path: '/api/held', agent, headers: { [INTERNAL_TOKEN_HEADER]: token } });
    req.on('socket', (s: Socket) => clients.add(s));
    const response = once(req, 'response');
    req.end();
    await inHandler;

    const closed = svc.close();
    await closing;
    release();
    const [res] = (await response) as [IncomingMessage];
    let body = '';
    for await (const chunk of res) body += String(chunk);
    expect({ status: res.statusCode, body: JSON.parse(body) }).toEqual({ status: 200, body: { answered: true } });

    expect(await closeWithinBound(closed)).toBe('closed');
    agent.destroy();
  });
});
