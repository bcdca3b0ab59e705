import { m0001Integrations } from './0001-integrations.ts';
import { m0002RecordIds } from './0002-record-ids.ts';
import { m0003Events } from './0003-events.ts';

/** Committed migrations, in order. Add new ones at the end; never edit one that has shipped. */
export const migrations = [m0001Integrations, m0002RecordIds, m0003Events];
