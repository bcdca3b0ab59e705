import { Check, X } from 'lucide-react';
import { PlanMessages, type BillingCycle, type SubscriptionPlan } from '@billpoint/proto';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';
import { cardPrice, FEATURE_TICKS, limitLines } from '../lib/plan-display';

/** How the card's button behaves: signed out it signs in; signed in it is the current plan, or a change. */
export type PlanAction =
  { kind: 'sign-in' } | { kind: 'current' } | { kind: 'change'; label: string; pending: boolean; disabled?: boolean; onChoose: () => void };

/** One plan: price, limits, six feature ticks and its button. */
export function PlanCard({ plan, cycle, action }: { plan: SubscriptionPlan; cycle: BillingCycle; action: PlanAction }) {
  const popular = plan.name === 'professional';
  const current = action.kind === 'current';
  const price = cardPrice(plan, cycle);
  const titleId = `plan-${plan.name}-title`;
  return (
    <Card
      aria-labelledby={titleId}
      role="group"
      data-testid={`plan-${plan.name}`}
      className={cn('relative flex flex-col', popular && 'border-primary', current && 'ring-2 ring-primary')}
    >
      {(popular || current) && (
        <div className="absolute -top-3 left-1/2 flex -translate-x-1/2 gap-2">
          {popular && <Badge>{PlanMessages.mostPopular}</Badge>}
          {current && (
            <Badge variant="outline" className="bg-background">
              {PlanMessages.currentPlan}
            </Badge>
          )}
        </div>
      )}
      <CardHeader>
        <h2 id={titleId} className="text-xl leading-none font-semibold tracking-tight">
          {plan.displayName}
        </h2>
        <CardDescription>{plan.description}</CardDescription>
        <div className="mt-4 flex items-baseline gap-2">
          <span className="text-4xl font-bold" data-testid="plan-price">
            {price.price}
          </span>
          {price.perMonth && <span className="text-sm text-muted-foreground">/month</span>}
          {price.saving && <Badge variant="success">{price.saving}</Badge>}
        </div>
        {price.billed && <p className="text-xs text-muted-foreground">{price.billed}</p>}
      </CardHeader>
      <CardContent className="flex-1 space-y-5">
        <ul className="space-y-1.5 text-sm" aria-label={`${plan.displayName} limits`}>
          {limitLines(plan).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <ul className="space-y-1.5 text-sm" aria-label={`${plan.displayName} features`}>
          {FEATURE_TICKS.map(({ flag, label }) => (
            <li key={flag} className={cn('flex gap-2', !plan[flag] && 'text-muted-foreground')}>
              {plan[flag] ? (
                <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
              ) : (
                <X className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              )}
              {label}
              {!plan[flag] && <span className="sr-only"> (not included)</span>}
            </li>
          ))}
        </ul>
      </CardContent>
      <CardFooter>
        <PlanButton action={action} popular={popular} />
      </CardFooter>
    </Card>
  );
}

function PlanButton({ action, popular }: { action: PlanAction; popular: boolean }) {
  const variant = popular ? 'default' : 'outline';
  if (action.kind === 'sign-in')
    return (
      <Button asChild className="w-full" variant={variant}>
        <a href={paths.login.getHref()}>Get Started</a>
      </Button>
    );
  if (action.kind === 'current')
    return (
      <Button className="w-full" variant="outline" disabled>
        {PlanMessages.currentPlan}
      </Button>
    );
  return (
    <Button className="w-full" variant={variant} disabled={action.pending || action.disabled} onClick={action.onChoose}>
      {action.pending ? PlanMessages.processing : action.label}
    </Button>
  );
}
