/**
 * The workloads of the repository, as the deployment files must list them: the gateway and every folder
 * under services/ but the kit, each with what its zod config schema (`configSchema` in src/config.ts)
 * requires from the environment and the PORT it defaults to.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

export interface Workload {
  /** gateway, customers, billing, … (the compose service, the values key, the image suffix) */
  name: string;
  /** Folder holding src/: gateway or services/<name> */
  dir: string;
  gateway: boolean;
  /** Every key the config schema reads. */
  keys: string[];
  /** Keys without a default that must be set (zod: parsing `undefined` fails). */
  required: string[];
  /** The schema's default PORT. */
  port: number;
}

interface ZodLike {
  safeParse(value: unknown): { success: boolean; data?: unknown };
}

/**
 * The services: folders under services/ (kit aside) with a src/server.ts. A folder still being written,
 * with no server yet, runs nowhere and is not asked for.
 */
export function serviceNames(): string[] {
  return readdirSync(join(repoRoot, 'services'), { withFileTypes: true })
    .filter((d) => d.isDirectory() && d.name !== 'kit' && existsSync(join(repoRoot, 'services', d.name, 'src', 'server.ts')))
    .map((d) => d.name)
    .sort();
}

export async function discoverWorkloads(): Promise<Workload[]> {
  const list = [
    { name: 'gateway', dir: 'gateway', gateway: true },
    ...serviceNames().map((name) => ({ name, dir: `services/${name}`, gateway: false })),
  ];
  const out: Workload[] = [];
  for (const w of list) {
    const file = join(repoRoot, w.dir, 'src', 'config.ts');
    if (!existsSync(file)) throw new Error(`${w.dir}/src/config.ts is missing: every workload exports its configSchema there`);
    const mod = (await import(pathToFileURL(file).href)) as { configSchema?: { shape?: Record<string, ZodLike> } };
    const shape = mod.configSchema?.shape;
    if (!shape) throw new Error(`${w.dir}/src/config.ts does not export a zod object named configSchema`);
    const keys = Object.keys(shape).sort();
    const required = keys.filter((k) => !shape[k]!.safeParse(undefined).success);
    const port = Number(shape.PORT?.safeParse(undefined).data);
    if (!Number.isInteger(port)) throw new Error(`${w.dir}: configSchema has no default PORT`);
    out.push({ ...w, keys, required, port });
  }
  return out;
}
