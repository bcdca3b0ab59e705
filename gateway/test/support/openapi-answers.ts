/**
 * Checks an answer of the public API against the OpenAPI document the gateway serves: the operation (method + path
 * template), the response of that status (an undocumented status is a problem), its media type, its body (ajv, JSON
 * Schema 2020-12, with formats) and the headers it documents as required (present, and valid against their schema).
 *
 *   expectDocumentedAnswer({ method: 'GET', path: '/api/v1/invoices/12', status: res.status, headers: res.headers, body: res.text });
 *
 * A 405 is checked against the path's other operations' 405 (the method has no operation of its own there), a 404 of a
 * path the document does not know against the shared NotFound answer.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { openApiDocument } from '../../src/modules/public-api/openapi.ts';

type Json = Record<string, unknown>;
type HeaderBag = Headers | Record<string, string | string[] | number | undefined>;

export interface ApiAnswer {
  method: string;
  /** The request's path as sent (`/api/v1/invoices/12?limit=2`). */
  path: string;
  status: number;
  headers: HeaderBag;
  /** The body: its text as received (JSON is parsed here) or the parsed JSON; '' / undefined for none. */
  body: unknown;
}

const DOC_ID = 'urn:billpoint:openapi';
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const escapePointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

let cached: { doc: Json; ajv: Ajv2020; compiled: Map<string, ValidateFunction> } | undefined;
const state = () => {
  if (cached) return cached;
  const doc = openApiDocument();
  const ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false, strictTuples: false });
  addFormats(ajv);
  ajv.addFormat('binary', true);
  // The OpenAPI keywords around the schemas: not schemas themselves, only places $refs point into.
  for (const k of ['openapi', 'info', 'servers', 'security', 'tags', 'paths', 'webhooks', 'components']) ajv.addKeyword(k);
  ajv.addSchema({ ...doc, $id: DOC_ID });
  cached = { doc, ajv, compiled: new Map() };
  return cached;
};

const deref = <T = Json>(doc: Json, node: unknown): T => {
  let n = node as Json;
  while (n && typeof n.$ref === 'string' && n.$ref.startsWith('#/')) {
    n = n.$ref
      .slice(2)
      .split('/')
      .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<Json>((o, k) => o[k] as Json, doc);
  }
  return n as T;
};

const headerOf = (h: HeaderBag, name: string): string | undefined => {
  if (typeof (h as Headers).get === 'function') return (h as Headers).get(name) ?? undefined;
  const entry = Object.entries(h).find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1];
  return entry === undefined ? undefined : Array.isArray(entry) ? entry.join(', ') : String(entry);
};

/** The document's operation for this method and path: the path template, the operation (undefined: no such method). */
export function findOperation(method: string, path: string) {
  const { doc } = state();
  const bare = path.split('?')[0]!;
  const paths = doc.paths as Record<string, Record<string, Json>>;
  const template = Object.keys(paths).find((t) =>
    new RegExp(`^${t.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`).test(bare),
  );
  return { template, operation: template ? paths[template]![method.toLowerCase()] : undefined };
}

/** Every way the answer differs from the document (empty: it is documented and valid). */
export function answerProblems(a: ApiAnswer): string[] {
  const { doc, ajv, compiled } = state();
  const what = `${a.method} ${a.path} → ${a.status}`;
  const { template, operation } = findOperation(a.method, a.path);
  let response: Json | undefined;
  let pointer: string;
  if (operation) {
    response = (operation.responses as Json)[String(a.status)] as Json | undefined;
    if (!response) return [`${what}: status ${a.status} is not documented for ${a.method.toUpperCase()} ${template}`];
    pointer = `#/paths/${escapePointer(template!)}/${a.method.toLowerCase()}/responses/${a.status}`;
  } else if (template && a.status === 405) {
    const [method, other] = Object.entries((doc.paths as Record<string, Record<string, Json>>)[template]!).find(
      ([, op]) => (op.responses as Json)['405'],
    )!;
    response = (other.responses as Json)['405'] as Json;
    pointer = `#/paths/${escapePointer(template)}/${method}/responses/405`;
  } else if (!template && a.status === 404) {
    response = { $ref: '#/components/responses/NotFound' };
    pointer = '#/components/responses/NotFound';
  } else {
    return [`${what}: ${template ? `${a.method.toUpperCase()} ${template}` : 'the path'} is not in the document`];
  }
  if (typeof response.$ref === 'string') pointer = response.$ref;
  const documented = deref(doc, response);

  const problems: string[] = [];
  for (const [name, h] of Object.entries((documented.headers ?? {}) as Record<string, Json>)) {
    const header = deref<{ required?: boolean; schema?: Json }>(doc, h);
    const value = headerOf(a.headers, name);
    if (value === undefined) {
      if (header.required) problems.push(`${what}: the header ${name} is missing`);
      continue;
    }
    const schema = header.schema ?? {};
    const typed = schema.type === 'integer' && /^-?\d+$/.test(value) ? Number(value) : value;
    const key = `header ${name} ${JSON.stringify(schema)}`;
    if (!compiled.has(key)) compiled.set(key, ajv.compile(schema));
    const validate = compiled.get(key)!;
    if (!validate(typed))
      problems.push(`${what}: the header ${name}: ${JSON.stringify(value)} ${(validate.errors ?? []).map((e) => e.message).join(', ')}`);
  }

  const content = documented.content as Record<string, Json> | undefined;
  const empty = a.body === undefined || a.body === null || a.body === '' || (a.body instanceof Uint8Array && a.body.length === 0);
  if (!content) {
    if (!empty) problems.push(`${what}: documented without a body, but has one`);
    return problems;
  }
  const contentType = headerOf(a.headers, 'content-type')?.split(';')[0]!.trim().toLowerCase();
  const media = Object.keys(content);
  if (!contentType || !media.includes(contentType)) {
    problems.push(`${what}: content-type ${contentType ?? '(none)'} is not the documented ${media.join(' or ')}`);
    return problems;
  }
  if (contentType !== 'application/json') {
    if (empty) problems.push(`${what}: the ${contentType} body is empty`);
    return problems;
  }
  let body = a.body;
  if (typeof body === 'string' || body instanceof Uint8Array) {
    try {
      body = JSON.parse(typeof body === 'string' ? body : new TextDecoder().decode(body));
    } catch {
      problems.push(`${what}: the body is not JSON`);
      return problems;
    }
  }
  const ref = `${DOC_ID}${pointer}/content/application~1json/schema`;
  if (!compiled.has(ref)) compiled.set(ref, ajv.compile({ $ref: ref }));
  const validate = compiled.get(ref)!;
  if (!validate(body))
    problems.push(
      `${what}: the body does not match the document: ${(validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}${e.params && 'allowedValues' in e.params ? ` ${JSON.stringify(e.params.allowedValues)}` : ''}`).join('; ')}`,
    );
  return problems;
}

/** Throws, listing every problem, unless the answer is one the document describes. */
export function expectDocumentedAnswer(a: ApiAnswer): void {
  const problems = answerProblems(a);
  if (problems.length) throw new Error(`The answer is not the documented one:\n${problems.join('\n')}`);
}
