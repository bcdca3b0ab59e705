import { m0001Identity } from './0001-identity.ts';

export const migrations = [m0001Identity];
