/**
 * `node migrate-tree.ts <root>`: migrates DATABASE_URL with the code of the source tree at `<root>` (this checkout, or
 * an older release extracted by the upgrade test), as the migrations Job's `migrate-all` does: the gateway first, then
 * every service that has a `src/migrate.ts`, each through the tree's own kit `runMigrations` with the definition its
 * `migrate.ts` hands to `runMigrationsMain`. One process for every workload, so that the modules they share load once.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = process.argv[2];
if (!root) throw new Error('usage: node migrate-tree.ts <root of a source tree>');

const workloads = [
  'gateway',
  ...readdirSync(join(root, 'services'))
    .sort()
    .map((d) => `services/${d}`),
].filter((dir) => existsSync(join(root, dir, 'src/migrate.ts')));

const load = (file: string) => import(pathToFileURL(join(root, file)).href) as Promise<Record<string, unknown>>;
const kit = await load('services/kit/src/index.ts');
const runMigrations = kit.runMigrations as (def: unknown) => Promise<string[]>;

for (const dir of workloads) {
  const entry = readFileSync(join(root, dir, 'src/migrate.ts'), 'utf8');
  const name = /import \{ (\w+) \} from '\.\/app\.ts'/.exec(entry)?.[1];
  if (!name) throw new Error(`${dir}/src/migrate.ts: no "import { <definition> } from './app.ts'" to follow`);
  const def = (await load(`${dir}/src/app.ts`))[name];
  if (!def) throw new Error(`${dir}/src/app.ts does not export ${name}`);
  await runMigrations(def);
}
process.exit(0);
