/**
 * The gateway's side of the service registry: a `<NAME>_URL` required per registered service with a message
 * that says what it is, and `npm start`'s list loaded from the registry with clear errors.
 */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '@billpoint/kit';
import { serviceRegistry, type ServiceEntry } from '@billpoint/proto/services';
import { gatewayConfigSchema } from '../src/config.ts';
import { upstreams } from '../src/modules/proxy/upstreams.ts';
import { definitionExportName, loadServiceDefinitions, localServices } from '../src/local-services.ts';

const base = { DATABASE_URL: 'postgres://u@h/db', INTERNAL_TOKEN_KEY: 'k'.repeat(32) };
const ledger: ServiceEntry = { name: 'ledger', port: 8089, prefixes: ['/api/ledger'] };
const problemsOf = (registry: readonly ServiceEntry[], env: Record<string, string>) => {
  try {
    loadConfig(gatewayConfigSchema(registry), { ...base, ...env });
    return [];
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
};

describe('the gateway configuration', () => {
  it('requires the URL of every registered service, saying which service and an example', () => {
    expect(problemsOf([...serviceRegistry, ledger], {})).toEqual([
      ...serviceRegistry.map((s) => `${s.name.toUpperCase()}_URL is missing`),
      'LEDGER_URL is missing',
    ]);
    expect(problemsOf([ledger], { LEDGER_URL: 'ledger:8089' })).toEqual([
      'LEDGER_URL must be the ledger service URL, e.g. http://ledger:8089 (every service in proto/src/services.ts needs one)',
    ]);
  });

  it('takes REDIS_URL only as a redis:// or rediss:// URL', () => {
    expect(problemsOf([], { REDIS_URL: 'http://cache:6379' })).toEqual(['REDIS_URL must be a redis:// or rediss:// URL']);
    expect(problemsOf([], { REDIS_URL: 'rediss://:pw@cache:6380' })).toEqual([]);
  });

  it('routes each registered service at its URL with its prefixes and public routes', () => {
    const config = loadConfig(gatewayConfigSchema([ledger]), { ...base, LEDGER_URL: 'http://ledger:8089' });
    expect(upstreams(config, [ledger])).toEqual([{ ...ledger, url: 'http://ledger:8089' }]);
  });
});

describe("npm start's services", () => {
  it('are the registered ones, each with its definition and URL variable', () => {
    expect(localServices.map((s) => [s.def.name, s.urlEnv])).toEqual(serviceRegistry.map((s) => [s.name, `${s.name.toUpperCase()}_URL`]));
    expect(definitionExportName('customers')).toBe('customersService');
  });

  it('say what to create when a registered service has no package yet', async () => {
    await expect(loadServiceDefinitions([{ name: 'nosuch', port: 8090, prefixes: ['/api/nosuch'] }])).rejects.toThrow(
      /add services\/nosuch \(package\.json named @billpoint\/nosuch.*root package\.json workspaces/,
    );
  });

  it('refuse a registry with mistakes before starting anything', async () => {
    await expect(loadServiceDefinitions([...serviceRegistry, { ...ledger, port: 8081 }])).rejects.toThrow(
      "ledger: port 8081 is already customers's",
    );
  });
});
