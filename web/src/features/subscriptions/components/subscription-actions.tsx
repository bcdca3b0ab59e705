import * as React from 'react';
import { useNavigate } from 'react-router-dom';
import { Ellipsis, FilePlus, Pause, Pencil, Play, Trash } from 'lucide-react';
import type { RecurringInvoice, RecurringRunResult } from '@billpoint/proto';
import { IconAction } from '@/components/icon-action';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { ToastAction } from '@/components/ui/toast';
import { WithTooltip } from '@/components/ui/tooltip';
import { paths } from '@/config/paths';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { isHandledGlobally } from '@/lib/query-client';
import { useDeleteSubscription } from '../api/delete-subscription';
import { useRunSubscription } from '../api/run-subscription';
import { useSetSubscriptionActive } from '../api/set-subscription-active';
import { invoiceCount } from '../lib/subscription-form';
import { usePermission } from '@/lib/auth';

export const RESUME_HINT = 'Resuming continues with the next future date; paused periods are not billed.';

/** A failure toast; a refusal the server explains (409: paused, ended) carries its reason. */
const failed = (title: string) => (error: Error) => {
  if (isHandledGlobally(error)) return;
  const reason = error instanceof ApiError && error.status === 409 ? error.body?.message : undefined;
  toast({ variant: 'destructive', title, description: reason });
};

/**
 * A row's actions: pause/resume, edit, and a menu with Generate due invoices and Delete (after a
 * confirmation).
 */
export function SubscriptionActions({ subscription }: { subscription: RecurringInvoice }) {
  const canManage = usePermission('recurring.manage');
  const navigate = useNavigate();
  const [confirming, setConfirming] = React.useState(false);
  const { id, isActive, name } = subscription;

  const toggle = useSetSubscriptionActive({
    onSuccess: () => toast({ title: 'Subscription status updated' }),
    onError: failed('Failed to update subscription'),
  });
  const run = useRunSubscription({
    onSuccess: (result: RecurringRunResult) =>
      toast(
        result.generated > 0
          ? {
              title: `${invoiceCount(result.generated)} generated`,
              description: result.invoices.map((i) => i.invoiceNumber).join(', '),
              action: (
                <ToastAction altText="Go to the invoices list" onClick={() => void navigate(paths.invoices.getHref())}>
                  View invoices
                </ToastAction>
              ),
            }
          : { title: 'No invoice is due yet' },
      ),
    onError: failed('Failed to generate invoices'),
  });
  const deletion = useDeleteSubscription({
    onSuccess: () => toast({ title: 'Subscription deleted successfully' }),
    onError: failed('Failed to delete subscription'),
  });

  // Pausing, editing, running and deleting a schedule are recurring.manage (managers and admins).
  if (!canManage) return null;
  return (
    <div className="flex items-center">
      <IconAction
        label={isActive ? 'Pause subscription' : RESUME_HINT}
        name={isActive ? 'Pause subscription' : 'Resume subscription'}
        icon={isActive ? Pause : Play}
        disabled={toggle.isPending}
        onClick={() => toggle.mutate({ id, isActive: !isActive })}
      />
      <IconAction label="Edit subscription" icon={Pencil} to={paths.subscriptionEdit.getHref(id)} />
      <DropdownMenu>
        <WithTooltip label="More actions">
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon" className="size-8" aria-label="More actions">
              <Ellipsis aria-hidden="true" />
            </Button>
          </DropdownMenuTrigger>
        </WithTooltip>
        <DropdownMenuContent align="end">
          <DropdownMenuItem disabled={run.isPending} onSelect={() => run.mutate(id)}>
            <FilePlus aria-hidden="true" />
            Generate due invoices
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem variant="destructive" disabled={deletion.isPending} onSelect={() => setConfirming(true)}>
            <Trash aria-hidden="true" />
            Delete
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Are you sure you want to delete this subscription?</AlertDialogTitle>
            <AlertDialogDescription>{`“${name}” will no longer generate invoices. This cannot be undone.`}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction variant="destructive" onClick={() => deletion.mutate(id)}>
              Delete
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
