import { Lock } from 'lucide-react';
import { ListLoadFailed } from '@/components/list-parts';
import { ApiError } from '@/lib/api-client';

/**
 * A list that did not load: a 403 in the server's own words (e.g. only admins manage keys, webhooks and the audit
 * log), else the usual load failure with a retry.
 */
export function LoadProblem({
  error,
  what,
  refusedFallback,
  onRetry,
}: {
  error: unknown;
  what: string;
  /** Said when a 403 comes without a message. */
  refusedFallback: string;
  onRetry: () => void;
}) {
  if (error instanceof ApiError && error.status === 403)
    return (
      <div role="note" className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-4 py-10 text-center">
        <Lock className="size-8 text-muted-foreground" aria-hidden="true" />
        <p className="font-medium">{error.body?.message ?? refusedFallback}</p>
        <p className="text-sm text-muted-foreground">Ask an administrator of your organization.</p>
      </div>
    );
  return <ListLoadFailed what={what} onRetry={onRetry} />;
}
