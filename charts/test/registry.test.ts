/**
 * What the consistency check says when the registry and the deployment files disagree: a service registered
 * but missing somewhere is named with what to add there; a block for a service the registry lacks is named
 * for removal. (consistency.test.ts runs the same check on the real files.)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { registryProblems, serviceRegistry, type ServiceEntry } from '@billpoint/proto/services';
import { deploymentProblems, valuesBlock, type ComposeFile, type ValuesFile } from '../tools/registry-check.ts';
import { repoRoot, serviceNames } from '../tools/workloads.ts';

const read = (file: string) => readFileSync(join(repoRoot, file), 'utf8');
const files = () => ({
  compose: parse(read('docker-compose.yml'), { merge: true }) as ComposeFile,
  values: parse(read('charts/billpoint/values.yaml')) as ValuesFile,
  tiltServices: [.../^SERVICES = \[([^\]]*)\]/m.exec(read('Tiltfile'))![1]!.matchAll(/'([^']+)'/g)].map((m) => m[1]!),
  folders: serviceNames(),
});

const notifications: ServiceEntry = {
  name: 'notifications',
  port: 8089,
  prefixes: ['/api/notifications'],
  public: [{ method: 'POST', path: '/api/notifications/inbound', csrf: false }],
  secretEnv: ['WEBHOOK_SIGNING_KEY', 'INBOUND_SECRET'],
  egress: { https: true },
};

describe('the deployment check against the registry', () => {
  it('passes on the repository as it is', () => {
    expect(deploymentProblems(serviceRegistry, files())).toEqual([]);
  });

  it('names everything a newly registered service still needs, file by file', () => {
    const problems = deploymentProblems([...serviceRegistry, notifications], files());
    expect(problems).toEqual([
      'proto/src/services.ts registers "notifications" but services/notifications/src/server.ts does not exist: create the service (copy services/customers)',
      `docker-compose.yml: add a "notifications" service (copy the customers block: build args SERVICE: notifications, command services/notifications/src/server.ts, PORT: '8089')`,
      'docker-compose.yml: the gateway needs NOTIFICATIONS_URL: http://notifications:8089 in its environment',
      "docker-compose.yml: add notifications: { condition: service_healthy } to the gateway's depends_on",
      'charts/billpoint/values.yaml: add under services: notifications: { port: 8089, secretEnv: [WEBHOOK_SIGNING_KEY, INBOUND_SECRET], egress: { https: true } }',
      "Tiltfile: add 'notifications' to SERVICES",
    ]);
  });

  it('names the blocks left behind by a service the registry no longer has', () => {
    const problems = deploymentProblems(
      serviceRegistry.filter((s) => s.name !== 'billing'),
      files(),
    );
    expect(problems).toEqual([
      "services/billing has a src/server.ts but is not registered: add { name: 'billing', port, prefixes } to proto/src/services.ts",
      'docker-compose.yml runs "billing", which is not in proto/src/services.ts: register it or remove the block',
      'charts/billpoint/values.yaml: services.billing is not in proto/src/services.ts: register it or remove the block',
      "Tiltfile: 'billing' in SERVICES is not in proto/src/services.ts: remove it",
    ]);
  });

  it('names a port, secret, egress or env that differs from the registry', () => {
    const changed = serviceRegistry.map((s) =>
      s.name === 'billing' ? { ...s, port: 8090, secretEnv: ['SMTP_URL', 'MAIL_KEY'], egress: { https: true }, env: {} } : s,
    );
    const problems = deploymentProblems(changed, { ...files(), configPorts: { billing: 8082 } });
    expect(problems).toEqual(
      expect.arrayContaining([
        'services/billing/src/config.ts: PORT defaults to 8082, proto/src/services.ts says 8090: make them the same',
        "docker-compose.yml: billing needs PORT: '8090'",
        'docker-compose.yml: billing reads MAIL_KEY: add "MAIL_KEY:" to its environment (passed through from .env)',
        'charts/billpoint/values.yaml: services.billing.port must be 8090',
        'charts/billpoint/values.yaml: services.billing.secretEnv must be [SMTP_URL, MAIL_KEY] (as proto/src/services.ts)',
        'charts/billpoint/values.yaml: services.billing.egress must be {"smtp":false,"https":true,"http":false} (as proto/src/services.ts)',
        'charts/billpoint/values.yaml: services.billing.env must be {} (as proto/src/services.ts)',
      ]),
    );
  });

  it('writes the values block a registry entry asks for', () => {
    expect(valuesBlock({ name: 'catalog', port: 8083, prefixes: ['/api/products'] })).toBe('catalog: { port: 8083 }');
  });
});

describe('the registry itself', () => {
  it('is sound', () => {
    expect(registryProblems(serviceRegistry)).toEqual([]);
  });

  it('refuses duplicate names, ports and prefixes, gateway paths and malformed public routes', () => {
    const bad: ServiceEntry[] = [
      { name: 'customers', port: 8081, prefixes: ['/api/customers'] },
      { name: 'customers', port: 8081, prefixes: ['/api/customers', '/api/auth/x'] },
      {
        name: 'Pay-ments',
        port: 80,
        prefixes: ['/api/pay'],
        public: [
          { method: 'POST', prefix: '/api/pay' },
          { method: 'GET', path: 'pay/:token' },
          { method: 'GET', path: '/api/p/:t', rateLimit: { max: 0, windowSeconds: 60 } },
        ],
      },
    ];
    expect(registryProblems(bad)).toEqual([
      "customers: the name is already customers's",
      "customers: port 8081 is already customers's",
      "customers: prefix /api/customers is already customers's",
      'customers: prefix "/api/auth/x" is the gateway\'s',
      '"Pay-ments": a name is lowercase letters and digits (it becomes PAY-MENTS_URL)',
      "Pay-ments: port 80 is not a free port above 1024 (8080 is the gateway's)",
      'Pay-ments: public prefix /api/pay is also a signed-in prefix',
      'Pay-ments: public GET "pay/:token" must be an /api path (":name" parameters only in a path)',
      'Pay-ments: public GET /api/p/:t: rateLimit needs max ≥ 1 and windowSeconds ≥ 1',
    ]);
  });
});
