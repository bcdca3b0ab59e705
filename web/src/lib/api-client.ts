import type { ErrorBody } from '@billpoint/proto';

/**
 * A non-OK answer. The message is `status: text` where text is the response body, or the status text
 * when the body is empty, e.g. `404: {"statusCode":404,...}` or `502: Bad Gateway`.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  readonly bodyText: string;
  /** Seconds from a `Retry-After` header (503 from the gateway or a service), when one was sent. */
  readonly retryAfterSeconds: number | undefined;

  constructor(status: number, statusText: string, bodyText: string, retryAfter?: string | null) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.statusText = statusText;
    this.bodyText = bodyText;
    const seconds = retryAfter && /^\d{1,6}$/.test(retryAfter.trim()) ? Number(retryAfter) : undefined;
    this.retryAfterSeconds = seconds;
  }

  /** The JSON error body of the gateway and services, when the body is one. */
  get body(): ErrorBody | undefined {
    try {
      const parsed: unknown = JSON.parse(this.bodyText);
      if (parsed && typeof parsed === 'object' && typeof (parsed as ErrorBody).message === 'string') return parsed as ErrorBody;
    } catch {
      // not JSON
    }
    return undefined;
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type RequestOptions = {
  method?: Method;
  /** Sent as JSON; no body and no Content-Type when absent. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

/**
 * Every call: credentials included, `X-Requested-With` (the gateway's CSRF rule), JSON only with a body.
 * Throws ApiError on a non-OK answer. Side effects of errors (toasts, the sign-in redirect) are not here:
 * they live in the query client's caches (see query-client.ts).
 */
export async function apiFetch(path: string, { method = 'GET', body, headers, signal }: RequestOptions = {}): Promise<Response> {
  const hasBody = body !== undefined;
  const response = await fetch(path, {
    method,
    credentials: 'include',
    headers: {
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      ...(hasBody ? { 'Content-Type': 'application/json' } : {}),
      ...headers,
    },
    body: hasBody ? JSON.stringify(body) : undefined,
    signal,
  });
  if (!response.ok) throw new ApiError(response.status, response.statusText, await response.text(), response.headers.get('retry-after'));
  return response;
}

/** The JSON body of an OK answer, or undefined when there is none (204, empty body). */
export async function readJson<T>(response: Response): Promise<T> {
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export type On401 = 'throw' | 'returnNull';

/** A reader: by default a 401 raises; with `on401: 'returnNull'` it answers null instead. */
export async function apiGet<T>(path: string, options: { on401: 'returnNull'; signal?: AbortSignal }): Promise<T | null>;
export async function apiGet<T>(path: string, options?: { on401?: 'throw'; signal?: AbortSignal }): Promise<T>;
export async function apiGet<T>(
  path: string,
  { on401 = 'throw', signal }: { on401?: On401; signal?: AbortSignal } = {},
): Promise<T | null> {
  try {
    return await readJson<T>(await apiFetch(path, { signal }));
  } catch (error) {
    if (on401 === 'returnNull' && error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const api = {
  get: apiGet,
  post: async <T>(path: string, body?: unknown) => readJson<T>(await apiFetch(path, { method: 'POST', body })),
  put: async <T>(path: string, body?: unknown) => readJson<T>(await apiFetch(path, { method: 'PUT', body })),
  patch: async <T>(path: string, body?: unknown) => readJson<T>(await apiFetch(path, { method: 'PATCH', body })),
  delete: async (path: string) => {
    await apiFetch(path, { method: 'DELETE' });
  },
};

/**
 * The server's own words for a refusal the user should read (403: e.g. a plan limit, 'Your Starter plan allows 5
 * customers. Upgrade your plan to add more.'), else undefined.
 */
export function refusalMessage(error: unknown): string | undefined {
  return error instanceof ApiError && error.status === 403 ? error.body?.message : undefined;
}

/** An error starting with `401:` and containing Unauthorized (or any 401 answer). */
export function isUnauthorizedError(error: unknown): boolean {
  if (error instanceof ApiError && error.status === 401) return true;
  return error instanceof Error && /^401: .*Unauthorized/s.test(error.message);
}
