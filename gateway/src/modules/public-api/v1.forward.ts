import type { Pool } from 'undici';
import { context, propagation } from '@opentelemetry/api';
import type { Logger } from '@billpoint/kit';
import { HAS_MORE_HEADER, INTERNAL_TOKEN_HEADER, type ErrorBody } from '@billpoint/proto';
import { upstreamStatus } from '../proxy/upstream-errors.ts';
import type { StoredAnswer } from './idempotency.ts';
import { withCode } from './v1.input.ts';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * One call to the owning service: the checked query as the service reads it (a list in cursor mode), the body's
 * bytes as sent, an internal token, the request id and the trace. Nothing of the client's headers is forwarded.
 * The answer as the API gives it: a list in the `{object: 'list', data, has_more}` envelope, an error with its code,
 * a PDF as bytes with its file name.
 */
export async function forward(
  pool: Pool,
  r: {
    method: string;
    /** The service path, with any fixed query of the route (`?draftOnly=true`). */
    target: string;
    query: Record<string, unknown>;
    list: boolean;
    body: Buffer | undefined;
    token: string;
    requestId: string;
  },
): Promise<StoredAnswer> {
  const [path, fixed] = r.target.split('?') as [string, string | undefined];
  const search = new URLSearchParams(fixed);
  for (const [k, v] of Object.entries(r.query)) {
    if (v === undefined || v === null) continue;
    // The metadata filter, checked as an object, goes on as the bracketed names the service's lists read.
    if (k === 'metadata' && typeof v === 'object') for (const [mk, mv] of Object.entries(v)) search.set(`metadata[${mk}]`, String(mv));
    else search.set(k, String(v));
  }
  if (r.list) search.set('pagination', 'cursor');
  const qs = search.toString();
  const headers: Record<string, string> = {
    accept: 'application/json',
    [INTERNAL_TOKEN_HEADER]: r.token,
    'x-request-id': r.requestId,
  };
  if (r.body?.length) headers['content-type'] = 'application/json';
  propagation.inject(context.active(), headers);
  const res = await pool.request({
    method: r.method as 'GET',
    path: qs ? `${path}?${qs}` : path,
    headers,
    body: r.body?.length ? r.body : undefined,
  });
  const contentType = (res.headers['content-type'] as string | undefined) ?? null;
  // A download (an invoice's PDF, an e-invoice's XML or PDF): its bytes and file name as the service made them.
  const download = /^application\/(pdf|xml)\b/.exec(contentType ?? '')?.[0];
  if (download && res.statusCode === 200) {
    const bytes = Buffer.from(await res.body.arrayBuffer());
    const disposition = res.headers['content-disposition'];
    return {
      statusCode: 200,
      contentType: download,
      body: bytes,
      headers: { 'cache-control': 'private, no-store', ...(typeof disposition === 'string' ? { 'content-disposition': disposition } : {}) },
    };
  }
  const text = await res.body.text();
  if (res.statusCode === 204) return { statusCode: 204, contentType: null, body: '' };
  if (res.statusCode >= 400) {
    try {
      const body = JSON.parse(text) as ErrorBody;
      if (body && typeof body === 'object' && typeof body.statusCode === 'number')
        return { statusCode: res.statusCode, contentType: JSON_TYPE, body: JSON.stringify(withCode(body)) };
    } catch {
      // not JSON: answered as the status alone below
    }
    return { statusCode: res.statusCode, contentType: JSON_TYPE, body: JSON.stringify(withCode(errorBody(res.statusCode, text))) };
  }
  if (!r.list) return { statusCode: res.statusCode, contentType, body: text };
  const data = JSON.parse(text) as unknown[];
  const hasMore = res.headers[HAS_MORE_HEADER] === 'true';
  return { statusCode: 200, contentType: JSON_TYPE, body: `{"object":"list","data":${JSON.stringify(data)},"has_more":${hasMore}}` };
}

const errorBody = (status: number, message: string): ErrorBody => ({
  statusCode: status,
  error: status >= 500 ? 'Internal Server Error' : 'Error',
  message: message.slice(0, 200) || 'Error',
});

/** The answer when the service could not be reached or took too long (503/504, or 500), with its code. */
export function upstreamFailure(err: unknown, logger: Logger, url: string): StoredAnswer {
  const status = upstreamStatus(err);
  logger[status === 500 ? 'error' : 'warn']({ err, url }, 'public API upstream failed');
  const body: ErrorBody = {
    statusCode: status,
    error: status === 504 ? 'Gateway Timeout' : status === 503 ? 'Service Unavailable' : 'Internal Server Error',
    message:
      status === 504
        ? 'The service took too long to answer. Please try again.'
        : 'The service is temporarily unavailable. Please try again in a moment.',
  };
  return { statusCode: status, contentType: JSON_TYPE, body: JSON.stringify(withCode(body)) };
}
