import * as React from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { PageBody, PageHeader } from '@/components/layouts/page-header';
import { paths } from '@/config/paths';
import { toast } from '@/hooks/use-toast';
import { toIsoDate } from '@/lib/format';
import { isHandledGlobally } from '@/lib/query-client';
import { useCreateSubscription } from '../api/create-subscription';
import { createDefaults, subscriptionResolver, toBody, type SubscriptionFormValues } from '../lib/subscription-form';
import { showServerIssues, SubscriptionForm } from './subscription-form';

/** Create Subscription: a new schedule starting today, monthly, with one empty item. */
export function SubscriptionCreatePage() {
  const navigate = useNavigate();
  const [today] = React.useState(() => toIsoDate(new Date()));
  const form = useForm<SubscriptionFormValues>({ resolver: subscriptionResolver, defaultValues: createDefaults(today) });
  const creation = useCreateSubscription({
    onSuccess: () => {
      toast({ title: 'Subscription created successfully' });
      void navigate(paths.subscriptions.getHref());
    },
    onError: (error) => {
      if (isHandledGlobally(error)) return;
      showServerIssues(form, error);
      toast({ variant: 'destructive', title: 'Failed to create subscription' });
    },
  });

  return (
    <>
      <PageHeader title="Create Subscription" description="Set up an invoice that repeats on a schedule." />
      <PageBody>
        <SubscriptionForm
          form={form}
          today={today}
          onSubmit={(values) => creation.mutate(toBody(values))}
          pending={creation.isPending}
          submitLabel="Create Subscription"
          pendingLabel="Creating..."
        />
      </PageBody>
    </>
  );
}
