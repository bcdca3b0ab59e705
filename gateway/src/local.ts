/**
 * `npm start`: the whole of Billpoint in one process (local-run.ts). What can fail fast is checked first, before
 * seconds of loading every service and starting Postgres: the data directory (BILLPOINT_DATA_DIR, default .data/)
 * must be writable and PORT (default 8080) free on HOST. Whatever stops it, it says why and how to fix it.
 */
import { resolve } from 'node:path';
import { checkPortFree, dataDirOf, explainStartFailure, formatStartFailure, prepareDataDir } from './local-start.ts';

const dataDir = dataDirOf(process.env, resolve(import.meta.dirname, '../..'));
try {
  prepareDataDir(dataDir);
  await checkPortFree(Number(process.env.PORT ?? '8080'), process.env.HOST ?? 'localhost');
} catch (err) {
  const ctx = { dataDir, port: process.env.PORT ?? '8080', host: process.env.HOST ?? 'localhost' };
  process.stderr.write(`\n${formatStartFailure(explainStartFailure(err, ctx))}`);
  process.exit(1);
}
await import('./local-run.ts');
