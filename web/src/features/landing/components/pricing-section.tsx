import * as React from 'react';
import { Check } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Slider } from '@/components/ui/slider';
import { Switch } from '@/components/ui/switch';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';
import {
  annualBadge,
  annualSavings,
  displayPrice,
  formatPlanPrice,
  formatSavings,
  guidanceText,
  plans,
  recommendedPlan,
  REVENUE_SLIDER,
  type BillingCycle,
} from '../lib/pricing';

const revenueFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** Figures only: nothing here validates or submits. */
export function PricingSection() {
  const [cycle, setCycle] = React.useState<BillingCycle>('monthly');
  const [revenue, setRevenue] = React.useState<number>(REVENUE_SLIDER.default);
  const recommended = recommendedPlan(revenue);

  return (
    <section id="pricing" aria-labelledby="pricing-title" className="scroll-mt-16 bg-muted/50 py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="pricing-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
            Simple, transparent pricing
          </h2>
          <p className="mt-3 text-muted-foreground">Start with a 14-day free trial. No credit card required.</p>
        </div>

        <div className="mt-8 flex flex-wrap items-center justify-center gap-3">
          <span className={cn('text-sm font-medium', cycle === 'monthly' ? 'text-foreground' : 'text-muted-foreground')} aria-hidden="true">
            Monthly
          </span>
          <Switch
            aria-label="Annual billing"
            checked={cycle === 'annual'}
            onCheckedChange={(checked) => setCycle(checked ? 'annual' : 'monthly')}
          />
          <span className={cn('text-sm font-medium', cycle === 'annual' ? 'text-foreground' : 'text-muted-foreground')} aria-hidden="true">
            Annual
          </span>
          {annualBadge && <Badge variant="success">{annualBadge}</Badge>}
        </div>
        <p className="mt-2 min-h-5 text-center text-sm font-medium text-success" aria-live="polite" data-testid="annual-savings">
          {cycle === 'annual' ? `Save up to ${formatSavings(annualSavings())} a year with annual billing` : ''}
        </p>

        <div className="mx-auto mt-8 max-w-xl rounded-xl border bg-card p-6 shadow-sm">
          <div className="flex items-center justify-between gap-4">
            <label id="revenue-label" className="text-sm font-medium">
              Your monthly revenue
            </label>
            <output className="text-lg font-semibold" aria-labelledby="revenue-label" data-testid="revenue-value">
              {revenueFormat.format(revenue)}
            </output>
          </div>
          <Slider
            className="mt-4"
            thumbLabel="Monthly revenue"
            min={REVENUE_SLIDER.min}
            max={REVENUE_SLIDER.max}
            step={REVENUE_SLIDER.step}
            value={[revenue]}
            onValueChange={([value]) => setRevenue(value ?? REVENUE_SLIDER.default)}
          />
          <p className="mt-4 text-sm text-muted-foreground" data-testid="pricing-guidance">
            Recommended: <span className="font-medium text-foreground">{guidanceText[recommended]}</span>
          </p>
        </div>

        <div className="mt-10 grid grid-cols-1 gap-6 lg:grid-cols-3">
          {plans.map((plan) => {
            const { price, original } = displayPrice(plan, cycle);
            const isRecommended = plan.id === recommended;
            return (
              <Card
                key={plan.id}
                data-testid={`plan-${plan.id}`}
                className={cn('relative flex flex-col', plan.popular && 'border-primary', isRecommended && 'ring-2 ring-primary')}
              >
                {plan.popular && <Badge className="absolute -top-3 left-1/2 -translate-x-1/2">Most Popular</Badge>}
                <CardHeader>
                  <CardTitle className="flex items-center justify-between gap-2 text-xl">
                    {plan.name}
                    {isRecommended && <Badge variant="secondary">Recommended for you</Badge>}
                  </CardTitle>
                  <CardDescription>{plan.description}</CardDescription>
                  <div className="mt-4 flex items-baseline gap-2">
                    <span className="text-4xl font-bold" data-testid="plan-price">
                      {formatPlanPrice(price)}
                    </span>
                    {original !== null && (
                      <s className="text-lg text-muted-foreground" data-testid="plan-original-price">
                        <span className="sr-only">was </span>
                        {formatPlanPrice(original)}
                      </s>
                    )}
                    <span className="text-sm text-muted-foreground">/month</span>
                  </div>
                  <p className="text-xs text-muted-foreground">{cycle === 'annual' ? 'billed annually' : 'billed monthly'}</p>
                </CardHeader>
                <CardContent className="flex-1">
                  <ul className="space-y-2 text-sm">
                    {plan.features.map((feature) => (
                      <li key={feature} className="flex gap-2">
                        <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
                        {feature}
                      </li>
                    ))}
                  </ul>
                </CardContent>
                <CardFooter>
                  <Button asChild className="w-full" variant={plan.popular ? 'default' : 'outline'}>
                    <a href={paths.login.getHref()}>Start Free Trial</a>
                  </Button>
                </CardFooter>
              </Card>
            );
          })}
        </div>
      </div>
    </section>
  );
}
