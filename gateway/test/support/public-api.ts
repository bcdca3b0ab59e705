import { expect } from 'vitest';
import { HttpClient } from '@billpoint/kit/testing';
import { ApiKeyCreated } from '@billpoint/proto';
import type { Stack } from './stack.ts';
import { expectDocumentedAnswer } from './openapi-answers.ts';

/** One answer of /api/v1 as the tests read it. */
export interface ApiAnswer {
  method: string;
  path: string;
  status: number;
  headers: Headers;
  /** Parsed JSON, or null (a 204, a PDF). */
  json: any;
  bytes: Buffer;
}

/**
 * Every answer the API test suites receive passes through these checks: first of all, it must be the answer the
 * served OpenAPI document describes for its operation and status (ajv on the body, the documented headers). HEAD
 * is GET without its body, so only GET's answer is documented.
 */
export const answerChecks: ((a: ApiAnswer) => void)[] = [
  (a) => {
    if (a.method === 'HEAD') return;
    expectDocumentedAnswer({ method: a.method, path: a.path, status: a.status, headers: a.headers, body: a.bytes });
  },
];

/** A signed-in admin of a new organization and a way to make API keys for it. */
export async function organization(stack: Stack) {
  const admin = stack.client();
  const { organization } = await admin.register({ organizationName: `Org ${Math.random().toString(36).slice(2, 8)}` });
  const makeKey = async (body: Record<string, unknown>) => {
    const r = await admin.post('/api/integrations/api-keys', { name: 'Test key', ...body });
    expect(r.status, r.text).toBe(201);
    return ApiKeyCreated.parse(r.json);
  };
  return { admin, tenantId: organization.id as string, makeKey };
}

/** A client with nothing but a bearer key (no cookies, no CSRF header). */
export function apiClient(stack: Stack, key: string | null) {
  const call = async (
    method: string,
    path: string,
    o: { body?: unknown; raw?: string | Buffer; headers?: Record<string, string> } = {},
  ) => {
    const headers: Record<string, string> = { ...(key ? { authorization: `Bearer ${key}` } : {}) };
    let body: string | Buffer | undefined;
    if (o.raw !== undefined) body = o.raw;
    else if (o.body !== undefined) {
      body = JSON.stringify(o.body);
      headers['content-type'] = 'application/json';
    }
    Object.assign(headers, o.headers);
    const r = await fetch(new URL(path, stack.url), { method, headers, body });
    const bytes = Buffer.from(await r.arrayBuffer());
    const type = r.headers.get('content-type') ?? '';
    const a: ApiAnswer = {
      method,
      path,
      status: r.status,
      headers: r.headers,
      json: type.startsWith('application/json') && bytes.length ? JSON.parse(bytes.toString('utf8')) : null,
      bytes,
    };
    for (const check of answerChecks) check(a);
    return a;
  };
  return {
    call,
    get: (path: string, headers?: Record<string, string>) => call('GET', path, { headers }),
    head: (path: string) => call('HEAD', path),
    post: (path: string, body?: unknown, headers?: Record<string, string>) => call('POST', path, { body, headers }),
    patch: (path: string, body: unknown, headers?: Record<string, string>) => call('PATCH', path, { body, headers }),
    delete: (path: string) => call('DELETE', path),
  };
}

/** Walks a cursor list to its end, page by page (`limit` each, from after `start` if given), and answers every item. */
export async function walk<T extends { id: number }>(
  api: ReturnType<typeof apiClient>,
  path: string,
  limit: number,
  start: number | null = null,
): Promise<T[]> {
  const seen: T[] = [];
  let after: number | null = start;
  for (let i = 0; i < 1000; i++) {
    const sep = path.includes('?') ? '&' : '?';
    const page = await api.get(`${path}${sep}limit=${limit}${after ? `&starting_after=${after}` : ''}`);
    expect(page.status, JSON.stringify(page.json)).toBe(200);
    seen.push(...(page.json.data as T[]));
    if (!page.json.has_more) return seen;
    after = (page.json.data as T[]).at(-1)!.id;
  }
  throw new Error('the list did not end');
}

export { HttpClient };
