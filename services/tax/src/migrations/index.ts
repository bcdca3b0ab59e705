import type { MigrationObject } from '@mikro-orm/core';

/** Committed migrations, in order. Add new ones at the end; never edit one that has shipped. */
export const migrations: MigrationObject[] = [];
