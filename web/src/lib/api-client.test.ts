import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '@/testing/render';
import { api, ApiError, apiFetch, apiGet, isUnauthorizedError } from './api-client';

describe('api client', () => {
  it('turns a non-OK answer into an error "status: body text"', async () => {
    const body = { statusCode: 404, error: 'Not Found', message: 'Customer not found' };
    stubFetch([{ path: '/api/customers/9', status: 404, body }]);
    const error = await apiGet('/api/customers/9').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(`404: ${JSON.stringify(body)}`);
    expect((error as ApiError).body?.message).toBe('Customer not found');
  });

  it('uses the status text when the body is empty', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 502, statusText: 'Bad Gateway' })),
    );
    await expect(apiGet('/api/customers')).rejects.toThrow(/^502: Bad Gateway$/);
  });

  it('answers null on 401 when the reader is set to, and raises by default', async () => {
    const unauthorized = { statusCode: 401, error: 'Unauthorized', message: 'Sign in first' };
    stubFetch([{ path: '/api/auth/user', status: 401, body: unauthorized }]);
    await expect(apiGet('/api/auth/user', { on401: 'returnNull' })).resolves.toBeNull();
    const error = await apiGet('/api/auth/user').catch((e: unknown) => e);
    expect((error as Error).message).toBe(`401: ${JSON.stringify(unauthorized)}`);
    expect(isUnauthorizedError(error)).toBe(true);
  });

  it('does not turn other errors into null', async () => {
    stubFetch([{ path: '/api/auth/user', status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'boom' } }]);
    await expect(apiGet('/api/auth/user', { on401: 'returnNull' })).rejects.toThrow(/^500: /);
  });

  it('always sends credentials and X-Requested-With, and JSON only when there is a body', async () => {
    const calls = stubFetch([
      { path: '/api/customers', body: [] },
      { method: 'POST', path: '/api/customers', status: 201, body: { id: 1 } },
      { method: 'DELETE', path: '/api/customers/1', status: 204 },
    ]);
    await apiGet('/api/customers');
    await api.post('/api/customers', { name: 'Ada' });
    await api.delete('/api/customers/1');

    for (const call of calls) {
      expect(call.init?.credentials).toBe('include');
      expect((call.init?.headers as Record<string, string>)['X-Requested-With']).toBe('XMLHttpRequest');
    }
    const [get, post, del] = calls;
    expect(get!.init?.body).toBeUndefined();
    expect((get!.init?.headers as Record<string, string>)['Content-Type']).toBeUndefined();
    expect(post!.init?.body).toBe('{"name":"Ada"}');
    expect((post!.init?.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(del!.init?.body).toBeUndefined();
  });

  it('reads an empty OK body as undefined', async () => {
    stubFetch([{ method: 'DELETE', path: '/api/customers/1', status: 204 }]);
    await expect(api.delete('/api/customers/1')).resolves.toBeUndefined();
    stubFetch([{ method: 'POST', path: '/api/logout', status: 204 }]);
    const response = await apiFetch('/api/logout', { method: 'POST' });
    expect(response.status).toBe(204);
  });

  it('recognises only the Unauthorized errors (401)', () => {
    expect(isUnauthorizedError(new Error('401: {"error":"Unauthorized"}'))).toBe(true);
    expect(isUnauthorizedError(new Error('401: Unauthorized'))).toBe(true);
    expect(isUnauthorizedError(new Error('403: Forbidden'))).toBe(false);
    expect(isUnauthorizedError(new Error('Failed to fetch customer'))).toBe(false);
    expect(isUnauthorizedError('401: Unauthorized')).toBe(false);
  });
});
