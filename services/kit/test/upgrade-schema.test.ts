/**
 * A database upgraded from the previous release has exactly the schema of a fresh install. The previous release's
 * migrations run with that release's own code (its proto, its kit), taken from git, into database A; today's
 * migrations then upgrade A; today's migrations build database B from nothing. Their schema dumps must be equal. A
 * shipped migration edited since the release, or one built from a constant that has changed since, shows up here.
 */
import { execFile as execFileCb, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './support/index.ts';

/**
 * The last release that landed: the schema an installed database has today. Bumped to the newest release's commit
 * whenever one lands.
 */
const PREVIOUS_RELEASE = '8b2ddb5d00ec62bbaaa61b78ac4572b39f94c7a4';

const execFile = promisify(execFileCb);
const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const node = join(repo, 'node_modules/.bin/node');
const migrateTree = join(repo, 'services/kit/test/support/migrate-tree.ts');
/** The folders a release's migrations need: the workspaces but the web app. */
const TREE_PATHS = ['package.json', 'proto', 'services', 'gateway'];

function run(cmd: string, args: string[], what: string): string {
  try {
    return execFileSync(cmd, args, { cwd: repo, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 << 20 });
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === 'ENOENT') throw new Error(`${cmd} is not installed: the upgrade test needs it to ${what}`, { cause: err });
    throw new Error(`${cmd} ${args.join(' ')} failed (${what}):\n${e.stderr ?? e.message}`, { cause: err });
  }
}

/**
 * The previous release's source tree under `.upgrade/<sha>/` (gitignored), its `@billpoint/*` imports resolving to its
 * own folders through a `node_modules/@billpoint` of its own; third-party packages resolve further up, to the repo's.
 */
function releaseTree(sha: string): string {
  run('git', ['--version'], 'read the previous release');
  try {
    execFileSync('git', ['cat-file', '-e', `${sha}^{commit}`], { cwd: repo, stdio: 'ignore' });
  } catch {
    const shallow = run('git', ['rev-parse', '--is-shallow-repository'], 'read the previous release').trim() === 'true';
    throw new Error(
      `The previous release ${sha} is not in this clone${shallow ? ' (a shallow clone: run `git fetch --unshallow`)' : ''}. ` +
        'The upgrade test builds its schema from that commit; clone the whole repository.',
    );
  }
  const dir = join(repo, '.upgrade', sha);
  if (existsSync(join(dir, '.complete'))) return dir;
  // Built aside and renamed into place, so a run stopped halfway or a concurrent run never sees half a tree.
  const tmp = `${dir}.${randomBytes(4).toString('hex')}.tmp`;
  mkdirSync(tmp, { recursive: true });
  const tar = join(tmp, 'tree.tar');
  run('git', ['archive', '--format=tar', '-o', tar, sha, ...TREE_PATHS], 'read the previous release');
  run('tar', ['-xf', tar, '-C', tmp], 'unpack the previous release');
  rmSync(tar);
  const workspaces = (JSON.parse(readFileSync(join(tmp, 'package.json'), 'utf8')) as { workspaces: string[] }).workspaces;
  for (const ws of workspaces) {
    if (!existsSync(join(tmp, ws, 'package.json'))) continue; // not extracted (the web app)
    const { name } = JSON.parse(readFileSync(join(tmp, ws, 'package.json'), 'utf8')) as { name: string };
    const link = join(tmp, 'node_modules', name);
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(relative(dirname(link), join(tmp, ws)), link);
  }
  writeFileSync(join(tmp, '.complete'), `${sha}\n`);
  try {
    renameSync(tmp, dir);
  } catch (err) {
    if (!existsSync(join(dir, '.complete'))) throw err;
    rmSync(tmp, { recursive: true, force: true }); // another run got there first
  }
  return dir;
}

/** Every workload's migrations of the tree at `root`, into `db`, as the migrations Job runs them. */
async function migrateWith(root: string, db: TestDatabase): Promise<void> {
  try {
    await execFile(node, [migrateTree, root], {
      cwd: root,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'silent', OTEL_SDK_DISABLED: 'true', DATABASE_URL: db.url },
      maxBuffer: 16 << 20,
    });
  } catch (err) {
    const e = err as Error & { stderr?: string; stdout?: string };
    throw new Error(`Migrating ${db.name} with ${relative(repo, root) || 'this checkout'} failed:\n${e.stderr || e.stdout || e.message}`, {
      cause: err,
    });
  }
}

/**
 * The schema of `db` as pg_dump writes it, without what differs between two equal schemas: comments (the object
 * headers among them), SET lines, pg_dump's session keys, blank lines, and the secret key each database draws for
 * its record ids when it is installed (kit `record-ids.ts`). Objects are sorted, so only their definitions count,
 * not the order pg_dump happened to list objects it ranks equal.
 */
async function schemaOf(db: TestDatabase): Promise<string> {
  let dump: string;
  try {
    ({ stdout: dump } = await execFile('pg_dump', ['--schema-only', '--no-owner', '--no-privileges', '--dbname', db.url], {
      maxBuffer: 64 << 20,
    }));
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === 'ENOENT')
      throw new Error('pg_dump is not installed (postgresql-client): the upgrade test compares schema dumps', { cause: err });
    throw new Error(`pg_dump of ${db.name} failed:\n${e.stderr ?? e.message}`, { cause: err });
  }
  const objects = dump.split(/^-- (?=Name: )/m).map((object) =>
    object
      .split('\n')
      .filter((l) => l.trim() && !/^(--|SET |SELECT pg_catalog\.set_config|\\restrict |\\unrestrict |Name: )/.test(l))
      .join('\n')
      .replace(/(k constant bytea := decode\(')[0-9a-f]{64}(', 'hex'\))/g, '$1<record id key>$2'),
  );
  return objects.filter(Boolean).sort().join('\n\n');
}

describe('upgrade from the previous release', () => {
  let upgraded: TestDatabase;
  let fresh: TestDatabase;

  beforeAll(async () => {
    [upgraded, fresh] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  });
  afterAll(async () => {
    await Promise.all([upgraded?.drop(), fresh?.drop()]);
  });

  it("has the fresh install's schema", async () => {
    run('pg_dump', ['--version'], 'compare schema dumps'); // a missing pg_dump fails before any migrating
    const previous = releaseTree(PREVIOUS_RELEASE);
    // The previous release's install and today's fresh install touch different databases: side by side.
    await Promise.all([migrateWith(previous, upgraded), migrateWith(repo, fresh)]);
    await migrateWith(repo, upgraded);
    const [upgradedSchema, freshSchema] = await Promise.all([schemaOf(upgraded), schemaOf(fresh)]);
    expect(freshSchema).toContain('CREATE TABLE billing.invoices');
    expect(upgradedSchema, `the schema upgraded from ${PREVIOUS_RELEASE} (received) differs from a fresh install's (expected)`).toBe(
      freshSchema,
    );
  }, 180_000);
});
