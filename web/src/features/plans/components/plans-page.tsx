import * as React from 'react';
import { ArrowLeft } from 'lucide-react';
import { format } from 'date-fns';
import {
  planButtonLabel,
  PlanMessages,
  yearlySavingBadge,
  type BillingCycle,
  type SubscriptionPlan,
  type UserSubscription,
} from '@billpoint/proto';
import { LinkButton } from '@/components/link-button';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { paths } from '@/config/paths';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { useUser } from '@/lib/auth';
import { isHandledGlobally } from '@/lib/query-client';
import { usePlans } from '../api/get-plans';
import { useUserSubscription } from '../api/get-user-subscription';
import { useChangeSubscription } from '../api/change-subscription';
import { COMPARISON, updatedDescription } from '../lib/plan-display';
import { PlanCard, type PlanAction } from './plan-card';

/**
 * The plan chooser, /subscription-plans: public. Signed out, the plans and their buttons
 * lead to sign-in; signed in, the current plan (and cycle) is marked and its button disabled, the others change
 * the subscription.
 */
/** Shown to members whose role may not change the plan (plan.manage). */
export const PLAN_ADMINS_ONLY = 'Only administrators can change the plan.';

export function PlansPage() {
  const { user, isLoading: userLoading } = useUser();
  const { plans } = usePlans();
  const subscription = useUserSubscription(Boolean(user));
  const [cycle, setCycle] = React.useState<BillingCycle>('monthly');
  const change = useChangeSubscription({
    onSuccess: (answer) => toast({ title: PlanMessages.updatedTitle, description: updatedDescription(answer) }),
    onError: (error) => {
      if (isHandledGlobally(error)) return;
      const message = error instanceof ApiError ? error.body?.message : undefined;
      toast({ variant: 'destructive', title: PlanMessages.failedTitle, description: message || PlanMessages.failedFallback });
    },
  });

  const sub = subscription.data;
  const savingBadge = plans ? yearlySavingBadge(plans) : null;
  // Changing the plan is plan.manage (administrators); others see the plans with their buttons disabled.
  const canChange = !user || user.permissions.includes('plan.manage');
  const ready = plans && !userLoading && (!user || sub);
  const actionFor = (plan: SubscriptionPlan): PlanAction => {
    if (!user || !sub) return { kind: 'sign-in' };
    if (plan.name === sub.plan && cycle === sub.billingCycle) return { kind: 'current' };
    return {
      kind: 'change',
      label: planButtonLabel(plan, sub.plan),
      pending: change.isPending,
      disabled: !canChange,
      onChoose: () => change.mutate({ planName: plan.name, billingCycle: cycle }),
    };
  };

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <LinkButton to={paths.home.getHref()} icon={ArrowLeft} variant="ghost" size="sm">
        Back
      </LinkButton>
      <div className="mx-auto mt-4 max-w-2xl text-center">
        <h1 className="text-3xl font-bold tracking-tight">Choose Your Plan</h1>
        <p className="mt-2 text-muted-foreground">Pick the plan that fits your business. Change it at any time.</p>
        {sub && <TrialNote sub={sub} />}
        {!canChange && <p className="mt-2 text-sm text-muted-foreground">{PLAN_ADMINS_ONLY}</p>}
      </div>

      <div className="mt-8 flex items-center justify-center gap-3">
        <div className="inline-flex rounded-lg border bg-muted p-1" role="group" aria-label="Billing cycle">
          {(['monthly', 'yearly'] as const).map((c) => (
            <Button key={c} size="sm" variant={cycle === c ? 'default' : 'ghost'} aria-pressed={cycle === c} onClick={() => setCycle(c)}>
              {c === 'monthly' ? 'Monthly' : 'Yearly'}
            </Button>
          ))}
        </div>
        {/* The largest saving of the cards below (rounded per plan), not a fixed figure. */}
        {cycle === 'yearly' && savingBadge && (
          <Badge variant="success" data-testid="yearly-saving">
            {savingBadge}
          </Badge>
        )}
      </div>

      <div className="mt-10 grid grid-cols-1 gap-6 lg:grid-cols-3">
        {ready
          ? plans.map((plan) => <PlanCard key={plan.name} plan={plan} cycle={cycle} action={actionFor(plan)} />)
          : [0, 1, 2].map((i) => <Skeleton key={i} className="h-[34rem] rounded-xl" data-testid="plan-card-skeleton" />)}
      </div>

      <FeatureComparison />
    </div>
  );
}

function TrialNote({ sub }: { sub: UserSubscription }) {
  if (sub.status !== 'trialing' || !sub.trialEndsAt) return null;
  return (
    <p className="mt-3 text-sm font-medium" data-testid="trial-note">
      Your {sub.displayName} trial ends on {format(new Date(sub.trialEndsAt), 'MMM d, yyyy')}.
    </p>
  );
}

/** The Feature Comparison table: the plan table's limits and support, the same figures as the cards. */
function FeatureComparison() {
  return (
    <section className="mt-16" aria-labelledby="comparison-title">
      <h2 id="comparison-title" className="text-center text-2xl font-bold tracking-tight">
        {PlanMessages.comparisonTitle}
      </h2>
      <div className="mt-6 overflow-x-auto rounded-xl border bg-card">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead scope="col">Feature</TableHead>
              {COMPARISON.columns.map((c) => (
                <TableHead key={c} scope="col" className="text-center">
                  {c}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {COMPARISON.rows.map((row) => (
              <TableRow key={row.feature}>
                <TableHead scope="row" className="font-medium text-foreground">
                  {row.feature}
                </TableHead>
                {row.values.map((v, i) => (
                  <TableCell key={COMPARISON.columns[i]} className="text-center">
                    {v}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </section>
  );
}
