/**
 * The Dockerfile and its build context, checked without a Docker engine (there is none on these machines):
 * the stages and their rules, what .dockerignore lets into the context, and the migrate-all script the
 * migrations image runs, executed here with sh against a stand-in tree.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot, serviceNames } from '../tools/workloads.ts';

const dockerfile = readFileSync(join(repoRoot, 'Dockerfile'), 'utf8');

/** The stages: name -> { from, lines }. */
function stages() {
  const out = new Map<string, { from: string; body: string }>();
  const parts = dockerfile.split(/^(?=FROM )/m).slice(1);
  for (const p of parts) {
    const m = /^FROM (\S+) AS (\S+)/.exec(p);
    if (m) out.set(m[2]!, { from: m[1]!, body: p });
  }
  return out;
}

describe('Dockerfile', () => {
  it('builds a service, the gateway and the migrations from node:24-slim, each on the shared runtime stage', () => {
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:24-slim$/m);
    const s = stages();
    expect(s.get('base')!.from).toBe('${NODE_IMAGE}');
    for (const target of ['service', 'gateway', 'migrations']) expect(s.get(target)?.from, target).toBe('runtime');
    expect(s.get('runtime')!.from).toBe('base');
    expect(s.get('base')!.body).toMatch(/apt-get install -y --no-install-recommends tini/);
  });

  it('runs as a numeric non-root user under tini, in production mode', () => {
    const runtime = stages().get('runtime')!.body;
    expect(runtime).toMatch(/^USER 1000:1000$/m); // numeric: Kubernetes can verify runAsNonRoot
    expect(runtime).toMatch(/^ENTRYPOINT \["\/usr\/bin\/tini", "--"\]$/m);
    expect(runtime).toMatch(/NODE_ENV=production/);
    for (const [name, { body }] of stages()) if (name !== 'runtime') expect(body, name).not.toMatch(/^USER /m);
  });

  it('installs production dependencies only in the runtime images, with npm ci from the lockfile', () => {
    const s = stages();
    for (const deps of ['deps-service', 'deps-gateway', 'deps-all']) expect(s.get(deps)!.body, deps).toMatch(/npm ci --omit=dev/);
    expect(s.get('service')!.body).toContain('COPY --from=deps-service /app/node_modules ./node_modules');
    expect(s.get('gateway')!.body).toContain('COPY --from=deps-gateway /app/node_modules ./node_modules');
    expect(s.get('migrations')!.body).toContain('COPY --from=deps-all /app/node_modules ./node_modules');
    expect(s.get('gateway')!.body).toContain('COPY --from=web /app/web/dist ./web/dist');
    expect(dockerfile).not.toMatch(/npm install|npm i /);
  });

  it('installs dependencies from manifests only, so source edits keep the npm ci layers cached', () => {
    for (const deps of ['deps-service', 'deps-gateway', 'deps-all', 'web']) {
      const body = stages().get(deps)!.body;
      const ci = body.indexOf('npm ci');
      expect(body.slice(0, ci), deps).not.toMatch(/^COPY (?!--from=manifests)/m);
    }
  });
});

/** The workspace packages (`@billpoint/<name>`) and files that the given entry points load, following imports. */
function loaded(entries: string[]) {
  const dirs = new Map<string, string>();
  for (const ws of (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { workspaces: string[] }).workspaces) {
    const pkg = JSON.parse(readFileSync(join(repoRoot, ws, 'package.json'), 'utf8')) as { name: string };
    dirs.set(pkg.name, ws);
  }
  const packages = new Set<string>();
  const seen = new Set<string>();
  const queue = entries.map((e) => join(repoRoot, e));
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const m of readFileSync(file, 'utf8').matchAll(/(?:\bfrom|\bimport)\s*\(?\s*'([^']+)'/g)) {
      const spec = m[1]!;
      if (spec.startsWith('.') && /\.tsx?$/.test(spec)) queue.push(resolve(dirname(file), spec));
      const ws = /^(@billpoint\/[^/]+)(\/.*)?$/.exec(spec);
      if (ws && dirs.has(ws[1]!)) {
        packages.add(ws[1]!);
        const dir = dirs.get(ws[1]!)!;
        const exports = (JSON.parse(readFileSync(join(repoRoot, dir, 'package.json'), 'utf8')) as { exports: Record<string, string> })
          .exports;
        queue.push(join(repoRoot, dir, exports[`.${ws[2] ?? ''}`]!));
      }
    }
  }
  return { packages, files: [...seen].map((f) => relative(repoRoot, f)) };
}

describe('what each image holds', () => {
  // The service image copies proto, services/kit and its own folder; the gateway image proto, services/kit
  // and gateway (the one-process `npm start` loads the services by name from the registry; the server never does).
  it('holds every workspace package a service’s server and migrations load', () => {
    for (const name of serviceNames()) {
      expect(existsSync(join(repoRoot, 'services', name, 'src', 'migrate.ts')), `services/${name}/src/migrate.ts`).toBe(true);
      const { packages, files: used } = loaded([`services/${name}/src/server.ts`, `services/${name}/src/migrate.ts`]);
      for (const p of packages) expect(['@billpoint/kit', '@billpoint/proto', `@billpoint/${name}`], name).toContain(p);
      for (const f of used) expect(f, name).toMatch(new RegExp(`^(proto|services/kit|services/${name})/src/`));
    }
  });

  it('holds every workspace package the gateway’s server and migrations load', () => {
    const { packages, files: used } = loaded(['gateway/src/server.ts', 'gateway/src/migrate.ts']);
    expect(packages).toContain('@billpoint/kit');
    for (const p of packages) expect(['@billpoint/kit', '@billpoint/proto']).toContain(p);
    for (const f of used) expect(f).toMatch(/^(proto|services\/kit|gateway)\/src\//);
    expect(loaded(['services/billing/src/server.ts']).files).toContain('services/kit/src/service.ts'); // the walk does follow packages
  });
});

/** Docker's .dockerignore rules: last match wins, `!` re-includes, a matched folder excludes what is in it. */
function dockerignore(text: string) {
  const rules = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => {
      const negate = l.startsWith('!');
      const pattern = (negate ? l.slice(1) : l).replace(/^\/+/, '');
      let re = '';
      for (let i = 0; i < pattern.length; i++) {
        const c = pattern[i]!;
        if (pattern.startsWith('**/', i)) {
          re += '(?:.*/)?';
          i += 2;
        } else if (pattern.startsWith('**', i)) {
          re += '.*';
          i += 1;
        } else if (c === '*') re += '[^/]*';
        else if (c === '?') re += '[^/]';
        else re += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
      }
      return { negate, re: new RegExp(`^${re}$`) };
    });
  return (path: string) => {
    const prefixes = path.split('/').map((_, i, parts) => parts.slice(0, i + 1).join('/'));
    let excluded = false;
    for (const r of rules) if (prefixes.some((p) => r.re.test(p))) excluded = !r.negate;
    return !excluded;
  };
}

function files(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(join(repoRoot, dir), { withFileTypes: true })) {
    const rel = dir ? `${dir}/${e.name}` : e.name;
    if (e.name === 'node_modules' || e.name === '.git') continue;
    if (e.isDirectory()) files(rel, out);
    else out.push(rel);
  }
  return out;
}

describe('.dockerignore', () => {
  const included = dockerignore(readFileSync(join(repoRoot, '.dockerignore'), 'utf8'));

  it('sends the manifests, the lockfile and every workspace file but tests and build output', () => {
    for (const f of ['package.json', 'package-lock.json', '.npmrc', 'tsconfig.base.json', 'web/index.html', 'web/vite.config.ts'])
      expect(included(f), f).toBe(true);
    const leftOut = (f: string) =>
      /(^|\/)(test|e2e|dist|coverage|test-results|playwright-report)\//.test(f) ||
      /\.test\.tsx?$/.test(f) ||
      /\.log$/.test(f) ||
      f.startsWith('web/src/testing/');
    const workspaceFiles = files('').filter((f) => /^(proto|gateway|services|web)\//.test(f));
    expect(workspaceFiles.filter((f) => !leftOut(f)).length).toBeGreaterThan(20);
    for (const f of workspaceFiles) expect(included(f), f).toBe(!leftOut(f));
    for (const name of serviceNames()) expect(included(`services/${name}/src/server.ts`)).toBe(true);
  });

  it('keeps out secrets, dependencies, builds, tests and tooling', () => {
    for (const f of [
      '.env',
      '.env.local',
      '.git/HEAD',
      'node_modules/zod/package.json',
      'web/node_modules/x/index.js',
      'web/dist/index.html',
      '.data/pg/x',
    ])
      expect(included(f), f).toBe(false);
    for (const f of [
      'services/kit/test/support/index.ts',
      'gateway/test/app.test.ts',
      'web/src/app/x.test.tsx',
      'web/e2e/sign-in.spec.ts',
      'charts/billpoint/values.yaml',
    ])
      expect(included(f), f).toBe(false);
  });
});

describe('migrate-all', () => {
  const script = /^COPY --chmod=0755 <<'EOF' \/usr\/local\/bin\/migrate-all\n([\s\S]*?)^EOF$/m.exec(dockerfile)?.[1];
  const root = mkdtempSync(join(tmpdir(), 'migrate-all-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  /** A stand-in /app: each migrate.ts appends its folder to a log and exits with the given code. */
  function tree(codes: Record<string, number>) {
    rmSync(join(root, 'app'), { recursive: true, force: true });
    mkdirSync(join(root, 'app', 'services', 'kit', 'src'), { recursive: true });
    for (const [dir, code] of Object.entries(codes)) {
      const file = join(root, 'app', dir, 'src', 'migrate.ts');
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(
        file,
        `import { appendFileSync } from 'node:fs';\nappendFileSync(${JSON.stringify(join(root, 'log'))}, '${dir}\\n');\nprocess.exit(${code});\n`,
      );
    }
    writeFileSync(join(root, 'log'), '');
    writeFileSync(join(root, 'migrate-all'), script!.replace(/^cd \/app$/m, `cd ${join(root, 'app')}`));
  }
  const run = (...args: string[]) => {
    const r = spawnSync('sh', [join(root, 'migrate-all'), ...args], {
      encoding: 'utf8',
      env: { PATH: `${dirname(process.execPath)}:${process.env.PATH}` },
    });
    return { status: r.status, out: r.stdout, ran: readFileSync(join(root, 'log'), 'utf8').split('\n').filter(Boolean) };
  };

  it('is in the Dockerfile and starts from /app', () => {
    expect(script).toMatch(/^#!\/bin\/sh\n/);
    expect(script).toMatch(/^cd \/app$/m);
    expect(dockerfile).toMatch(/^CMD \["migrate-all"\]$/m);
  });

  it('runs the gateway and every service that has migrations when given no folder', () => {
    tree({ gateway: 0, 'services/billing': 0, 'services/customers': 0 });
    const r = run();
    expect(r.status).toBe(0);
    expect(r.ran).toEqual(['gateway', 'services/billing', 'services/customers']);
    expect(r.out).toContain('migrate-all: done');
  });

  it('runs the folders it is given, in that order (as the chart’s Job does)', () => {
    tree({ gateway: 0, 'services/billing': 0, 'services/customers': 0 });
    expect(run('services/customers', 'gateway').ran).toEqual(['services/customers', 'gateway']);
  });

  it('stops at the first failure and fails', () => {
    tree({ gateway: 0, 'services/billing': 3, 'services/customers': 0 });
    const r = run();
    expect(r.status).not.toBe(0);
    expect(r.ran).toEqual(['gateway', 'services/billing']);
    expect(r.out).not.toContain('done');
  });

  it('fails on a folder without migrations', () => {
    tree({ gateway: 0 });
    expect(run('services/nope').status).not.toBe(0);
  });
});
