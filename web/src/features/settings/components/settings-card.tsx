import type * as React from 'react';
import { ListLoadFailed } from '@/components/list-parts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import type { Permission } from '@billpoint/proto';
import { useUser } from '@/lib/auth';

/** Only administrators change organization settings (organization.manage; the server answers 403 to others). */
export const ADMINS_ONLY = 'Only administrators can change these settings.';
/** Settings a manager may change too (e.g. reminders.manage). */
export const MANAGERS_ONLY = 'Only managers and administrators can change these settings.';

/**
 * A card of organization settings loaded from the server: loading skeleton, load failure with retry, then the form
 * (read-only for members whose role lacks `permission`).
 */
export function SettingsCard<T>(props: {
  title: string;
  description: string;
  query: { data: T | undefined; isPending: boolean; isError: boolean; refetch: () => unknown };
  /** What changing these settings needs (proto/src/permissions.ts): without it the form is read-only. */
  permission: Permission;
  children: (data: T, readOnly: boolean) => React.ReactNode;
}) {
  const { data, isPending, isError, refetch } = props.query;
  const { user } = useUser();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{props.title}</CardTitle>
        <CardDescription>{props.description}</CardDescription>
      </CardHeader>
      {isPending ? (
        <CardContent className="space-y-4" role="status" aria-label="Loading settings">
          <Skeleton className="h-6 w-56" />
          <Skeleton className="h-16 w-full" />
        </CardContent>
      ) : isError || data === undefined ? (
        <CardContent>
          <ListLoadFailed what="settings" onRetry={() => void refetch()} />
        </CardContent>
      ) : (
        props.children(data, !!user && !user.permissions.includes(props.permission))
      )}
    </Card>
  );
}

/** The form's footer: the read-only reason, and Save (Saving... while pending). */
export function SaveFooter({ readOnly, pending, note = ADMINS_ONLY }: { readOnly: boolean; pending: boolean; note?: string }) {
  return (
    <CardFooter className="justify-end gap-4">
      {readOnly && <p className="mr-auto text-sm text-muted-foreground">{note}</p>}
      <Button type="submit" disabled={pending}>
        {pending ? 'Saving...' : 'Save'}
      </Button>
    </CardFooter>
  );
}
