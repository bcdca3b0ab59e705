/**
 * Every workload (the gateway and each service of the registry, proto/src/services.ts) appears in
 * docker-compose.yml, in the chart's values and in the Tiltfile, with the registry's port, secrets, egress and
 * env and the environment variables its zod config schema requires; .env.example documents every variable.
 * A registered service missing from any of them (or a block there for a service the registry lacks) fails
 * here, naming what to add or remove and where.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { meta, podTemplateOf, render, schemaProblems, structureProblems, type K8sObject } from '../tools/manifests.ts';
import { discoverWorkloads, repoRoot, serviceNames, type Workload } from '../tools/workloads.ts';
import { deploymentProblems, type ComposeFile, type ValuesFile } from '../tools/registry-check.ts';
import { serviceRegistry } from '@billpoint/proto/services';

const read = (file: string) => readFileSync(join(repoRoot, file), 'utf8');

interface ComposeService {
  image?: string;
  build?: { context: string; target?: string; args?: Record<string, string> };
  command?: string[];
  environment?: Record<string, string | null>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  restart?: string;
  read_only?: boolean;
  profiles?: string[];
  configs?: { source: string; target: string }[];
  volumes?: string[];
}
interface Compose {
  services: Record<string, ComposeService>;
  configs: Record<string, { content: string }>;
}

let workloads: Workload[];
let compose: Compose;
beforeAll(async () => {
  workloads = await discoverWorkloads();
  compose = parse(read('docker-compose.yml'), { merge: true }) as Compose;
});

const services = () => workloads.filter((w) => !w.gateway);
const gateway = () => workloads.find((w) => w.gateway)!;

it('lists exactly the registered services in the folders, docker-compose.yml, values.yaml and the Tiltfile', () => {
  const tilt = /^SERVICES = \[([^\]]*)\]/m.exec(read('Tiltfile'));
  const problems = deploymentProblems(serviceRegistry, {
    compose: compose as ComposeFile,
    values: parse(read('charts/billpoint/values.yaml')) as ValuesFile,
    tiltServices: tilt ? [...tilt[1]!.matchAll(/'([^']+)'/g)].map((m) => m[1]!) : null,
    folders: serviceNames(),
    configPorts: Object.fromEntries(services().map((w) => [w.name, w.port])),
  });
  expect(problems, problems.join('\n')).toEqual([]);
});

it('finds the gateway and every service, each with a config schema that requires its secrets', () => {
  expect(workloads.map((w) => w.name)).toEqual(['gateway', ...serviceNames()]);
  expect(services().length).toBeGreaterThan(0);
  for (const w of workloads) expect(w.required, w.name).toEqual(expect.arrayContaining(['DATABASE_URL', 'INTERNAL_TOKEN_KEY']));
  expect(gateway().required).toEqual(expect.arrayContaining(services().map((s) => `${s.name.toUpperCase()}_URL`)));
});

describe('docker-compose.yml', () => {
  const dockerfileTargets = () => new Set([...read('Dockerfile').matchAll(/^FROM \S+ AS (\S+)$/gm)].map((m) => m[1]));

  it('runs exactly the workloads, each from its Dockerfile target, folder and default port', () => {
    const built = Object.entries(compose.services).filter(([, s]) => s.build?.target === 'service' || s.build?.target === 'gateway');
    expect(built.map(([name]) => name).sort()).toEqual(workloads.map((w) => w.name).sort());
    for (const w of workloads) {
      const s = compose.services[w.name]!;
      expect(s.build, w.name).toEqual(
        w.gateway ? { context: '.', target: 'gateway' } : { context: '.', target: 'service', args: { SERVICE: w.name } },
      );
      expect(dockerfileTargets()).toContain(s.build!.target);
      expect(s.image).toBe(`billpoint-${w.name}:\${BILLPOINT_TAG:-local}`);
      expect(s.command).toEqual(['node', `${w.dir}/src/server.ts`]);
      expect(s.environment?.PORT, w.name).toBe(String(w.port));
    }
  });

  it('gives each workload every variable its config schema requires, and the cluster settings', () => {
    for (const w of workloads) {
      const env = compose.services[w.name]!.environment ?? {};
      for (const key of w.required) expect(env[key], `${w.name}: ${key}`).toMatch(/\S/);
      expect(env.NATS_URL, w.name).toBe('nats://nats:4222'); // without it a process falls back to an in-process bus
      expect(env.MIGRATE_ON_START, w.name).toBe('false');
      expect(env.NODE_ENV).toBe('production');
      for (const key of Object.keys(env)) expect(w.keys, `${w.name}: ${key} is not in its config schema`).toContain(key);
    }
    for (const s of services())
      expect(compose.services.gateway!.environment![`${s.name.toUpperCase()}_URL`]).toBe(`http://${s.name}:${s.port}`);
  });

  it('starts the workloads after Postgres and NATS are healthy and the migrations have run, and checks /readyz', () => {
    for (const w of workloads) {
      const s = compose.services[w.name]!;
      expect(s.depends_on, w.name).toMatchObject({
        postgres: { condition: 'service_healthy' },
        nats: { condition: 'service_healthy' },
        migrate: { condition: 'service_completed_successfully' },
      });
      expect(s.healthcheck?.test.join(' ')).toContain('/readyz');
      expect(s.read_only).toBe(true);
    }
    for (const s of services()) expect(compose.services.gateway!.depends_on![s.name]).toEqual({ condition: 'service_healthy' });
    const migrate = compose.services.migrate!;
    expect(migrate.build).toEqual({ context: '.', target: 'migrations' });
    expect(dockerfileTargets()).toContain('migrations');
    expect(migrate.restart).toBe('no');
    expect(migrate.depends_on).toEqual({ postgres: { condition: 'service_healthy' } });
    for (const key of ['DATABASE_URL', 'DATABASE_APP_PASSWORD']) expect(migrate.environment?.[key]).toMatch(/\S/);
  });

  it('runs NATS with JetStream on a volume, syncing every write to disk, and health checks on the infrastructure', () => {
    const nats = compose.services.nats!;
    expect(nats.configs).toEqual([{ source: 'nats', target: '/etc/nats/billpoint.conf' }]);
    expect(nats.volumes).toEqual(['nats-data:/data']);
    const conf = compose.configs.nats!.content;
    expect(conf).toMatch(/jetstream \{[^}]*store_dir: "\/data"[^}]*sync_interval: "always"/);
    for (const name of ['postgres', 'nats']) expect(compose.services[name]!.healthcheck?.test.length).toBeGreaterThan(1);
    expect(compose.services.mailpit).toBeDefined();
    expect(compose.services['otel-collector']!.profiles).toEqual(['tracing']);
    expect(compose.services.jaeger!.profiles).toEqual(['tracing']);
    expect(compose.configs['otel-collector']!.content).toContain('endpoint: jaeger:4317');
  });
});

describe('.env.example', () => {
  const documented = () => new Set([...read('.env.example').matchAll(/^#?\s*([A-Z][A-Z0-9_]+)(?==|\s)/gm)].map((m) => m[1]!));

  it('documents every variable compose reads, the required ones uncommented and empty', () => {
    const text = read('docker-compose.yml');
    const used = new Set([...text.matchAll(/\$\{([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]!));
    for (const s of Object.values(compose.services)) for (const [k, v] of Object.entries(s.environment ?? {})) if (v === null) used.add(k); // passed through from .env
    for (const key of used) expect(documented(), key).toContain(key);
    for (const m of text.matchAll(/\$\{([A-Z][A-Z0-9_]*):\?/g)) expect(read('.env.example')).toMatch(new RegExp(`^${m[1]}=$`, 'm'));
  });

  it('documents every variable of every config schema and every key of the chart Secret', () => {
    const secretKeys = Object.keys((parse(read('charts/billpoint/values.yaml')) as { secret: { env: Record<string, string> } }).secret.env);
    for (const key of [...workloads.flatMap((w) => w.keys), ...secretKeys]) expect(documented(), key).toContain(key);
  });
});

describe('the chart', () => {
  let values: { services: Record<string, { port: number; role?: string } | null> };
  let defaults: K8sObject[];
  beforeAll(() => {
    values = parse(read('charts/billpoint/values.yaml')) as typeof values;
    defaults = render();
  });

  it('has a values block per workload, no stale one, each on its default port', () => {
    expect(Object.keys(values.services).sort()).toEqual(workloads.map((w) => w.name).sort());
    for (const w of workloads) {
      expect(values.services[w.name]!.port, w.name).toBe(w.port);
      expect(values.services[w.name]!.role === 'gateway', w.name).toBe(w.gateway);
    }
  });

  it('gives each Deployment every variable its config schema requires (from env, the Secret or the ConfigMap)', () => {
    for (const variant of [defaults, render({ values: ['charts/billpoint/values-dev.yaml'] })]) {
      for (const w of workloads) {
        const d = variant.find((o) => o.kind === 'Deployment' && meta(o).name === `billpoint-${w.name}`);
        expect(d, w.name).toBeDefined();
        const c = podTemplateOf(d!)!.spec.containers[0]!;
        expect(c.args?.at(-1)).toBe(`${w.dir}/src/server.ts`);
        const names = new Set((c.env ?? []).map((e) => e.name));
        for (const ref of c.envFrom ?? []) {
          const cm = variant.find((o) => o.kind === 'ConfigMap' && meta(o).name === ref.configMapRef?.name);
          for (const k of Object.keys((cm?.kind === 'ConfigMap' && cm.data) || {})) names.add(k);
        }
        for (const key of [...w.required, 'NATS_URL', 'MIGRATE_ON_START', 'PORT']) expect(names, `${w.name}: ${key}`).toContain(key);
        for (const key of names)
          if (!['POD_NAME', 'POD_NAMESPACE', 'OTEL_RESOURCE_ATTRIBUTES'].includes(key)) expect(w.keys, `${w.name}: ${key}`).toContain(key);
      }
    }
  });
});

describe('Tiltfile', () => {
  const tiltfile = () => read('Tiltfile');

  it('lists every service, builds each workload image and sends the gateway port forward', () => {
    const list = /^SERVICES = \[([^\]]*)\]/m.exec(tiltfile());
    expect(list, 'SERVICES = [...] in the Tiltfile').not.toBeNull();
    const names = [...list![1]!.matchAll(/'([^']+)'/g)].map((m) => m[1]);
    expect(names.sort()).toEqual(serviceNames());
    expect(tiltfile()).toContain("billpoint_image('gateway', 'gateway', 'gateway/src')");
    expect(tiltfile()).toMatch(/billpoint_image\(name, 'service', 'services\/%s\/src' % name, build_args=\{'SERVICE': name\}/);
    expect(tiltfile()).toContain("port_forwards=['8080:8080']");
    expect(tiltfile()).toContain("resource_deps=['postgres', 'nats']");
  });

  it('deploys the chart with the dev values under names the resources refer to', () => {
    expect(tiltfile()).toContain("helm('charts/billpoint', name='billpoint', values=['charts/billpoint/values-dev.yaml']");
    const deployments = render({ values: ['charts/billpoint/values-dev.yaml'] })
      .filter((o) => o.kind === 'Deployment')
      .map((o) => meta(o).name);
    expect(deployments.sort()).toEqual(workloads.map((w) => `billpoint-${w.name}`).sort());
    // images the chart asks for are the ones Tilt builds: billpoint-<name>
    expect(tiltfile()).toContain("'billpoint-' + name,");
  });

  it('runs a local Postgres and NATS (JetStream, synced writes) whose manifests validate', async () => {
    const blobs = [...tiltfile().matchAll(/blob\('''([\s\S]*?)'''\)/g)].map((m) => m[1]!);
    const objects = blobs.flatMap((b) => parseAllDocuments(b).map((d) => d.toJS() as K8sObject));
    expect(objects.map((o) => `${o.kind}/${meta(o).name}`)).toEqual(
      expect.arrayContaining([
        'Deployment/postgres',
        'Service/postgres',
        'Deployment/nats',
        'Service/nats',
        'ConfigMap/nats-config',
        'Deployment/jaeger',
      ]),
    );
    expect(await schemaProblems(objects)).toEqual([]);
    expect(structureProblems(objects)).toEqual([]);
    const nats = objects.find((o) => o.kind === 'ConfigMap' && meta(o).name === 'nats-config');
    expect(nats?.kind === 'ConfigMap' && nats.data?.['nats.conf']).toContain('sync_interval: "always"');
    // the dev values connect to them
    const dev = parse(read('charts/billpoint/values-dev.yaml')) as { secret: { env: Record<string, string> } };
    expect(dev.secret.env.DATABASE_URL).toMatch(/@postgres:5432\//);
    expect(dev.secret.env.NATS_URL).toBe('nats://nats:4222');
  });
});
