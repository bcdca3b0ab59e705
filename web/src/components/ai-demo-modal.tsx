import * as React from 'react';
import { Brain, Check, Loader2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';

/** areas §2 / §4: four stages, one every 2 s; the recommendations 1.5 s after the last. */
export const DEMO_STAGES = [
  'Analyzing Your Billing Data',
  'Identifying Key Insights',
  'Generating Recommendations',
  'Presenting Results',
] as const;
export const DEMO_STAGE_MS = 2000;
export const DEMO_RECOMMENDATIONS_MS = 1500;

/** Hard-coded sample data (the spec's demo shows sample insights, not the tenant's). */
const SAMPLE_INSIGHTS = [
  { title: 'Revenue up 18% this month', detail: 'Paid revenue grew against last month, led by two repeat customers.', priority: 6 },
  {
    title: '3 customers hold 82% of overdue invoices',
    detail: 'Following up with them first recovers most of the money owed.',
    priority: 8,
  },
  { title: 'Software expenses up 64%', detail: 'New subscriptions this month; two look like duplicates.', priority: 6 },
];
const SAMPLE_RECOMMENDATIONS = [
  'Call the three customers with overdue invoices this week and agree a payment date.',
  'Offer your repeat customers a monthly recurring schedule.',
  'Cancel the duplicate software subscriptions.',
];

type Phase = { at: 'idle' } | { at: 'stage'; stage: number } | { at: 'done'; recommendations: boolean };

/** The AI insights demo (areas §2): Start Demo steps through the stages, then sample insights and recommendations; Reset, Close Demo. */
export function AiDemoModal({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [phase, setPhase] = React.useState<Phase>({ at: 'idle' });

  React.useEffect(() => {
    if (phase.at === 'stage') {
      const t = setTimeout(
        () =>
          setPhase(phase.stage + 1 < DEMO_STAGES.length ? { at: 'stage', stage: phase.stage + 1 } : { at: 'done', recommendations: false }),
        DEMO_STAGE_MS,
      );
      return () => clearTimeout(t);
    }
    if (phase.at === 'done' && !phase.recommendations) {
      const t = setTimeout(() => setPhase({ at: 'done', recommendations: true }), DEMO_RECOMMENDATIONS_MS);
      return () => clearTimeout(t);
    }
  }, [phase]);

  React.useEffect(() => {
    if (!open) setPhase({ at: 'idle' });
  }, [open]);

  const stage = phase.at === 'stage' ? phase.stage : phase.at === 'done' ? DEMO_STAGES.length : -1;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <Brain className="size-5 text-primary" aria-hidden /> AI Insights Demo
          </DialogTitle>
          <DialogDescription>See how AI finds insights and recommendations in billing data (sample data).</DialogDescription>
        </DialogHeader>

        <ol className="space-y-2" aria-label="Demo stages">
          {DEMO_STAGES.map((name, i) => (
            <li key={name} className="flex items-center gap-2 text-sm" aria-current={i === stage ? 'step' : undefined}>
              {i < stage ? (
                <Check className="size-4 text-success" aria-label="Done" />
              ) : i === stage ? (
                <Loader2 className="size-4 animate-spin text-primary" aria-label="In progress" />
              ) : (
                <span className="size-4 rounded-full border" aria-hidden />
              )}
              <span className={i <= stage ? 'font-medium' : 'text-muted-foreground'}>{name}</span>
            </li>
          ))}
        </ol>

        {phase.at === 'done' && (
          <section aria-label="Sample insights" className="space-y-2">
            <h3 className="font-semibold">Sample Insights</h3>
            {SAMPLE_INSIGHTS.map((s) => (
              <div key={s.title} className="rounded-md border p-3 text-sm">
                <div className="flex justify-between gap-2 font-medium">
                  <span>{s.title}</span>
                  <span>{s.priority}/10</span>
                </div>
                <p className="text-muted-foreground">{s.detail}</p>
              </div>
            ))}
          </section>
        )}
        {phase.at === 'done' && phase.recommendations && (
          <section aria-label="Recommendations" className="space-y-2">
            <h3 className="font-semibold">Recommendations</h3>
            <ul className="list-disc space-y-1 pl-5 text-sm">
              {SAMPLE_RECOMMENDATIONS.map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ul>
          </section>
        )}

        <DialogFooter className="gap-2">
          {phase.at === 'idle' ? (
            <Button onClick={() => setPhase({ at: 'stage', stage: 0 })}>Start Demo</Button>
          ) : (
            <Button variant="outline" onClick={() => setPhase({ at: 'idle' })}>
              Reset
            </Button>
          )}
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Close Demo
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
