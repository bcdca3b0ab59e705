import { createServer as createHttpServer } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { context, propagation, trace } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { CustomerEvents } from '@billpoint/proto';
import { NatsBus } from '@billpoint/kit';
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
  type ServiceProcess,
  type TestDatabase,
  serviceUrls,
} from '@billpoint/kit/testing';

/** A span as the OTLP/HTTP JSON exporter sends it, with the sending service's name. */
interface OtlpSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes: Record<string, unknown>;
}

const received: OtlpSpan[] = [];
/** An OTLP/HTTP receiver standing in for the collector. */
const receiver = createHttpServer((req, res) => {
  let body = '';
  req.on('data', (d) => (body += d));
  req.on('end', () => {
    const doc = JSON.parse(body) as {
      resourceSpans: { resource: { attributes: { key: string; value: { stringValue?: string } }[] }; scopeSpans: { spans: any[] }[] }[];
    };
    for (const rs of doc.resourceSpans) {
      const service = rs.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue ?? '?';
      for (const ss of rs.scopeSpans)
        for (const s of ss.spans)
          received.push({
            service,
            traceId: s.traceId,
            spanId: s.spanId,
            parentSpanId: s.parentSpanId || undefined,
            name: s.name,
            attributes: Object.fromEntries((s.attributes ?? []).map((a: any) => [a.key, Object.values(a.value)[0]])),
          });
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});

const procs: ServiceProcess[] = [];
let db: TestDatabase | undefined;
let consumerBus: NatsBus | undefined;
const namespace = randomName('tr');
const exporter = new InMemorySpanExporter();
const provider = new TracerProvider({ serviceName: 'test-consumer', spanProcessors: [new SimpleSpanProcessor({ exporter })] } as never);

afterAll(async () => {
  for (const p of procs) if (p.proc.exitCode === null) p.proc.kill('SIGKILL');
  await consumerBus?.close();
  await provider.shutdown();
  trace.disable();
  propagation.disable();
  context.disable();
  receiver.close();
  await db?.drop();
  await deleteNatsNamespace(namespace);
});

describe('tracing end to end', () => {
  it('one customer creation is one trace: gateway → customers → Postgres → NATS publish → consumer', async () => {
    const otlpPort = await freePort();
    await new Promise<void>((ok) => receiver.listen(otlpPort, '127.0.0.1', ok));
    db = await createTestDatabase();
    const [custPort, gwPort] = [await freePort(), await freePort()];
    const env = testEnv(db, {
      NATS_URL: TEST_NATS_URL,
      BUS_NAMESPACE: namespace,
      NODE_ENV: 'production',
      OTEL_SDK_DISABLED: 'false',
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${otlpPort}`,
      OTEL_BSP_SCHEDULE_DELAY: '100',
    });
    const customers = spawnScript('services/customers/src/server.ts', { ...env, PORT: String(custPort) });
    const gateway = spawnScript('gateway/src/server.ts', {
      ...env,
      PORT: String(gwPort),
      ...serviceUrls({ CUSTOMERS_URL: `http://127.0.0.1:${custPort}` }), // the others are not called here
      WEB_DIST: '/nonexistent',
    });
    procs.push(customers, gateway);
    await waitReady(custPort, customers);
    await waitReady(gwPort, gateway);

    // "Any consumer": a subscriber in this process, traced with its own provider.
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    propagation.setGlobalPropagator(new W3CTraceContextPropagator());
    trace.setGlobalTracerProvider(provider);
    consumerBus = await NatsBus.connect({ url: TEST_NATS_URL, name: 'trace-consumer', namespace });
    const consumed: string[] = [];
    await consumerBus.subscribe({ durable: 'trace-consumer', subject: CustomerEvents.Created }, async () => {
      consumed.push(trace.getActiveSpan()!.spanContext().traceId);
    });

    const c = new HttpClient(`http://127.0.0.1:${gwPort}`);
    await c.register();
    const res = await c.post('/api/customers', { name: 'Traced Ltd', email: 'traced@x.test' });
    expect(res.status).toBe(201);

    const traceId = await waitFor(() => consumed[0], 15_000);
    const inTrace = () => received.filter((s) => s.traceId === traceId);
    const has = (pred: (s: OtlpSpan) => boolean) => inTrace().some(pred);
    await waitFor(
      () =>
        has((s) => s.service === 'gateway') &&
        has((s) => s.service === 'customers' && s.name.startsWith('pg.query:INSERT')) &&
        has((s) => s.name === `${CustomerEvents.Created} publish`),
      15_000,
      100,
    );
    const spans = inTrace();
    const byId = new Map(spans.map((s) => [s.spanId, s]));
    const gatewayRoot = spans.find((s) => s.service === 'gateway' && !s.parentSpanId);
    expect(gatewayRoot, JSON.stringify(spans.map((s) => [s.service, s.name]))).toBeDefined();
    const customersSpans = spans.filter((s) => s.service === 'customers');
    // Every customers span descends from the gateway's request span.
    const ancestorOf = (s: OtlpSpan): OtlpSpan => (s.parentSpanId && byId.get(s.parentSpanId) ? ancestorOf(byId.get(s.parentSpanId)!) : s);
    for (const s of customersSpans) expect(ancestorOf(s)).toBe(gatewayRoot);
    const statements = customersSpans.flatMap((s) => Object.values(s.attributes).map(String));
    expect(statements.some((q) => q.includes('insert into "customers"."customers"'))).toBe(true);
    expect(statements.some((q) => q.includes('insert into "customers"."outbox"'))).toBe(true);
    // The relay's polling is not part of the request's trace.
    expect(customersSpans.filter((s) => s.name.startsWith('pg.query:BEGIN')).length).toBeLessThanOrEqual(3);
    const publish = spans.find((s) => s.name === `${CustomerEvents.Created} publish`)!;
    expect(publish.service).toBe('customers');
    // The consumer's span is a child of that publish span.
    const processSpan = exporter
      .getFinishedSpans()
      .find((s) => s.spanContext().traceId === traceId && s.name === `${CustomerEvents.Created} process`);
    expect(processSpan?.parentSpanContext?.spanId).toBe(publish.spanId);
  }, 90_000);
});
