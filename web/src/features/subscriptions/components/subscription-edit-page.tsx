import * as React from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ArrowLeft } from 'lucide-react';
import type { RecurringInvoice } from '@billpoint/proto';
import { PageBody, PageHeader } from '@/components/layouts/page-header';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { ListLoadFailed } from '@/components/list-parts';
import { paths } from '@/config/paths';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { toIsoDate } from '@/lib/format';
import { isHandledGlobally } from '@/lib/query-client';
import { useSubscription } from '../api/get-subscription';
import { useUpdateSubscription } from '../api/update-subscription';
import { fromSubscription, subscriptionResolver, toBody, type SubscriptionFormValues } from '../lib/subscription-form';
import { showServerIssues, SubscriptionForm } from './subscription-form';

function BackToSubscriptions() {
  return (
    <Button asChild variant="outline">
      <Link to={paths.subscriptions.getHref()}>
        <ArrowLeft aria-hidden="true" />
        Back to Subscriptions
      </Link>
    </Button>
  );
}

function EditForm({ schedule }: { schedule: RecurringInvoice }) {
  const navigate = useNavigate();
  const [today] = React.useState(() => toIsoDate(new Date()));
  const form = useForm<SubscriptionFormValues>({ resolver: subscriptionResolver, defaultValues: fromSubscription(schedule) });
  const update = useUpdateSubscription({
    onSuccess: () => {
      toast({ title: 'Subscription updated' });
      void navigate(paths.subscriptions.getHref());
    },
    onError: (error) => {
      if (isHandledGlobally(error)) return;
      showServerIssues(form, error);
      toast({ variant: 'destructive', title: 'Failed to update subscription' });
    },
  });
  return (
    <SubscriptionForm
      form={form}
      today={today}
      schedule={schedule}
      onSubmit={(values) => update.mutate({ id: String(schedule.id), body: toBody(values) })}
      pending={update.isPending}
      submitLabel="Update Subscription"
      pendingLabel="Updating..."
    />
  );
}

/** Edit Subscription: the create form prefilled from GET /api/recurring-invoices/{id}; saves the whole schedule with PUT. */
export function SubscriptionEditPage() {
  const { id = '' } = useParams();
  const { data: schedule, isPending, error, refetch } = useSubscription(id);
  const missing = (error instanceof ApiError && error.status === 404) || (!isPending && !error && !schedule);
  return (
    <>
      <PageHeader
        title="Edit Subscription"
        description={schedule ? schedule.name : 'Update this recurring invoice.'}
        actions={<BackToSubscriptions />}
      />
      <PageBody>
        {isPending ? (
          <div className="max-w-6xl space-y-6" role="status" aria-label="Loading subscription">
            <Skeleton className="h-72 w-full" />
            <Skeleton className="h-48 w-full" />
          </div>
        ) : missing ? (
          <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed py-12 text-center">
            <h2 className="text-lg font-semibold">Subscription not found</h2>
            <p className="text-sm text-muted-foreground">The subscription you're looking for doesn't exist or has been deleted.</p>
          </div>
        ) : error || !schedule ? (
          <ListLoadFailed what="the subscription" onRetry={() => void refetch()} />
        ) : (
          <EditForm key={schedule.updatedAt} schedule={schedule} />
        )}
      </PageBody>
    </>
  );
}
