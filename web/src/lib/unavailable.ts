import type { Query, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/**
 * The gateway said the service behind a call is down for a moment (503) or too slow (504). Not a 502: services
 * answer 502 when an outside system refused (the mail server), which a retry does not fix.
 */
export const isUnavailableAnswer = (error: unknown) => error instanceof ApiError && (error.status === 503 || error.status === 504);

/**
 * A read worth retrying: an unavailable answer, or no answer at all (fetch rejects with a TypeError when the
 * gateway itself cannot be reached). The screen says so instead of showing a generic error.
 */
export const isUnavailableError = (error: unknown) => isUnavailableAnswer(error) || error instanceof TypeError;

/** How many times a query is retried while the service is unavailable (about a minute with the delays below). */
export const MAX_UNAVAILABLE_RETRIES = 8;
const MAX_DELAY_MS = 15_000;

/** Queries retry only unavailability (any other failure is not retried), with backoff. */
export function retryQuery(failureCount: number, error: unknown): boolean {
  return isUnavailableError(error) && failureCount < MAX_UNAVAILABLE_RETRIES;
}

/** The server's `Retry-After` when given (capped), else 1 s, 2 s, 4 s … up to 15 s. */
export function retryDelay(attempt: number, error: unknown): number {
  const after = error instanceof ApiError ? error.retryAfterSeconds : undefined;
  if (after !== undefined) return Math.min(after * 1000, MAX_DELAY_MS * 2);
  return Math.min(1000 * 2 ** attempt, MAX_DELAY_MS);
}

/** The last fetch of this query failed because the service was unavailable, and no fetch has succeeded since. */
export const isUnavailableQuery = (q: Query) => q.state.fetchFailureCount > 0 && isUnavailableError(q.state.fetchFailureReason);

export type Availability = 'available' | 'retrying' | 'unavailable';

/** 'retrying' while such a query is being retried, 'unavailable' once its retries ran out, else 'available'. */
export function availability(client: QueryClient): Availability {
  const queries = client.getQueryCache().findAll({ predicate: isUnavailableQuery });
  if (queries.length === 0) return 'available';
  return queries.some((q) => q.state.fetchStatus === 'fetching') ? 'retrying' : 'unavailable';
}

export const UNAVAILABLE_TITLE = 'Temporarily unavailable';
export const UNAVAILABLE_MESSAGE = 'Billpoint is temporarily unavailable. Please try again in a moment.';
