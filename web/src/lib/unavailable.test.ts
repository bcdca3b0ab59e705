import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { isUnavailableError, MAX_UNAVAILABLE_RETRIES, retryDelay, retryQuery } from './unavailable';

describe('retry policy while the service is unavailable', () => {
  it('retries 503/504 and unreachable, never anything else (a 502 is an outside system refusing)', () => {
    for (const s of [503, 504]) expect(retryQuery(0, new ApiError(s, '', ''))).toBe(true);
    expect(retryQuery(0, new TypeError('Failed to fetch'))).toBe(true);
    for (const s of [400, 401, 404, 409, 422, 500, 502]) expect(retryQuery(0, new ApiError(s, '', ''))).toBe(false);
    expect(retryQuery(0, new Error('Failed to fetch customer'))).toBe(false);
    expect(isUnavailableError(undefined)).toBe(false);
  });

  it('stops after a bounded number of attempts', () => {
    const e = new ApiError(503, '', '');
    expect(retryQuery(MAX_UNAVAILABLE_RETRIES - 1, e)).toBe(true);
    expect(retryQuery(MAX_UNAVAILABLE_RETRIES, e)).toBe(false);
  });

  it("follows the server's Retry-After, else backs off exponentially up to 15 s", () => {
    expect(retryDelay(0, new ApiError(503, '', '', '2'))).toBe(2000);
    expect(retryDelay(5, new ApiError(503, '', '', '3600'))).toBe(30_000); // capped
    expect(new ApiError(503, '', '', 'Wed, 21 Oct 2015 07:28:00 GMT').retryAfterSeconds).toBeUndefined();
    expect([0, 1, 2, 3, 4, 10].map((a) => retryDelay(a, new ApiError(504, '', '')))).toEqual([1000, 2000, 4000, 8000, 15_000, 15_000]);
  });
});
