import { expect, it } from 'vitest';
import { createBus, MemoryBus } from '../src/bus/index.ts';
import { busContract } from './bus.contract.ts';

busContract('memory', async (opts) => new MemoryBus({ logger: opts?.logger }));

it('createBus without natsUrl gives the in-process bus', async () => {
  const bus = await createBus({ name: 'test' });
  expect(bus.kind).toBe('memory');
  await bus.close();
});
