import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { isHandledGlobally } from '@/lib/query-client';

/** The server's words for a refusal (a field's issue first), or a generic line. */
export function problem(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.body?.issues?.[0]?.message ?? error.body?.message ?? fallback;
  return fallback;
}

export function fail(error: unknown, title: string) {
  if (!isHandledGlobally(error)) toast({ variant: 'destructive', title, description: problem(error, 'Please try again.') });
}
