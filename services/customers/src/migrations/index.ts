import { m0001Customers } from './0001-customers.ts';

/** Committed migrations, in order. Add new ones at the end; never edit one that has shipped. */
export const migrations = [m0001Customers];
