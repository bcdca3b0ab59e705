import * as React from 'react';
import { BrainCircuit, CheckCircle2, Lightbulb, Loader2, TrendingUp, TriangleAlert, Users } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { cn } from '@/lib/utils';

/** The four stages and the timings: a stage every 2 s, recommendations 1.5 s after the end. */
export const DEMO_STAGES = [
  'Analyzing Your Billing Data',
  'Identifying Key Insights',
  'Generating Recommendations',
  'Presenting Results',
] as const;
export const DEMO_STAGE_MS = 2000;
export const DEMO_RECOMMENDATIONS_DELAY_MS = 1500;

/** Sample data of the demo (hard-coded, not the tenant's). */
const SAMPLE_INSIGHTS = [
  {
    icon: TrendingUp,
    title: 'Revenue is trending up',
    description: 'Paid revenue grew 12.5% against the previous month, led by two repeat customers.',
    impact: 'high',
  },
  {
    icon: TriangleAlert,
    title: 'Overdue invoices are concentrated',
    description: '3 customers hold 70% of the overdue balance; one pays 9 days later each month.',
    impact: 'medium',
  },
  {
    icon: Users,
    title: 'Top customer dependency',
    description: 'Your largest customer accounts for 38% of revenue this quarter.',
    impact: 'medium',
  },
] as const;
const SAMPLE_RECOMMENDATIONS = [
  'Send payment reminders 3 days before the due date to the customers who pay late.',
  'Offer a yearly subscription to your top customers to secure recurring revenue.',
  'Move monthly one-off invoices of repeat customers onto recurring schedules.',
] as const;

type Phase = { kind: 'idle' } | { kind: 'running'; stage: number } | { kind: 'done'; recommendations: boolean };

/** The AI insights demo: Start Demo steps through the stages, then sample insights and recommendations. */
export function AiDemoModal({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [phase, setPhase] = React.useState<Phase>({ kind: 'idle' });

  React.useEffect(() => {
    if (phase.kind === 'running') {
      const t = setTimeout(
        () =>
          setPhase(
            phase.stage + 1 < DEMO_STAGES.length ? { kind: 'running', stage: phase.stage + 1 } : { kind: 'done', recommendations: false },
          ),
        DEMO_STAGE_MS,
      );
      return () => clearTimeout(t);
    }
    if (phase.kind === 'done' && !phase.recommendations) {
      const t = setTimeout(() => setPhase({ kind: 'done', recommendations: true }), DEMO_RECOMMENDATIONS_DELAY_MS);
      return () => clearTimeout(t);
    }
  }, [phase]);

  const close = (next: boolean) => {
    if (!next) setPhase({ kind: 'idle' });
    onOpenChange(next);
  };
  const current = phase.kind === 'running' ? phase.stage : phase.kind === 'done' ? DEMO_STAGES.length : -1;

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <BrainCircuit className="size-5 text-primary" aria-hidden="true" />
            AI Insights Demo
          </DialogTitle>
          <DialogDescription>See how Billpoint turns billing data into insights and recommendations.</DialogDescription>
        </DialogHeader>

        <ol className="space-y-2" aria-label="Demo stages">
          {DEMO_STAGES.map((stage, i) => (
            <li
              key={stage}
              data-testid="demo-stage"
              data-state={i < current ? 'done' : i === current ? 'active' : 'waiting'}
              className={cn(
                'flex items-center gap-2 rounded-md border p-2 text-sm transition-colors',
                i === current && 'border-primary bg-primary/5 font-medium',
                i > current && 'text-muted-foreground',
              )}
            >
              {i < current ? (
                <CheckCircle2 className="size-4 text-green-600" aria-hidden="true" />
              ) : i === current ? (
                <Loader2 className="size-4 animate-spin text-primary" aria-hidden="true" />
              ) : (
                <span className="size-4 rounded-full border" aria-hidden="true" />
              )}
              {stage}
            </li>
          ))}
        </ol>

        {phase.kind === 'done' && (
          <section aria-label="Sample insights" className="space-y-2">
            <h3 className="text-sm font-semibold">Sample Insights</h3>
            {SAMPLE_INSIGHTS.map((insight) => (
              <div key={insight.title} className="flex gap-3 rounded-md border p-3" data-testid="demo-insight">
                <insight.icon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                <div className="space-y-1">
                  <p className="flex items-center gap-2 text-sm font-medium">
                    {insight.title}
                    <Badge variant={insight.impact === 'high' ? 'destructive' : 'secondary'}>{insight.impact} impact</Badge>
                  </p>
                  <p className="text-sm text-muted-foreground">{insight.description}</p>
                </div>
              </div>
            ))}
          </section>
        )}
        {phase.kind === 'done' && phase.recommendations && (
          <section aria-label="Recommendations" className="space-y-2">
            <h3 className="text-sm font-semibold">Recommendations</h3>
            <ul className="space-y-2">
              {SAMPLE_RECOMMENDATIONS.map((r) => (
                <li key={r} className="flex gap-2 text-sm" data-testid="demo-recommendation">
                  <Lightbulb className="mt-0.5 size-4 shrink-0 text-amber-500" aria-hidden="true" />
                  {r}
                </li>
              ))}
            </ul>
          </section>
        )}

        <DialogFooter>
          {phase.kind === 'idle' ? (
            <Button onClick={() => setPhase({ kind: 'running', stage: 0 })}>Start Demo</Button>
          ) : (
            <Button variant="outline" onClick={() => setPhase({ kind: 'idle' })}>
              Reset
            </Button>
          )}
          <Button variant="secondary" onClick={() => close(false)}>
            Close Demo
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
