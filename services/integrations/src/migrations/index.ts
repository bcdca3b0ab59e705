import { m0001Integrations } from './0001-integrations.ts';

/** Committed migrations, in order. Add new ones at the end; never edit one that has shipped. */
export const migrations = [m0001Integrations];
