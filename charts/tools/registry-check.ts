/**
 * The deployment files against the service registry (proto/src/services.ts): docker-compose.yml, the chart's
 * values.yaml, the Tiltfile's SERVICES and the folders under services/ must each list exactly the registered
 * services, with the registry's port, secrets, egress and env. Each problem says what to add or remove, where.
 */
import { serviceUrlEnv, type ServiceEntry } from '@billpoint/proto/services';

const REGISTRY = 'proto/src/services.ts';

export interface ComposeFile {
  services: Record<
    string,
    {
      build?: { target?: string; args?: Record<string, string> };
      environment?: Record<string, string | null>;
      depends_on?: Record<string, { condition: string }>;
    }
  >;
}
export interface ValuesFile {
  services: Record<
    string,
    { role?: string; port?: number; env?: Record<string, unknown>; secretEnv?: string[]; egress?: Record<string, boolean> } | null
  >;
}
export interface DeploymentFiles {
  compose: ComposeFile;
  values: ValuesFile;
  /** The Tiltfile's `SERVICES = [...]`, or null when it has none. */
  tiltServices: string[] | null;
  /** Folders under services/ (kit aside) with a src/server.ts. */
  folders: string[];
  /** Default PORT of each folder's config schema, where known. */
  configPorts?: Record<string, number>;
}

const egressOf = (e: Record<string, boolean | undefined> | undefined) =>
  Object.fromEntries(['smtp', 'https', 'http'].map((k) => [k, e?.[k] === true]));
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The values.yaml block a registry entry asks for, as one YAML flow line. */
export function valuesBlock(s: ServiceEntry): string {
  const parts = [`port: ${s.port}`];
  if (s.secretEnv?.length) parts.push(`secretEnv: [${s.secretEnv.join(', ')}]`);
  const egress = Object.entries(s.egress ?? {}).filter(([, v]) => v);
  if (egress.length) parts.push(`egress: { ${egress.map(([k]) => `${k}: true`).join(', ')} }`);
  const env = Object.entries(s.env ?? {});
  if (env.length) parts.push(`env: { ${env.map(([k, v]) => `${k}: ${JSON.stringify(v)}`).join(', ')} }`);
  return `${s.name}: { ${parts.join(', ')} }`;
}

export function deploymentProblems(registry: readonly ServiceEntry[], f: DeploymentFiles): string[] {
  const out: string[] = [];
  const names = new Set(registry.map((s) => s.name));

  // The folders.
  for (const s of registry)
    if (!f.folders.includes(s.name))
      out.push(
        `${REGISTRY} registers "${s.name}" but services/${s.name}/src/server.ts does not exist: create the service (copy services/customers)`,
      );
  for (const dir of f.folders)
    if (!names.has(dir))
      out.push(`services/${dir} has a src/server.ts but is not registered: add { name: '${dir}', port, prefixes } to ${REGISTRY}`);
  for (const s of registry) {
    const p = f.configPorts?.[s.name];
    if (p !== undefined && p !== s.port)
      out.push(`services/${s.name}/src/config.ts: PORT defaults to ${p}, ${REGISTRY} says ${s.port}: make them the same`);
  }

  // docker-compose.yml
  const c = f.compose.services;
  const gw = c.gateway;
  for (const s of registry) {
    const svc = c[s.name];
    const urlVar = serviceUrlEnv(s.name);
    if (!svc) {
      out.push(
        `docker-compose.yml: add a "${s.name}" service (copy the customers block: build args SERVICE: ${s.name}, command services/${s.name}/src/server.ts, PORT: '${s.port}')`,
      );
    } else {
      if (svc.environment?.PORT !== String(s.port)) out.push(`docker-compose.yml: ${s.name} needs PORT: '${s.port}'`);
      for (const key of s.secretEnv ?? [])
        if (!svc.environment || !(key in svc.environment))
          out.push(`docker-compose.yml: ${s.name} reads ${key}: add "${key}:" to its environment (passed through from .env)`);
    }
    if (gw?.environment?.[urlVar] !== `http://${s.name}:${s.port}`)
      out.push(`docker-compose.yml: the gateway needs ${urlVar}: http://${s.name}:${s.port} in its environment`);
    if (gw?.depends_on?.[s.name]?.condition !== 'service_healthy')
      out.push(`docker-compose.yml: add ${s.name}: { condition: service_healthy } to the gateway's depends_on`);
  }
  for (const [name, svc] of Object.entries(c))
    if (svc.build?.target === 'service' && !names.has(name))
      out.push(`docker-compose.yml runs "${name}", which is not in ${REGISTRY}: register it or remove the block`);

  // charts/billpoint/values.yaml
  const v = f.values.services;
  for (const s of registry) {
    const block = v[s.name];
    const want = valuesBlock(s);
    if (!block) {
      out.push(`charts/billpoint/values.yaml: add under services: ${want}`);
      continue;
    }
    if (block.port !== s.port) out.push(`charts/billpoint/values.yaml: services.${s.name}.port must be ${s.port}`);
    if (!same([...(block.secretEnv ?? [])].sort(), [...(s.secretEnv ?? [])].sort()))
      out.push(`charts/billpoint/values.yaml: services.${s.name}.secretEnv must be [${(s.secretEnv ?? []).join(', ')}] (as ${REGISTRY})`);
    if (!same(egressOf(block.egress), egressOf(s.egress)))
      out.push(`charts/billpoint/values.yaml: services.${s.name}.egress must be ${JSON.stringify(egressOf(s.egress))} (as ${REGISTRY})`);
    const env = Object.fromEntries(Object.entries(block.env ?? {}).map(([k, x]) => [k, String(x)]));
    if (!same(Object.entries(env).sort(), Object.entries(s.env ?? {}).sort()))
      out.push(`charts/billpoint/values.yaml: services.${s.name}.env must be ${JSON.stringify(s.env ?? {})} (as ${REGISTRY})`);
  }
  for (const [name, block] of Object.entries(v))
    if (block?.role !== 'gateway' && !names.has(name))
      out.push(`charts/billpoint/values.yaml: services.${name} is not in ${REGISTRY}: register it or remove the block`);

  // Tiltfile
  if (!f.tiltServices) out.push('Tiltfile: SERVICES = [...] is missing');
  else {
    for (const s of registry) if (!f.tiltServices.includes(s.name)) out.push(`Tiltfile: add '${s.name}' to SERVICES`);
    for (const n of f.tiltServices) if (!names.has(n)) out.push(`Tiltfile: '${n}' in SERVICES is not in ${REGISTRY}: remove it`);
  }
  return out;
}
