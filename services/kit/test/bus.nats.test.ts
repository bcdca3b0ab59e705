import { randomBytes } from 'node:crypto';
import { afterAll, expect, it } from 'vitest';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { EVENTS_STREAM } from '@billpoint/proto';
import { createBus, NatsBus } from '../src/bus/index.ts';
import { busContract } from './bus.contract.ts';

const url = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
/** Streams made by this file (one namespace per bus), removed at the end. */
const streams = new Set<string>();
const namespace = (): string => `t${randomBytes(5).toString('hex')}`;

busContract('nats', async (opts) => {
  const ns = namespace();
  const bus = await NatsBus.connect({ url, name: `bus-contract-${ns}`, namespace: ns, logger: opts?.logger });
  streams.add(bus.streamName);
  return bus;
});

it('createBus with natsUrl gives the NATS bus, on a namespaced stream', async () => {
  const ns = namespace();
  streams.add(`${EVENTS_STREAM}_${ns}`);
  const bus = await createBus({ natsUrl: url, name: 'test', namespace: ns });
  expect(bus.kind).toBe('nats');
  expect((bus as NatsBus).streamName).toBe(`${EVENTS_STREAM}_${ns}`);
  await bus.close();
});

afterAll(async () => {
  const nc = await connect({ servers: url });
  try {
    const jsm = await jetstreamManager(nc);
    for (const s of streams) await jsm.streams.delete(s).catch(() => false);
  } finally {
    await nc.close();
  }
});
