import { FolderTree, Hash, Receipt, TrendingUp } from 'lucide-react';
import type { ExpenseSummary } from '@billpoint/proto';
import { SummaryGrid, countOrDash } from '@/components/list-page';
import { SummaryCard } from '@/components/summary-card';
import { formatMoney } from '@/lib/format';

/**
 * The four cards of /expenses from GET /api/expenses/summary, for the expenses the list's filters match.
 * Money is never added across currencies: the cards show the organization's default currency (0.00 when it has
 * none), and say which other currencies have expenses.
 */
export function SummaryCards({
  summary,
  loading,
  currency,
  filtered = false,
}: {
  summary: ExpenseSummary | undefined;
  loading: boolean;
  currency: string | undefined;
  /** Filters are set: the total says it is of the matching expenses, not of all. */
  filtered?: boolean;
}) {
  const main = currency ?? summary?.totals[0]?.currency ?? 'USD';
  const figures = summary?.totals.find((t) => t.currency === main);
  const others = (summary?.totals ?? []).filter((t) => t.currency !== main).map((t) => t.currency);
  const also = others.length > 0 ? `${main} only; also expenses in ${others.join(', ')}` : undefined;
  return (
    <SummaryGrid label="Expense summary" cards={4}>
      <SummaryCard
        title="Total Expenses"
        icon={Receipt}
        loading={loading}
        subtext={also ?? (filtered ? 'Sum of matching expenses' : 'Sum of all expenses')}
      >
        {summary ? formatMoney(figures?.total ?? 0, main) : '—'}
      </SummaryCard>
      <SummaryCard title="Total Transactions" icon={Hash} loading={loading} subtext="Expenses recorded">
        {countOrDash(summary?.totalTransactions)}
      </SummaryCard>
      <SummaryCard title="Categories" icon={FolderTree} loading={loading} subtext="Used by your expenses">
        {countOrDash(summary?.categories)}
      </SummaryCard>
      <SummaryCard title="Avg. Expense" icon={TrendingUp} loading={loading} subtext={also ?? 'Per transaction'}>
        {summary ? formatMoney(figures?.average ?? 0, main) : '—'}
      </SummaryCard>
    </SummaryGrid>
  );
}
