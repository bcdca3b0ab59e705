import { toast } from '@/hooks/use-toast';
import { paths } from '@/config/paths';
import { redirectTo } from './navigation';

/** Redirect delay after logged-out detection. */
export const UNAUTHORIZED_REDIRECT_DELAY_MS = 500;

let redirecting = false;

/**
 * The one place that reacts to a missing session: the destructive notice, then the sign-in page after
 * 500 ms. Called by the auth gate and by the query/mutation caches on a 401; repeated calls while a
 * redirect is under way do nothing.
 */
export function handleUnauthorized(): void {
  if (redirecting) return;
  redirecting = true;
  toast({ variant: 'destructive', title: 'Unauthorized', description: 'You are logged out. Logging in again...' });
  setTimeout(() => redirectTo(paths.login.getHref()), UNAUTHORIZED_REDIRECT_DELAY_MS);
}

/** For tests. */
export function resetUnauthorizedState(): void {
  redirecting = false;
}
