/** JetStream stream and consumer management of the NATS bus (nats.ts). */
import { nanos } from '@nats-io/transport-node';
import {
  DiscardPolicy,
  JetStreamApiCodes,
  JetStreamApiError,
  RetentionPolicy,
  StorageType,
  type ConsumerConfig,
  type JetStreamManager,
} from '@nats-io/jetstream';
import { DUPLICATE_WINDOW_MS, MAX_AGE_MS, type BusLogger } from './common.ts';

/** Creates the events stream, or updates it to this configuration when it exists. */
export async function ensureStream(jsm: JetStreamManager, name: string, subjects: string): Promise<void> {
  const config = {
    subjects: [subjects],
    duplicate_window: nanos(DUPLICATE_WINDOW_MS),
    max_age: nanos(MAX_AGE_MS),
  };
  try {
    await jsm.streams.info(name);
  } catch (err) {
    if (!(err instanceof JetStreamApiError && err.code === JetStreamApiCodes.StreamNotFound)) throw err;
    try {
      await jsm.streams.add({
        name,
        storage: StorageType.File,
        retention: RetentionPolicy.Limits,
        discard: DiscardPolicy.Old,
        ...config,
      });
      return;
    } catch (err2) {
      // Another process created it meanwhile: fall through to the update.
      if (!(err2 instanceof JetStreamApiError)) throw err2;
    }
  }
  await jsm.streams.update(name, config);
}

/** Creates the durable, or brings an existing one to this configuration. */
export async function ensureConsumer(
  jsm: JetStreamManager,
  streamName: string,
  cfg: Partial<ConsumerConfig> & { durable_name: string },
  log: BusLogger,
): Promise<void> {
  try {
    await jsm.consumers.add(streamName, cfg);
  } catch (err) {
    if (!(err instanceof JetStreamApiError)) throw err;
    // Exists with another configuration (an older deploy's): update what may change.
    const { durable_name, ack_policy: _a, deliver_policy: _d, ...changeable } = cfg;
    try {
      await jsm.consumers.update(streamName, durable_name, changeable);
    } catch (err2) {
      log.warn(
        { err: err2, durable: durable_name, stream: streamName },
        'could not update the existing durable consumer; using it as it is',
      );
    }
  }
}
