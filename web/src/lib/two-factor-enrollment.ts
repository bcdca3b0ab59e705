import * as React from 'react';
import { ApiError } from './api-client';

/**
 * The organization requires two-factor sign-in and the signed-in person has not set it up: every call but enrolment
 * answers 403 `{ twoFactorEnrollmentRequired: true }`. The query caches report such an answer here; the private gate
 * then shows the enrolment screen instead of the app until enrolment is done.
 */
let required = false;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export const isEnrollmentRequiredError = (error: unknown) =>
  error instanceof ApiError && error.status === 403 && error.body?.twoFactorEnrollmentRequired === true;

export function setTwoFactorEnrollmentRequired(on: boolean) {
  if (required === on) return;
  required = on;
  emit();
}

export function useTwoFactorEnrollmentRequired(): boolean {
  return React.useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => required,
  );
}
