/**
 * charts/billpoint, rendered by the real helm (charts/tools/helm.ts): helm lint and helm template pass with
 * the default values, with every optional feature on and with the Tilt dev values; every object validates
 * against the Kubernetes schemas; and what schemas cannot see holds (charts/tools/manifests.ts).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { helm } from '../tools/helm.ts';
import {
  CHART,
  lint,
  meta,
  podTemplateOf,
  render,
  schemaProblems,
  structureProblems,
  type K8sObject,
  type RenderOptions,
} from '../tools/manifests.ts';
import { repoRoot } from '../tools/workloads.ts';
import { baseConfigShape } from '@billpoint/kit';

const ALL_ON = 'charts/billpoint/ci/all-on-values.yaml';
const DEV = 'charts/billpoint/values-dev.yaml';

const variants: Record<string, RenderOptions & { complete: boolean }> = {
  'the default values': { complete: false },
  'every optional feature on': { values: [ALL_ON], complete: true },
  'the Tilt dev values': { values: [DEV], complete: true },
  'an existing Secret, no migrations Job, no NetworkPolicy': {
    set: ['secret.existingSecret=billpoint-env', 'migrations.enabled=false', 'networkPolicy.enabled=false', 'serviceAccount.create=false'],
    complete: false,
  },
};

const rendered: Record<string, K8sObject[]> = {};
beforeAll(() => {
  for (const [name, v] of Object.entries(variants)) rendered[name] = render(v);
});

const named = <K extends K8sObject['kind']>(objects: K8sObject[], kind: K, name: string) =>
  objects.find((o): o is Extract<K8sObject, { kind: K }> => o.kind === kind && meta(o).name === name);
const ofKind = <K extends K8sObject['kind']>(objects: K8sObject[], kind: K) =>
  objects.filter((o): o is Extract<K8sObject, { kind: K }> => o.kind === kind);
const container = (o: K8sObject) => podTemplateOf(o)!.spec.containers[0]!;
const envOf = (o: K8sObject) => Object.fromEntries((container(o).env ?? []).map((e) => [e.name, e]));

describe.each(Object.keys(variants))('with %s', (variant) => {
  it('passes helm lint --strict', () => {
    expect(lint(variants[variant])).toContain('0 chart(s) failed');
  });

  it('renders objects that validate against the Kubernetes schemas, with no unknown field', async () => {
    expect(rendered[variant]!.length).toBeGreaterThanOrEqual(5);
    expect(await schemaProblems(rendered[variant]!)).toEqual([]);
  });

  it('renders no Service without pods, no selector without its pods, nothing twice, and hooks that can run', () => {
    expect(structureProblems(rendered[variant]!, { keysPresent: variants[variant]!.complete })).toEqual([]);
  });

  it('hardens every pod: non-root, seccomp, read-only root (but for dev), no capabilities, no token, /tmp in memory', () => {
    const pods = rendered[variant]!.filter((o) => podTemplateOf(o));
    expect(pods.length).toBeGreaterThan(1);
    for (const o of pods) {
      const { spec } = podTemplateOf(o)!;
      expect(spec.securityContext, meta(o).name).toMatchObject({ runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } });
      expect(spec.automountServiceAccountToken).toBe(false);
      expect(spec.volumes).toContainEqual({ name: 'tmp', emptyDir: { sizeLimit: '64Mi' } });
      for (const c of spec.containers) {
        expect(c.securityContext).toMatchObject({ allowPrivilegeEscalation: false, runAsNonRoot: true, capabilities: { drop: ['ALL'] } });
        expect(c.securityContext?.readOnlyRootFilesystem).toBe(variant !== 'the Tilt dev values');
        expect(c.volumeMounts).toContainEqual({ name: 'tmp', mountPath: '/tmp' });
        expect(c.resources?.requests?.memory).toBeTruthy();
        expect(c.resources?.limits?.memory).toBeTruthy();
      }
    }
  });

  it('probes /healthz for liveness and /readyz for readiness on the container port', () => {
    const deployments = ofKind(rendered[variant]!, 'Deployment');
    expect(deployments.length).toBeGreaterThanOrEqual(2);
    for (const d of deployments) {
      const c = container(d);
      expect(c.ports).toEqual([expect.objectContaining({ name: 'http' })]);
      expect(c.livenessProbe?.httpGet).toEqual({ path: '/healthz', port: 'http' });
      expect(c.readinessProbe?.httpGet).toEqual({ path: '/readyz', port: 'http' });
      expect(c.startupProbe?.httpGet).toEqual({ path: '/healthz', port: 'http' });
      // /readyz bounds each check by READY_CHECK_TIMEOUT_MS and must answer before the probe gives up on it.
      const readyBound = Number(
        c.env?.find((e) => e.name === 'READY_CHECK_TIMEOUT_MS')?.value ?? baseConfigShape.READY_CHECK_TIMEOUT_MS.parse(undefined),
      );
      expect((c.readinessProbe?.timeoutSeconds ?? 1) * 1000).toBeGreaterThan(readyBound);
      // A wedged process must fail liveness long enough for a restart, but /healthz itself answers at once.
      expect(c.livenessProbe?.timeoutSeconds ?? 1).toBeGreaterThanOrEqual(2);
    }
  });
});

describe('workloads', () => {
  const allOn = () => rendered['every optional feature on']!;

  it('makes a Deployment, a Service and a NetworkPolicy per enabled entry of services, and nothing for a disabled one', () => {
    const names = ['billing', 'catalog', 'customers', 'gateway', 'integrations', 'payments', 'tax'];
    for (const kind of ['Deployment', 'Service', 'NetworkPolicy'] as const)
      expect(
        ofKind(allOn(), kind)
          .map((o) => meta(o).name)
          .sort(),
        kind,
      ).toEqual(names.map((n) => `billpoint-${n}`));
    expect(allOn().filter((o) => meta(o).name?.includes('-ai'))).toEqual([]);
  });

  it('runs each workload from its own image and folder, with the shared ConfigMap and the Secret', () => {
    const d = named(allOn(), 'Deployment', 'billpoint-payments')!;
    const c = container(d);
    expect(c.image).toBe('registry.example.com/billpoint/billpoint-payments:1.2.3');
    expect(c.args).toEqual(['node', '--enable-source-maps', 'services/payments/src/server.ts']);
    expect(container(named(allOn(), 'Deployment', 'billpoint-gateway')!).args).toEqual([
      'node',
      '--enable-source-maps',
      'gateway/src/server.ts',
    ]);
    expect(c.envFrom).toEqual([{ configMapRef: { name: 'billpoint' } }]);
    const env = envOf(d);
    expect(env.PORT).toEqual({ name: 'PORT', value: '8085' });
    for (const key of ['DATABASE_URL', 'NATS_URL', 'INTERNAL_TOKEN_KEY'])
      expect(env[key]!.valueFrom).toEqual({ secretKeyRef: { name: 'billpoint', key } }); // required: the pod does not start without it
    for (const key of ['DATABASE_APP_PASSWORD', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET'])
      expect(env[key]!.valueFrom).toEqual({ secretKeyRef: { name: 'billpoint', key, optional: true } });
    expect(env.OPENAI_API_KEY).toBeUndefined(); // only what this service reads
    expect(env.OTEL_RESOURCE_ATTRIBUTES?.value).toContain('service.version=1.2.3');
  });

  it('gives the gateway a <NAME>_URL for every service, pointing at its Service and port', () => {
    const env = envOf(named(allOn(), 'Deployment', 'billpoint-gateway')!);
    const urls = Object.keys(env).filter(
      (k) => k.endsWith('_URL') && !['DATABASE_URL', 'NATS_URL', 'PUBLIC_URL', 'OIDC_ISSUER_URL', 'REDIS_URL', 'SMTP_URL'].includes(k),
    );
    expect(urls.sort()).toEqual(['BILLING_URL', 'CATALOG_URL', 'CUSTOMERS_URL', 'INTEGRATIONS_URL', 'PAYMENTS_URL', 'TAX_URL']);
    for (const k of urls) {
      const url = new URL(env[k]!.value!);
      const svc = named(allOn(), 'Service', url.hostname);
      expect(svc, k).toBeDefined();
      expect(svc?.spec?.ports?.[0]?.port).toBe(Number(url.port));
    }
    expect(env.PUBLIC_URL!.value).toBe('https://billpoint.example.com');
    expect(env.TRUST_PROXY!.value).toBe('1');
    expect(env.OIDC_ISSUER_URL!.value).toBe('https://login.example.com/realms/billpoint');
    expect(env.OIDC_CLIENT_ID!.value).toBe('billpoint');
    expect(env.OIDC_CLIENT_SECRET!.valueFrom?.secretKeyRef?.optional).toBe(true);
    expect(env.SESSION_IDLE_MINUTES!.value).toBe('720');
    // Invitation e-mails: the SMTP server from the Secret (optional), else .eml files in the writable /tmp.
    expect(env.SMTP_URL!.valueFrom?.secretKeyRef?.optional).toBe(true);
    expect(env.MAIL_OUTBOX_DIR!.value).toBe('/tmp/outbox');
  });

  it('scales by values: an HPA per autoscaled workload (no fixed replicas then), a PDB per workload', () => {
    const hpas = ofKind(allOn(), 'HorizontalPodAutoscaler');
    // payments sets autoscaling.enabled=false over a default of true: a false must win over the default.
    expect(hpas.map((h) => h.spec?.scaleTargetRef.name).sort()).toEqual([
      'billpoint-billing',
      'billpoint-catalog',
      'billpoint-customers',
      'billpoint-gateway',
      'billpoint-integrations',
      'billpoint-tax',
    ]);
    expect(hpas[0]!.spec).toMatchObject({ minReplicas: 2, maxReplicas: 5 });
    const payments = named(allOn(), 'Deployment', 'billpoint-payments')!;
    expect(payments.kind === 'Deployment' && payments.spec?.replicas).toBe(2);
    expect(ofKind(allOn(), 'PodDisruptionBudget')).toHaveLength(7);
    expect(named(allOn(), 'PodDisruptionBudget', 'billpoint-customers')!.spec).toMatchObject({ maxUnavailable: '25%' });
    const defaults = rendered['the default values']!;
    expect(ofKind(defaults, 'HorizontalPodAutoscaler').length + ofKind(defaults, 'PodDisruptionBudget').length).toBe(0);
  });

  it('exposes only the gateway through the Ingress, with the host and TLS from values', () => {
    const ingress = named(allOn(), 'Ingress', 'billpoint');
    expect(ingress!.spec?.ingressClassName).toBe('nginx');
    expect(ingress!.spec?.tls).toEqual([{ secretName: 'billpoint-tls', hosts: ['billpoint.example.com', 'www.billpoint.example.com'] }]);
    const backends = ingress!.spec!.rules!.flatMap((r) => r.http!.paths.map((p) => p.backend.service!.name));
    expect(new Set(backends)).toEqual(new Set(['billpoint-gateway']));
    expect(ofKind(rendered['the default values']!, 'Ingress')).toEqual([]);
  });

  it('sends GET /api/live (Server-Sent Events) through an Ingress of its own: unbuffered, open for an hour', () => {
    const live = named(allOn(), 'Ingress', 'billpoint-live')!;
    expect(live.metadata?.annotations).toEqual({
      'cert-manager.io/cluster-issuer': 'letsencrypt',
      'nginx.ingress.kubernetes.io/proxy-buffering': 'off',
      'nginx.ingress.kubernetes.io/proxy-read-timeout': '3600',
      'nginx.ingress.kubernetes.io/proxy-send-timeout': '3600',
    });
    expect(Number(live.metadata!.annotations!['nginx.ingress.kubernetes.io/proxy-read-timeout'])).toBeGreaterThanOrEqual(3600);
    expect(live.spec?.ingressClassName).toBe('nginx');
    expect(live.spec?.tls).toEqual(named(allOn(), 'Ingress', 'billpoint')!.spec?.tls);
    const paths = live.spec!.rules!.flatMap((r) =>
      r.http!.paths.map((p) => ({ host: r.host, path: p.path, type: p.pathType, to: p.backend.service!.name })),
    );
    expect(paths).toEqual(
      ['billpoint.example.com', 'www.billpoint.example.com'].map((host) => ({
        host,
        path: '/api/live',
        type: 'Exact',
        to: 'billpoint-gateway',
      })),
    );
    // The main Ingress keeps only its own annotations (buffering stays on for everything else).
    expect(named(allOn(), 'Ingress', 'billpoint')!.metadata?.annotations).toEqual({ 'cert-manager.io/cluster-issuer': 'letsencrypt' });
  });

  it('routes the organizations’ custom domains to the gateway, each with a cert-manager certificate, and proves them by DNS', () => {
    const domains = named(allOn(), 'Ingress', 'billpoint-custom-domains')!;
    expect(domains.metadata?.annotations).toEqual({
      'cert-manager.io/cluster-issuer': 'letsencrypt-prod',
      'nginx.ingress.kubernetes.io/proxy-body-size': '1m',
    });
    expect(domains.spec?.ingressClassName).toBe('nginx');
    expect(domains.spec?.tls).toEqual([
      { secretName: 'billpoint-domain-billing-acme-example', hosts: ['billing.acme.example'] },
      { secretName: 'billpoint-domain-pay-globex-example', hosts: ['pay.globex.example'] },
    ]);
    const rules = domains.spec!.rules!.flatMap((r) => r.http!.paths.map((p) => [r.host, p.path, p.backend.service!.name]));
    expect(rules).toEqual([
      ['billing.acme.example', '/', 'billpoint-gateway'],
      ['pay.globex.example', '/', 'billpoint-gateway'],
    ]);
    const env = envOf(named(allOn(), 'Deployment', 'billpoint-gateway')!);
    expect(env.CUSTOM_DOMAIN_VERIFICATION?.value).toBe('dns');
    expect(env.DNS_SERVERS?.value).toBe('1.1.1.1,8.8.8.8');
    expect(env.APP_HOSTS?.value).toBe('billpoint.example.com,www.billpoint.example.com');
    // Off by default; the gateway still proves domains by DNS there (only `npm start` trusts them).
    expect(named(rendered['the default values']!, 'Ingress', 'billpoint-custom-domains')).toBeUndefined();
    expect(envOf(named(rendered['the default values']!, 'Deployment', 'billpoint-gateway')!).CUSTOM_DOMAIN_VERIFICATION?.value).toBe('dns');
  });
});

describe('Secret and configuration', () => {
  it('leaves empty values out of the Secret and puts the shared settings in the ConfigMap', () => {
    const secret = named(rendered['the default values']!, 'Secret', 'billpoint')!;
    expect(secret.kind === 'Secret' && secret.stringData).toEqual({});
    const cm = named(rendered['every optional feature on']!, 'ConfigMap', 'billpoint')!;
    expect(cm.kind === 'ConfigMap' && cm.data).toEqual({
      NODE_ENV: 'production',
      HOST: '0.0.0.0',
      LOG_LEVEL: 'debug',
      MIGRATE_ON_START: 'false',
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://otel-collector.observability:4318',
      DATABASE_POOL_MAX: '20',
    });
  });

  it('uses secret.existingSecret instead of making one, and migrates at start without the Job', () => {
    const objects = rendered['an existing Secret, no migrations Job, no NetworkPolicy']!;
    expect(ofKind(objects, 'Secret')).toEqual([]);
    expect(ofKind(objects, 'Job')).toEqual([]);
    expect(ofKind(objects, 'NetworkPolicy')).toEqual([]);
    expect(ofKind(objects, 'ServiceAccount')).toEqual([]);
    const d = named(objects, 'Deployment', 'billpoint-customers')!;
    expect(envOf(d).DATABASE_URL!.valueFrom?.secretKeyRef?.name).toBe('billpoint-env');
    expect(podTemplateOf(d)!.spec.serviceAccountName).toBe('default');
    const cm = named(objects, 'ConfigMap', 'billpoint')!;
    expect(cm.kind === 'ConfigMap' && cm.data?.MIGRATE_ON_START).toBe('true');
  });

  it('rolls the pods when the ConfigMap or Secret changes', () => {
    const checksums = (set: string[]) => {
      const d = named(render({ set }), 'Deployment', 'billpoint-gateway')!;
      return d.kind === 'Deployment' ? d.spec?.template.metadata?.annotations : undefined;
    };
    const base = checksums([]);
    expect(base?.['checksum/config']).toMatch(/^[0-9a-f]{64}$/);
    expect(checksums(['config.logLevel=debug'])?.['checksum/config']).not.toBe(base?.['checksum/config']);
    expect(checksums(['secret.env.NATS_URL=nats://other:4222'])?.['checksum/secret']).not.toBe(base?.['checksum/secret']);
  });
});

describe('migrations', () => {
  it('runs every enabled workload’s migrate.ts in a pre-install,pre-upgrade hook Job that outlives no success', () => {
    const objects = rendered['every optional feature on']!;
    const [job] = ofKind(objects, 'Job');
    expect(meta(job!).annotations).toMatchObject({
      'helm.sh/hook': 'pre-install,pre-upgrade',
      'helm.sh/hook-delete-policy': 'before-hook-creation,hook-succeeded',
    });
    expect(container(job!).image).toBe('registry.example.com/billpoint/billpoint-migrations:1.2.3');
    expect(container(job!).args).toEqual([
      'migrate-all',
      'services/billing',
      'services/catalog',
      'services/customers',
      'gateway',
      'services/integrations',
      'services/payments',
      'services/tax',
    ]);
    // Before the first install only hooks exist: the Job reads the hook-made copy of the database keys, made first.
    const env = envOf(job!);
    expect(env.DATABASE_URL!.valueFrom?.secretKeyRef?.name).toBe('billpoint-migrations');
    const hookSecret = named(objects, 'Secret', 'billpoint-migrations')!;
    expect(Number(meta(hookSecret).annotations!['helm.sh/hook-weight'])).toBeLessThan(
      Number(meta(job!).annotations!['helm.sh/hook-weight']),
    );
    expect(hookSecret.kind === 'Secret' && Object.keys(hookSecret.stringData ?? {})).toEqual(['DATABASE_APP_PASSWORD', 'DATABASE_URL']);
    expect(podTemplateOf(job!)!.spec.serviceAccountName).toBeUndefined();
  });

  it('has a src/migrate.ts for every folder the Job runs with the default values', () => {
    const [job] = ofKind(rendered['the default values']!, 'Job');
    const dirs = container(job!).args!.slice(1);
    expect(dirs).toContain('gateway');
    for (const dir of dirs) expect(existsSync(join(repoRoot, dir, 'src', 'migrate.ts')), dir).toBe(true);
  });

  it('reads an existing Secret directly (it exists before install)', () => {
    const objects = render({ set: ['secret.existingSecret=billpoint-env'] });
    const [job] = ofKind(objects, 'Job');
    expect(envOf(job!).DATABASE_URL!.valueFrom?.secretKeyRef?.name).toBe('billpoint-env');
    expect(ofKind(objects, 'Secret')).toEqual([]);
  });
});

describe('NetworkPolicy', () => {
  const policies = () => ofKind(rendered['every optional feature on']!, 'NetworkPolicy');
  const policy = (name: string) => policies().find((p) => meta(p).name === `billpoint-${name}`)!.spec!;
  const egressPorts = (name: string) => new Set(policy(name).egress!.flatMap((r) => (r.ports ?? []).map((p) => `${p.port}/${p.protocol}`)));

  it('lets the services accept traffic from the gateway pods only', () => {
    for (const name of ['billing', 'catalog', 'customers', 'integrations', 'payments', 'tax']) {
      expect(policy(name).policyTypes).toEqual(['Ingress', 'Egress']);
      expect(policy(name).ingress).toEqual([
        {
          ports: [{ port: 'http', protocol: 'TCP' }],
          from: [{ podSelector: { matchLabels: { 'app.kubernetes.io/name': 'gateway', 'app.kubernetes.io/instance': 'billpoint' } } }],
        },
      ]);
    }
    expect(policy('gateway').ingress![0]!.from).toEqual([
      { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'ingress-nginx' } } },
    ]);
  });

  it('lets each workload out only to DNS, Postgres, NATS, the collector, and what it calls', () => {
    const base = ['53/UDP', '53/TCP', '5432/TCP', '4222/TCP', '4318/TCP'];
    expect(egressPorts('customers')).toEqual(new Set(base));
    expect(egressPorts('catalog')).toEqual(new Set(base));
    expect(egressPorts('tax')).toEqual(new Set(base));
    // Billing: SMTP, and HTTPS for the daily reference exchange rates.
    expect(egressPorts('billing')).toEqual(new Set([...base, '25/TCP', '465/TCP', '587/TCP', '443/TCP']));
    expect(egressPorts('payments')).toEqual(new Set([...base, '443/TCP']));
    expect(egressPorts('integrations')).toEqual(new Set([...base, '443/TCP', '80/TCP']));
    // The gateway: every service on its port, the OIDC issuer (443) since one is configured, Redis (egress.redis),
    // SMTP (invitation e-mails).
    expect(egressPorts('gateway')).toEqual(
      new Set([
        ...base,
        ...['8081/TCP', '8082/TCP', '8083/TCP', '8084/TCP', '8085/TCP', '8087/TCP', '443/TCP', '6379/TCP'],
        ...['25/TCP', '465/TCP', '587/TCP'],
      ]),
    );
    const toCustomers = policy('gateway').egress!.find((r) => r.ports?.[0]?.port === 8081)!;
    expect(toCustomers.to).toEqual([
      { podSelector: { matchLabels: { 'app.kubernetes.io/name': 'customers', 'app.kubernetes.io/instance': 'billpoint' } } },
    ]);
    expect(policy('customers').egress!.find((r) => r.ports?.[0]?.port === 5432)!.to).toEqual([{ ipBlock: { cidr: '10.20.0.0/16' } }]);
  });

  it('gives the gateway no 443 without an OIDC issuer', () => {
    const gw = ofKind(rendered['the default values']!, 'NetworkPolicy').find((p) => meta(p).name === 'billpoint-gateway')!;
    expect(gw.spec!.egress!.flatMap((r) => (r.ports ?? []).map((p) => p.port))).not.toContain(443);
  });
});

describe('values', () => {
  const fails = (args: string[]) => {
    const r = helm(['template', 'billpoint', CHART, ...args]);
    expect(r.status, r.stdout).not.toBe(0);
    return r.stderr;
  };

  it('rejects what values.schema.json does not know, so a typo cannot pass silently', () => {
    expect(fails(['--set', 'services.customers.prot=8081'])).toContain('Additional property prot is not allowed');
    expect(fails(['--set', 'ingres.enabled=true'])).toContain('Additional property ingres is not allowed');
    expect(fails(['--set', 'secret.env.INTERNAL_TOKEN_KEY=short'])).toContain('INTERNAL_TOKEN_KEY');
    expect(fails(['--set', 'services.ledger.egress.smtp=true'])).toContain('port');
  });

  it('refuses an Ingress without a gateway to send it to', () => {
    expect(fails(['--set', 'ingress.enabled=true', '--set', 'services.gateway.enabled=false'])).toContain(
      'needs an enabled workload with role: gateway',
    );
  });
});

describe('the checks themselves', () => {
  // The checks above would be worthless if these could not fail: break a good render and see each one fire.
  const good = () => structuredClone(rendered['every optional feature on']!);

  it('finds a Service that selects no pod, a selector that misses its pods, and a duplicate', () => {
    const objects = good();
    const svc = named(objects, 'Service', 'billpoint-customers')!;
    if (svc.kind === 'Service') svc.spec!.selector = { 'app.kubernetes.io/name': 'customer' };
    const d = named(objects, 'Deployment', 'billpoint-billing')!;
    if (d.kind === 'Deployment') d.spec!.selector.matchLabels!['app.kubernetes.io/name'] = 'bill';
    objects.push(structuredClone(named(objects, 'ConfigMap', 'billpoint')!));
    expect(structureProblems(objects).sort()).toEqual([
      'ConfigMap/billpoint: rendered twice',
      'Deployment/billpoint-billing: selector {"app.kubernetes.io/name":"bill","app.kubernetes.io/instance":"billpoint"} does not match its pod labels',
      'Service/billpoint-customers: selector {"app.kubernetes.io/name":"customer"} matches no pod template',
    ]);
  });

  it('finds a hook pod that needs a release object, a hook that blocks its next run, and an HPA fighting replicas', () => {
    const objects = good();
    const job = ofKind(objects, 'Job')[0]!;
    job.spec!.template.spec!.containers[0]!.env![2]!.valueFrom!.secretKeyRef!.name = 'billpoint';
    meta(job).annotations!['helm.sh/hook-delete-policy'] = 'hook-succeeded';
    const d = named(objects, 'Deployment', 'billpoint-gateway')!;
    if (d.kind === 'Deployment') d.spec!.replicas = 3;
    const problems = structureProblems(objects);
    expect(problems).toContain('Job/billpoint-migrations: hook pod uses Secret/billpoint, which does not exist yet when the hook runs');
    expect(problems).toContain(
      'Job/billpoint-migrations: a hook needs hook-delete-policy before-hook-creation, or the next run fails on the leftover',
    );
    expect(problems).toContain(
      'HorizontalPodAutoscaler/billpoint-gateway: Deployment/billpoint-gateway also sets replicas (each upgrade would reset the autoscaler)',
    );
  });

  it('finds a Secret key a pod needs but the Secret lacks', () => {
    const objects = good();
    const secret = named(objects, 'Secret', 'billpoint')!;
    if (secret.kind === 'Secret') delete secret.stringData!.NATS_URL;
    expect(structureProblems(objects, { keysPresent: true })).toContain(
      'Deployment/billpoint-customers: Secret/billpoint has no key NATS_URL',
    );
  });

  it('finds wrong types and unknown fields (a misspelt readOnlyRootFilesystem would otherwise be dropped silently)', async () => {
    const objects = good().filter((o) => meta(o).name === 'billpoint-customers' && o.kind === 'Deployment');
    const c = container(objects[0]!) as unknown as Record<string, Record<string, unknown>>;
    c.securityContext!.readOnlyRootFileSystem = true;
    (c.ports as unknown as Record<string, unknown>[])[0]!.containerPort = '8081';
    const problems = await schemaProblems(objects);
    expect(problems).toContain(
      'Deployment/billpoint-customers: unknown field spec.template.spec.containers[0].securityContext.readOnlyRootFileSystem',
    );
    expect(problems.some((p) => p.includes('containerPort must be integer'))).toBe(true);
  });
});
