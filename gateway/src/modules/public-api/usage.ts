import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Bus, Logger } from '@billpoint/kit';
import { ApiUsageEvents, type ApiUsageBatchData, type ApiUsageRecord, type EventEnvelope } from '@billpoint/proto';

const MAX_BATCH = 1000;

/**
 * Usage of the public API is recorded off the request path: each answered call goes into a per-tenant buffer that
 * is published in batches (`evt.gateway.api-usage.batch`, every `flushMs` or at 1000 records) for the integrations
 * service to store. A failed publish is logged and its batch dropped rather than kept growing: usage statistics
 * are not worth the gateway's memory during an outage of the bus.
 */
export class UsageRecorder {
  readonly #publish: (tenantId: string, data: ApiUsageBatchData) => Promise<void>;
  readonly #logger: Logger;
  #buffers = new Map<string, ApiUsageRecord[]>();
  #count = 0;
  readonly #timer: NodeJS.Timeout;
  #sending: Promise<void> = Promise.resolve();

  constructor(o: { publish: (tenantId: string, data: ApiUsageBatchData) => Promise<void>; logger: Logger; flushMs?: number }) {
    this.#publish = o.publish;
    this.#logger = o.logger;
    this.#timer = setInterval(() => void this.flush(), o.flushMs ?? 1_000);
    this.#timer.unref();
  }

  /** A recorder publishing on the bus. */
  static onBus(bus: Bus, logger: Logger, flushMs?: number) {
    return new UsageRecorder({
      logger,
      flushMs,
      publish: async (tenantId, data) => {
        const envelope: EventEnvelope<ApiUsageBatchData> = {
          id: randomUUID(),
          type: ApiUsageEvents.Batch,
          occurredAt: new Date().toISOString(),
          tenantId,
          actorId: null,
          data,
        };
        await bus.publish(ApiUsageEvents.Batch, envelope, { msgId: envelope.id });
      },
    });
  }

  record(req: FastifyRequest, reply: FastifyReply) {
    const key = req.apiKey;
    if (!key) return;
    const list = this.#buffers.get(key.tenantId) ?? [];
    if (!list.length) this.#buffers.set(key.tenantId, list);
    list.push({
      keyId: key.keyId,
      endpoint: (req.apiRoute?.route.path ?? req.url.split('?')[0]!).slice(0, 500),
      method: req.method,
      statusCode: reply.statusCode,
      responseTimeMs: Math.round(reply.elapsedTime * 100) / 100,
      requestSize: Number(req.headers['content-length'] ?? 0) || 0,
      responseSize: Number(reply.getHeader('content-length') ?? 0) || 0,
      ip: req.ip.slice(0, 100),
      userAgent: req.headers['user-agent']?.slice(0, 512) ?? null,
      at: new Date().toISOString(),
    });
    if (++this.#count >= MAX_BATCH) void this.flush();
  }

  /** Publishes what is buffered, one batch per tenant (batches go one after another). */
  flush(): Promise<void> {
    if (!this.#count) return this.#sending;
    const buffers = this.#buffers;
    this.#buffers = new Map();
    this.#count = 0;
    this.#sending = this.#sending.then(async () => {
      for (const [tenantId, records] of buffers)
        for (let i = 0; i < records.length; i += MAX_BATCH) {
          const batch = records.slice(i, i + MAX_BATCH);
          await this.#publish(tenantId, { records: batch }).catch((err: unknown) =>
            this.#logger.warn({ err, records: batch.length }, 'could not publish API usage; batch dropped'),
          );
        }
    });
    return this.#sending;
  }

  async close() {
    clearInterval(this.#timer);
    await this.flush();
  }
}
