import { m0001Catalog } from './0001-catalog.ts';

/** Committed migrations, in order. Add new ones at the end; never edit one that has shipped. */
export const migrations = [m0001Catalog];
