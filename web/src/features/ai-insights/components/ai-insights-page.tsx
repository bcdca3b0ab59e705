import * as React from 'react';
import { Brain, PlayCircle, RefreshCw, ShieldCheck } from 'lucide-react';
import { InsightCategories, InsightMessages, type InsightList } from '@billpoint/proto';
import { AiDemoModal } from '@/components/ai-demo-modal';
import { PageBody, PageHeader } from '@/components/layouts/page-header';
import { EmptyState, ListLoadFailed } from '@/components/list-parts';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useInsights, usePriorityInsights, useRefreshInsights, type CategoryFilter } from '../api';
import { categoryLabel, InsightCard } from './insight-card';

const FILTERS: CategoryFilter[] = ['all', ...InsightCategories];

function Loading() {
  return (
    <div className="space-y-4" aria-busy="true" aria-label="Loading insights">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-40 w-full" />
      ))}
    </div>
  );
}

/** AI insights: from the tenant's own data, sorted by priority; category filter, Refresh, two tabs, the demo. */
export function AiInsightsPage() {
  const [category, setCategory] = React.useState<CategoryFilter>('all');
  const [failed, setFailed] = React.useState(false);
  const [demo, setDemo] = React.useState(false);
  const all = useInsights(category);
  const high = usePriorityInsights();
  const refresh = useRefreshInsights({ onError: () => setFailed(true), onSuccess: () => setFailed(false) });
  const highShown = (high.data?.insights ?? []).filter((i) => category === 'all' || i.category === category);

  const list = (
    q: { data?: InsightList; isPending: boolean; isError: boolean; refetch: () => unknown },
    items: InsightList['insights'],
    empty: React.ReactNode,
  ) =>
    q.isPending ? (
      <Loading />
    ) : q.isError ? (
      <ListLoadFailed what="insights" onRetry={() => void q.refetch()} />
    ) : items.length === 0 ? (
      empty
    ) : (
      <div className="space-y-4">
        {items.map((i) => (
          <InsightCard key={i.id} insight={i} />
        ))}
      </div>
    );

  return (
    <>
      <PageHeader
        title="AI Insights"
        description="Trends, opportunities and warnings found in your billing data"
        actions={
          <>
            <Button variant="outline" onClick={() => setDemo(true)}>
              <PlayCircle /> Watch Demo
            </Button>
            <Button onClick={() => refresh.mutate()} disabled={refresh.isPending}>
              <RefreshCw className={refresh.isPending ? 'animate-spin' : undefined} /> Refresh
            </Button>
          </>
        }
      />
      <PageBody className="space-y-6">
        {failed && (
          <div role="alert" className="rounded-md border border-destructive/50 bg-destructive/10 p-3 text-sm text-destructive">
            {InsightMessages.refreshFailed}
          </div>
        )}
        {all.data?.summary && all.data.insights.length > 0 && (
          <p className="rounded-md border bg-muted/40 p-4 text-sm" data-testid="insights-summary">
            {all.data.summary}
          </p>
        )}

        <div role="group" aria-label="Category" className="flex flex-wrap gap-2">
          {FILTERS.map((f) => (
            <Button
              key={f}
              size="sm"
              variant={category === f ? 'default' : 'outline'}
              aria-pressed={category === f}
              onClick={() => setCategory(f)}
            >
              {f === 'all' ? 'All' : categoryLabel[f]}
            </Button>
          ))}
        </div>

        <Tabs defaultValue="all">
          <TabsList className="max-w-md">
            <TabsTrigger value="all">All Insights</TabsTrigger>
            <TabsTrigger value="high">High Priority</TabsTrigger>
          </TabsList>
          <TabsContent value="all" className="mt-4">
            {list(
              all,
              all.data?.insights ?? [],
              <EmptyState
                icon={Brain}
                title="No Insights Available"
                description="Generate insights from your invoices, payments, schedules and expenses."
                action={
                  <Button onClick={() => refresh.mutate()} disabled={refresh.isPending}>
                    Generate Insights
                  </Button>
                }
              />,
            )}
          </TabsContent>
          <TabsContent value="high" className="mt-4">
            {list(
              high,
              highShown,
              <EmptyState icon={ShieldCheck} title="No High Priority Insights" description="Nothing needs your attention right now." />,
            )}
          </TabsContent>
        </Tabs>
      </PageBody>
      <AiDemoModal open={demo} onOpenChange={setDemo} />
    </>
  );
}
