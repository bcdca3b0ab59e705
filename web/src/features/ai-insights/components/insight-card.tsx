import { AlertTriangle, Lightbulb, Sparkles, Target, TrendingUp, type LucideIcon } from 'lucide-react';
import type { AiInsight } from '@billpoint/proto';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDefaults, formatMoney } from '@/lib/format';

const typeIcon: Record<AiInsight['type'], LucideIcon> = {
  trend: TrendingUp,
  pattern: Target,
  opportunity: Sparkles,
  warning: AlertTriangle,
  recommendation: Lightbulb,
};
const impactVariant = { high: 'destructive', medium: 'secondary', low: 'outline' } as const;
export const categoryLabel: Record<AiInsight['category'], string> = {
  revenue: 'Revenue',
  expenses: 'Expenses',
  customers: 'Customers',
  cash_flow: 'Cash Flow',
  growth: 'Growth',
};

/**
 * One insight: type icon, title, impact badge, priority n/10, confidence %, estimated value (in the organization's
 * locale, as the service wrote the texts), recommendation.
 */
export function InsightCard({ insight }: { insight: AiInsight }) {
  const Icon = typeIcon[insight.type];
  const { locale } = formatDefaults();
  const value = insight.estimatedValue;
  return (
    <Card data-testid="insight-card">
      <CardHeader className="flex flex-row items-start gap-3 space-y-0">
        <Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
        <div className="min-w-0 flex-1 space-y-1">
          <CardTitle className="text-base">{insight.title}</CardTitle>
          <div className="flex flex-wrap gap-2 text-xs">
            <Badge variant={impactVariant[insight.impact]}>{insight.impact[0]!.toUpperCase() + insight.impact.slice(1)} impact</Badge>
            <Badge variant="outline">{categoryLabel[insight.category]}</Badge>
            <Badge variant="outline">{insight.timeframe}</Badge>
          </div>
        </div>
        <div className="text-right text-sm">
          <div className="font-semibold" aria-label={`Priority ${insight.priority} of 10`}>
            {insight.priority}/10
          </div>
          <div className="text-muted-foreground">Priority</div>
        </div>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        <p className="text-muted-foreground">{insight.description}</p>
        <dl className="grid grid-cols-2 gap-2">
          <div>
            <dt className="text-muted-foreground">Confidence</dt>
            <dd className="font-medium">{new Intl.NumberFormat(locale, { style: 'percent' }).format(insight.confidence / 100)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Estimated value</dt>
            <dd className="font-medium">{value ? formatMoney(value.amount, value.currency) : '—'}</dd>
          </div>
        </dl>
        <div className="rounded-md bg-muted p-3">
          <span className="font-medium">Recommendation: </span>
          {insight.recommendation}
        </div>
      </CardContent>
    </Card>
  );
}
