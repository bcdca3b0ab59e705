import { Boxes, Banknote, PackageX, Tag, TriangleExclamationPoint } from 'lucide-react';
import type { ProductSummary } from '@billpoint/proto';
import { SummaryGrid, countOrDash } from '@/components/list-page';
import { MoneyAmounts, SummaryCard } from '@/components/summary-card';

/** The cards: Total Products (with the active count), Low Stock, Out of Stock, Total Revenue, Avg. Price (per currency). */
export function SummaryCards({ summary: s, loading }: { summary: ProductSummary | undefined; loading: boolean }) {
  return (
    <SummaryGrid label="Product summary" cards={5}>
      <SummaryCard title="Total Products" icon={Boxes} loading={loading} subtext={`${countOrDash(s?.active)} active`}>
        {countOrDash(s?.total)}
      </SummaryCard>
      <SummaryCard title="Low Stock" icon={TriangleExclamationPoint} loading={loading} subtext="At or below their threshold">
        {countOrDash(s?.lowStock)}
      </SummaryCard>
      <SummaryCard title="Out of Stock" icon={PackageX} loading={loading} subtext="Nothing left on the shelf">
        {countOrDash(s?.outOfStock)}
      </SummaryCard>
      <SummaryCard title="Total Revenue" icon={Banknote} loading={loading} subtext="From paid invoices">
        <MoneyAmounts amounts={s?.revenue} />
      </SummaryCard>
      <SummaryCard title="Avg. Price" icon={Tag} loading={loading} subtext="Per currency">
        <MoneyAmounts amounts={s?.averagePrice} />
      </SummaryCard>
    </SummaryGrid>
  );
}
