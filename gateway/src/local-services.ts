import { isDeepStrictEqual } from 'node:util';
import { createLogger, startService, type Bus, type RunningService, type ServiceDefinition } from '@billpoint/kit';
import { registryProblems, serviceRegistry, serviceUrlEnv, type ServiceEntry } from '@billpoint/proto/services';

export interface LocalService {
  entry: ServiceEntry;
  def: ServiceDefinition;
  /** The gateway variable that receives its URL (CUSTOMERS_URL, …). */
  urlEnv: string;
}

/** customers → customersService, tax-rates → taxRatesService: what services/<name>/src/app.ts exports. */
export const definitionExportName = (name: string) => `${name.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase())}Service`;

/**
 * The ServiceDefinition of each registered service: `@billpoint/<name>` (services/<name>, a workspace) exports it
 * as `<name>Service`, with the registry's name and public routes.
 */
export async function loadServiceDefinitions(registry: readonly ServiceEntry[]): Promise<LocalService[]> {
  const problems = registryProblems(registry);
  if (problems.length) throw new Error(`proto/src/services.ts:\n  - ${problems.join('\n  - ')}`);
  const out: LocalService[] = [];
  for (const entry of registry) {
    const where = `services/${entry.name}/src/app.ts`;
    let mod: Record<string, unknown>;
    try {
      mod = (await import(`@billpoint/${entry.name}`)) as Record<string, unknown>;
    } catch (err) {
      throw new Error(
        `Service "${entry.name}" is registered but @billpoint/${entry.name} cannot be loaded: add services/${entry.name} (package.json named @billpoint/${entry.name}, "exports": "./src/app.ts") and its line in the root package.json workspaces, then run npm install`,
        { cause: err },
      );
    }
    const def = mod[definitionExportName(entry.name)] as ServiceDefinition | undefined;
    if (!def || typeof def.routes !== 'function')
      throw new Error(`${where} must export ${definitionExportName(entry.name)}, its ServiceDefinition`);
    if (def.name !== entry.name) throw new Error(`${where}: the definition is named "${def.name}", the registry says "${entry.name}"`);
    if (!isDeepStrictEqual(def.publicRoutes ?? [], entry.public ?? []))
      throw new Error(`${where}: publicRoutes must be the registry's (publicRoutes: registeredService('${entry.name}').public)`);
    out.push({ entry, def, urlEnv: serviceUrlEnv(entry.name) });
  }
  return out;
}

/** The services `npm start` runs in-process: every one in the registry. */
export const localServices = await loadServiceDefinitions(serviceRegistry);

/**
 * Starts each service on its own Fastify instance (127.0.0.1, a free port), sharing one bus; returns them and the
 * gateway's `<NAME>_URL` variables pointing at them. Stops the ones started if one fails.
 */
export async function startLocalServices(
  services: readonly LocalService[],
  o: { env: Record<string, string | undefined>; bus: Bus },
): Promise<{ running: RunningService[]; urlEnv: Record<string, string> }> {
  const running: RunningService[] = [];
  const urlEnv: Record<string, string> = {};
  try {
    for (const s of services) {
      const svc = await startService(s.def, {
        env: { ...o.env, PORT: '0', HOST: '127.0.0.1' },
        bus: o.bus,
        logger: createLogger(s.def.name, o.env.LOG_LEVEL),
      }).catch((err: unknown) => {
        // Which service, and why (the cause keeps the original error, its code included).
        const why = err instanceof Error ? err.message : String(err ?? 'no error was given');
        throw new Error(`the ${s.def.name} service could not start: ${why}`, { cause: err });
      });
      running.push(svc);
      urlEnv[s.urlEnv] = svc.url;
    }
  } catch (err) {
    for (const svc of running.reverse()) await svc.close().catch(() => {});
    throw err;
  }
  return { running, urlEnv };
}
