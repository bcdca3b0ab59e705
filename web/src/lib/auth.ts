import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Permission, User } from '@billpoint/proto';
import { paths } from '@/config/paths';
import { ApiError, apiFetch, apiGet } from './api-client';
import { redirectTo } from './navigation';

/** GET /api/auth/user decides the state: a user, or null when the session is missing. */
export const userQueryOptions = queryOptions({
  queryKey: ['auth', 'user'],
  queryFn: ({ signal }) => apiGet<User>('/api/auth/user', { on401: 'returnNull', signal }),
});

export function useUser() {
  const query = useQuery(userQueryOptions);
  // Any failure of the call counts as unauthenticated.
  const user = query.isError ? null : (query.data ?? null);
  return { user, isLoading: query.isPending };
}

/** Full name, else the e-mail. */
export function userDisplayName(user: Pick<User, 'firstName' | 'lastName' | 'email'>): string {
  const name = [user.firstName, user.lastName].filter((part) => part && part.trim()).join(' ');
  return name || user.email;
}

/** First letter of the first name, else of the e-mail, else U. */
export function userInitial(user: Pick<User, 'firstName' | 'email'> | null | undefined): string {
  const source = user?.firstName?.trim() || user?.email?.trim() || '';
  return (source.charAt(0) || 'U').toUpperCase();
}

/**
 * Clear local and session storage, POST /api/logout with a no-cache header, then the
 * sign-in page on OK, /api/logout otherwise, and the sign-in page on a network error (logged).
 */
export async function logout(): Promise<void> {
  localStorage.clear();
  sessionStorage.clear();
  try {
    await apiFetch('/api/logout', { method: 'POST', headers: { 'Cache-Control': 'no-cache' } });
    redirectTo(paths.login.getHref());
  } catch (error) {
    console.error('Logout failed', error);
    redirectTo(error instanceof ApiError ? paths.logout.getHref() : paths.login.getHref());
  }
}

/**
 * Whether the signed-in member's role has `permission` (proto/src/permissions.ts; GET /api/auth/user answers the
 * role's permissions): screens hide or disable what the role cannot do. Only a known member lacking it is refused
 * here — the shell shows screens once the member is known, and the server refuses every call the role lacks anyway.
 */
export function usePermission(permission: Permission): boolean {
  const { user } = useUser();
  return !user || user.permissions.includes(permission);
}

/**
 * Like usePermission, but false until the member is known: for parts that load what only the permission may read
 * (pending invitations, the audit log, the organization's two-factor rule), so no request goes out to be refused.
 */
export function useKnownPermission(permission: Permission): boolean {
  const { user } = useUser();
  return user?.permissions.includes(permission) ?? false;
}

/** usePermission for several permissions at once: a function answering each (a screen with many actions). */
export function usePermissions(): (permission: Permission) => boolean {
  const { user } = useUser();
  return (permission) => !user || user.permissions.includes(permission);
}
