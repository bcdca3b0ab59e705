import { MemoryBus, type BusLogger } from './memory.ts';
import { NatsBus } from './nats.ts';
import type { Bus } from './types.ts';

export * from './types.ts';
export { MemoryBus, type MemoryBusOptions, type BusLogger } from './memory.ts';
export { NatsBus, type NatsBusOptions } from './nats.ts';

export interface CreateBusOptions {
  /** When set, the NATS JetStream bus; otherwise the in-process bus. */
  natsUrl?: string;
  /** Connection name (the service's name). */
  name: string;
  /** NATS only: prefix for wire subjects and stream name (tests). */
  namespace?: string;
  logger?: BusLogger;
}

export async function createBus(opts: CreateBusOptions): Promise<Bus> {
  if (opts.natsUrl) {
    return NatsBus.connect({ url: opts.natsUrl, name: opts.name, namespace: opts.namespace, logger: opts.logger });
  }
  return new MemoryBus({ logger: opts.logger });
}
