import { useQuery } from '@tanstack/react-query';
import { Activity, ChartNoAxesColumn, KeyRound, Webhook } from 'lucide-react';
import { SummaryCard } from '@/components/summary-card';
import { apiKeysQueryOptions, usageStatsQueryOptions } from '../api/api-keys';
import { webhooksQueryOptions } from '../api/webhooks';
import { integrationStats } from '../lib/stats';

/** The cards: active API keys, API requests (this month), active webhooks, success rate. */
export function StatCards() {
  const keys = useQuery(apiKeysQueryOptions());
  const usage = useQuery(usageStatsQueryOptions());
  const webhooks = useQuery(webhooksQueryOptions());
  const s = integrationStats(keys.data?.apiKeys, usage.data, webhooks.data?.webhooks);
  return (
    <section aria-label="Integration summary" className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <SummaryCard title="Active API Keys" icon={KeyRound} loading={keys.isPending} subtext={s.keysSubtext}>
        {s.activeKeys}
      </SummaryCard>
      <SummaryCard title="API Requests" icon={ChartNoAxesColumn} loading={usage.isPending} subtext={s.requestsSubtext}>
        {s.requests}
      </SummaryCard>
      <SummaryCard title="Active Webhooks" icon={Webhook} loading={webhooks.isPending} subtext={s.webhooksSubtext}>
        {s.activeWebhooks}
      </SummaryCard>
      <SummaryCard title="Success Rate" icon={Activity} loading={usage.isPending} subtext="Of this month's API requests">
        {s.successRate}
      </SummaryCard>
    </section>
  );
}
