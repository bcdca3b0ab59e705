/**
 * Renders charts/billpoint with the real helm and checks the result: every object against the Kubernetes
 * schemas (kubernetes-models' validate()), fields those schemas let through (unknown keys, which the API
 * server would drop silently), and what no schema can see: Services that select no pod, selectors that do
 * not match their pods, objects rendered twice, hooks and what hook pods may reference.
 *
 *   npx node charts/tools/manifests.ts [-f values.yaml]... [--set k=v]...   # prints problems, exits 1 if any
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IHorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import type { IJob } from 'kubernetes-models/batch/v1/Job';
import type { IIngress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import type { INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import type { IPodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import type { IConfigMap } from 'kubernetes-models/v1/ConfigMap';
import type { IPodSpec } from 'kubernetes-models/v1/PodSpec';
import type { ISecret } from 'kubernetes-models/v1/Secret';
import type { IService } from 'kubernetes-models/v1/Service';
import type { IServiceAccount } from 'kubernetes-models/v1/ServiceAccount';
import { helm } from './helm.ts';

export const CHART = 'charts/billpoint';
const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** The kinds the chart renders, typed by kubernetes-models (narrow them with `kind`). */
export type K8sObject =
  | IDeployment
  | IJob
  | IService
  | IConfigMap
  | ISecret
  | IServiceAccount
  | IHorizontalPodAutoscaler
  | IPodDisruptionBudget
  | INetworkPolicy
  | IIngress;

type ObjectMeta = NonNullable<IDeployment['metadata']>;

/** metadata, which every rendered object has (checked by structureProblems). */
export const meta = (o: K8sObject): ObjectMeta => o.metadata ?? {};
const nameOf = (o: K8sObject) => meta(o).name ?? '';

export interface RenderOptions {
  values?: string[];
  set?: string[];
  release?: string;
  namespace?: string;
}

function helmArgs(o: RenderOptions): string[] {
  return [...(o.values ?? []).flatMap((f) => ['-f', f]), ...(o.set ?? []).flatMap((s) => ['--set', s])];
}

/** `helm template`; throws with helm's message when it fails. */
export function render(o: RenderOptions = {}): K8sObject[] {
  const r = helm([
    'template',
    o.release ?? 'billpoint',
    CHART,
    '--namespace',
    o.namespace ?? 'billpoint',
    '--kube-version',
    '1.31.0',
    ...helmArgs(o),
  ]);
  if (r.status !== 0) throw new Error(`helm template failed:\n${r.stderr}`);
  return parseManifests(r.stdout);
}

/** `helm lint --strict`; returns helm's output, throws when it fails. */
export function lint(o: RenderOptions = {}): string {
  const r = helm(['lint', '--strict', CHART, ...helmArgs(o)]);
  if (r.status !== 0) throw new Error(`helm lint failed:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

/** Parses a multi-document YAML stream; duplicate keys and syntax errors throw. */
export function parseManifests(text: string): K8sObject[] {
  const out: K8sObject[] = [];
  for (const doc of parseAllDocuments(text, { uniqueKeys: true })) {
    if (doc.errors.length) throw new Error(`invalid YAML: ${doc.errors.map((e) => e.message).join('; ')}`);
    const value = doc.toJS() as K8sObject | null;
    if (value) out.push(value);
  }
  return out;
}

// --- schemas ---------------------------------------------------------------------------------------------

/** Module of the kubernetes-models class for an apiVersion/kind (core v1 has no group). */
const modelModule = (o: K8sObject) => `kubernetes-models/${o.apiVersion}/${o.kind}`;

/** Validates each object with its kubernetes-models class; returns one line per problem. */
export async function schemaProblems(objects: K8sObject[]): Promise<string[]> {
  const problems: string[] = [];
  for (const o of objects) {
    const id = `${o.kind}/${nameOf(o)}`;
    let Model: new (data: unknown) => { validate(): void };
    try {
      const mod = (await import(modelModule(o))) as Record<string, typeof Model>;
      Model = mod[o.kind]!;
      if (!Model) throw new Error('no class');
    } catch {
      problems.push(`${id}: no kubernetes-models schema for ${o.apiVersion} ${o.kind}`);
      continue;
    }
    try {
      new Model(o).validate();
    } catch (err) {
      problems.push(`${id}: ${(err as Error).message}`);
    }
    problems.push(...unknownFields(o).map((p) => `${id}: ${p}`));
  }
  return problems;
}

// kubernetes-models' validators accept unknown properties (a typo such as `readOnlyRootFileSystem` passes,
// and the API server drops it). Its .d.ts files list every property, so walk the object along them.
const modelsRoot = join(repoRoot, 'node_modules');
type Interface = { props: Map<string, string>; imports: Map<string, string> } | undefined;
const interfaces = new Map<string, Interface>();

function loadInterface(file: string): Interface {
  if (interfaces.has(file)) return interfaces.get(file);
  let result: Interface;
  if (existsSync(file)) {
    const src = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
    const imports = new Map<string, string>();
    for (const m of src.matchAll(/import \{ (\w+) \} from "([^"]+)";/g)) {
      const spec = m[2]!;
      imports.set(m[1]!, spec.startsWith('.') ? resolve(dirname(file), spec.replace(/\.js$/, '.d.ts')) : join(modelsRoot, `${spec}.d.ts`));
    }
    const head = /export interface \w+(?: extends [^{]+)? \{/.exec(src);
    if (head) {
      let depth = 1;
      let i = head.index + head[0].length;
      const start = i;
      for (; i < src.length && depth > 0; i++) depth += src[i] === '{' ? 1 : src[i] === '}' ? -1 : 0;
      const body = src.slice(start, i - 1);
      const props = new Map<string, string>();
      let d = 0;
      let seg = '';
      for (const ch of body) {
        if (ch === '{' || ch === '<') d++;
        if (ch === '}' || ch === '>') d--;
        if (ch === ';' && d === 0) {
          const m = /^\s*"([^"]+)"\??:\s*([\s\S]+)$/.exec(seg);
          if (m) props.set(m[1]!, m[2]!.trim());
          seg = '';
        } else seg += ch;
      }
      result = { props, imports };
    }
  }
  interfaces.set(file, result);
  return result;
}

function walk(value: unknown, type: string, iface: NonNullable<Interface>, path: string, out: string[]) {
  if (value === null || value === undefined) return;
  const t = type.trim();
  const arr = /^Array<([\s\S]+)>$/.exec(t);
  if (arr) {
    if (Array.isArray(value)) value.forEach((v, i) => walk(v, arr[1]!, iface, `${path}[${i}]`, out));
    return;
  }
  const map = /^\{\s*\[key: string\]:\s*([\s\S]+?);?\s*\}$/.exec(t);
  if (map) {
    if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, map[1]!, iface, `${path}.${k}`, out);
    return;
  }
  const file = iface.imports.get(t);
  if (file) checkObject(value, file, path, out);
}

function checkObject(value: unknown, file: string, path: string, out: string[]) {
  const iface = loadInterface(file);
  if (!iface || !value || typeof value !== 'object' || Array.isArray(value)) return; // a type alias (IntOrString, Quantity, Time)
  for (const [k, v] of Object.entries(value)) {
    const type = iface.props.get(k);
    if (type === undefined) out.push(`unknown field ${path ? `${path}.` : ''}${k}`);
    else walk(v, type, iface, path ? `${path}.${k}` : k, out);
  }
}

/** Properties the Kubernetes API does not know, e.g. `spec.template.spec.containers[0].securityContext.readOnlyRootFileSystem`. */
export function unknownFields(o: K8sObject): string[] {
  const out: string[] = [];
  const file = join(modelsRoot, 'kubernetes-models', o.apiVersion, `${o.kind}.d.ts`);
  if (!existsSync(file)) return [`no type definition for ${o.apiVersion} ${o.kind}`];
  checkObject(o, file, '', out);
  return out;
}

// --- what schemas cannot check ------------------------------------------------------------------------------

const HOOKS = new Set([
  'pre-install',
  'post-install',
  'pre-delete',
  'post-delete',
  'pre-upgrade',
  'post-upgrade',
  'pre-rollback',
  'post-rollback',
  'test',
]);
const DELETE_POLICIES = new Set(['before-hook-creation', 'hook-succeeded', 'hook-failed']);
const DNS1123_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const DNS1035_LABEL = /^[a-z]([-a-z0-9]*[a-z0-9])?$/;
const LABEL_VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;
const LABEL_NAME = /^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\/)?[A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?$/;

const annotations = (o: K8sObject) => meta(o).annotations ?? {};
export const isHook = (o: K8sObject) => Boolean(annotations(o)['helm.sh/hook']);
const hookWeight = (o: K8sObject) => Number(annotations(o)['helm.sh/hook-weight'] ?? 0);
const hookEvents = (o: K8sObject) => new Set((annotations(o)['helm.sh/hook'] ?? '').split(',').map((s) => s.trim()));

/** The pod template of a Deployment or Job: its labels and spec. */
export function podTemplateOf(o: K8sObject): { labels: Record<string, string>; spec: IPodSpec } | undefined {
  if (o.kind !== 'Deployment' && o.kind !== 'Job') return undefined;
  const t = o.spec?.template;
  return { labels: t?.metadata?.labels ?? {}, spec: t?.spec ?? { containers: [] } };
}

const matches = (selector: Record<string, string> | undefined, labels: Record<string, string>) =>
  !!selector && Object.keys(selector).length > 0 && Object.entries(selector).every(([k, v]) => labels[k] === v);

interface Reference {
  kind: 'Secret' | 'ConfigMap' | 'ServiceAccount';
  name: string;
  key?: string;
  optional: boolean;
}

/** Secrets, ConfigMaps and the ServiceAccount a pod spec refers to. */
export function references(spec: IPodSpec): Reference[] {
  const refs: Reference[] = [];
  if (spec.serviceAccountName) refs.push({ kind: 'ServiceAccount', name: spec.serviceAccountName, optional: false });
  for (const c of [...(spec.initContainers ?? []), ...spec.containers]) {
    for (const e of c.envFrom ?? []) {
      if (e.secretRef) refs.push({ kind: 'Secret', name: e.secretRef.name ?? '', optional: Boolean(e.secretRef.optional) });
      if (e.configMapRef) refs.push({ kind: 'ConfigMap', name: e.configMapRef.name ?? '', optional: Boolean(e.configMapRef.optional) });
    }
    for (const e of c.env ?? []) {
      const s = e.valueFrom?.secretKeyRef;
      const m = e.valueFrom?.configMapKeyRef;
      if (s) refs.push({ kind: 'Secret', name: s.name ?? '', key: s.key, optional: Boolean(s.optional) });
      if (m) refs.push({ kind: 'ConfigMap', name: m.name ?? '', key: m.key, optional: Boolean(m.optional) });
    }
  }
  for (const v of spec.volumes ?? []) {
    if (v.secret) refs.push({ kind: 'Secret', name: v.secret.secretName ?? '', optional: Boolean(v.secret.optional) });
    if (v.configMap) refs.push({ kind: 'ConfigMap', name: v.configMap.name ?? '', optional: Boolean(v.configMap.optional) });
  }
  return refs;
}

export interface StructureOptions {
  /** Also require every non-optional secretKeyRef/configMapKeyRef into a rendered Secret/ConfigMap to find its key (for values that fill the Secret). */
  keysPresent?: boolean;
}

/** Problems no schema sees; one line each. */
export function structureProblems(objects: K8sObject[], opts: StructureOptions = {}): string[] {
  const problems: string[] = [];
  const ns = (o: K8sObject) => meta(o).namespace ?? '';
  const seen = new Set<string>();
  const templates = objects
    .filter((o) => !isHook(o))
    .flatMap((o) => {
      const t = podTemplateOf(o);
      return t ? [{ ns: ns(o), ...t }] : [];
    });

  for (const o of objects) {
    const id = `${o.kind}/${nameOf(o)}`;
    if (!o.apiVersion || !o.kind || !nameOf(o)) {
      problems.push(`${id}: apiVersion, kind and metadata.name are required`);
      continue;
    }
    const key = `${o.kind}/${ns(o)}/${nameOf(o)}`;
    if (seen.has(key)) problems.push(`${id}: rendered twice`);
    seen.add(key);
    if (nameOf(o).length > 253 || !DNS1123_SUBDOMAIN.test(nameOf(o))) problems.push(`${id}: name is not a DNS-1123 subdomain`);
    if (o.kind === 'Service' && (nameOf(o).length > 63 || !DNS1035_LABEL.test(nameOf(o))))
      problems.push(`${id}: a Service name must be a DNS-1035 label of at most 63 characters`);

    const pod = podTemplateOf(o);
    for (const [where, labels] of [
      ['metadata.labels', meta(o).labels],
      ['pod labels', pod?.labels],
    ] as const) {
      for (const [k, v] of Object.entries(labels ?? {})) {
        if (!LABEL_NAME.test(k)) problems.push(`${id}: ${where}: invalid label key ${k}`);
        if (typeof v !== 'string' || v.length > 63 || !LABEL_VALUE.test(v))
          problems.push(`${id}: ${where}: invalid value for ${k}: ${String(v)}`);
      }
    }
    if (o.kind === 'Deployment' && !matches(o.spec?.selector.matchLabels, pod!.labels))
      problems.push(`${id}: selector ${JSON.stringify(o.spec?.selector.matchLabels)} does not match its pod labels`);
    for (const c of pod?.spec.containers ?? []) if (!c.name || !c.image) problems.push(`${id}: every container needs a name and an image`);

    // Hooks: valid annotations, and a delete policy that lets the next run replace a leftover.
    if (isHook(o)) {
      const a = annotations(o);
      for (const e of hookEvents(o)) if (!HOOKS.has(e)) problems.push(`${id}: unknown hook ${e}`);
      if (a['helm.sh/hook-weight'] !== undefined && !/^-?\d+$/.test(a['helm.sh/hook-weight']))
        problems.push(`${id}: hook-weight must be an integer string`);
      const policies = (a['helm.sh/hook-delete-policy'] ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      for (const p of policies) if (!DELETE_POLICIES.has(p)) problems.push(`${id}: unknown hook-delete-policy ${p}`);
      if (!policies.includes('before-hook-creation'))
        problems.push(`${id}: a hook needs hook-delete-policy before-hook-creation, or the next run fails on the leftover`);
    }
    if (o.kind === 'Job') {
      if (!isHook(o)) problems.push(`${id}: a Job outside a hook cannot be upgraded (its pod template is immutable)`);
      if (pod!.spec.restartPolicy !== 'Never' && pod!.spec.restartPolicy !== 'OnFailure')
        problems.push(`${id}: restartPolicy must be Never or OnFailure`);
    }

    // Services select some non-hook pod template in their namespace, on ports its containers name.
    if (o.kind === 'Service' && o.spec?.selector) {
      const selected = templates.filter((t) => t.ns === ns(o) && matches(o.spec!.selector, t.labels));
      if (!selected.length) problems.push(`${id}: selector ${JSON.stringify(o.spec.selector)} matches no pod template`);
      const portNames = new Set(selected.flatMap((t) => t.spec.containers.flatMap((c) => (c.ports ?? []).map((p) => p.name))));
      for (const p of o.spec.ports ?? [])
        if (typeof p.targetPort === 'string' && selected.length && !portNames.has(p.targetPort))
          problems.push(`${id}: targetPort ${p.targetPort} names no container port`);
    }
    if (o.kind === 'PodDisruptionBudget' && !templates.some((t) => t.ns === ns(o) && matches(o.spec?.selector?.matchLabels, t.labels)))
      problems.push(`${id}: selects no pods`);
    if (o.kind === 'HorizontalPodAutoscaler') {
      const ref = o.spec?.scaleTargetRef;
      const target = objects.find((x) => x.kind === ref?.kind && nameOf(x) === ref?.name && ns(x) === ns(o));
      if (!target) problems.push(`${id}: scales ${ref?.kind}/${ref?.name}, which is not rendered`);
      else if (target.kind === 'Deployment' && target.spec?.replicas !== undefined)
        problems.push(`${id}: ${ref?.kind}/${ref?.name} also sets replicas (each upgrade would reset the autoscaler)`);
    }
    if (o.kind === 'Ingress') {
      for (const rule of o.spec?.rules ?? [])
        for (const path of rule.http?.paths ?? []) {
          const backend = path.backend.service;
          const svc = objects.find((x): x is IService => x.kind === 'Service' && nameOf(x) === backend?.name && ns(x) === ns(o));
          if (!svc) problems.push(`${id}: backend ${backend?.name} is not a rendered Service`);
          else if (
            !(svc.spec?.ports ?? []).some((p) => (backend?.port?.name ? p.name === backend.port.name : p.port === backend?.port?.number))
          )
            problems.push(`${id}: Service ${backend?.name} has no port ${JSON.stringify(backend?.port)}`);
        }
    }

    // What a pod refers to. A hook pod runs before the release's ordinary objects exist: it may use only
    // hooks of a lower weight (for the same events) or objects the chart does not make (made beforehand).
    if (pod) {
      for (const ref of references(pod.spec)) {
        const target = objects.find((x) => x.kind === ref.kind && nameOf(x) === ref.name && ns(x) === ns(o));
        if (!target) continue; // not made by the chart: it must exist beforehand (secret.existingSecret, a ServiceAccount you manage)
        if (isHook(o)) {
          const sameEvents = [...hookEvents(o)].every((e) => hookEvents(target).has(e));
          if (!isHook(target) || !sameEvents || hookWeight(target) >= hookWeight(o))
            problems.push(`${id}: hook pod uses ${ref.kind}/${ref.name}, which does not exist yet when the hook runs`);
        } else if (isHook(target) && (annotations(target)['helm.sh/hook-delete-policy'] ?? '').includes('hook-succeeded')) {
          problems.push(`${id}: uses ${ref.kind}/${ref.name}, a hook deleted once the hooks succeed`);
        }
        if (opts.keysPresent && ref.key && !ref.optional && (target.kind === 'Secret' || target.kind === 'ConfigMap')) {
          const keys = new Set([...Object.keys(target.data ?? {}), ...Object.keys((target.kind === 'Secret' && target.stringData) || {})]);
          if (!keys.has(ref.key)) problems.push(`${id}: ${ref.kind}/${ref.name} has no key ${ref.key}`);
        }
      }
    }
  }
  return problems;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const values: string[] = [];
  const set: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '-f') values.push(args[++i]!);
    else if (args[i] === '--set') set.push(args[++i]!);
  }
  const objects = render({ values, set });
  const problems = [...(await schemaProblems(objects)), ...structureProblems(objects)];
  for (const p of problems) console.log(p);
  console.log(`${objects.length} objects, ${problems.length} problems`);
  process.exit(problems.length ? 1 : 0);
}
