import type * as React from 'react';
import { Boxes, CircleDollarSign, PackageX, Tag, TriangleExclamationPoint, type LucideIcon } from 'lucide-react';
import type { ProductSummary } from '@billpoint/proto';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatMoney } from '@/lib/format';

function SummaryCard({
  title,
  icon: Icon,
  loading,
  subtext,
  children,
  testId,
}: {
  title: string;
  icon: LucideIcon;
  loading: boolean;
  subtext: React.ReactNode;
  children: React.ReactNode;
  testId: string;
}) {
  return (
    <Card data-testid={testId}>
      <CardHeader className="flex flex-row items-center justify-between gap-2 pb-2">
        <CardTitle className="text-sm font-medium">{title}</CardTitle>
        <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
      </CardHeader>
      <CardContent>
        {loading ? <Skeleton className="h-8 w-24" /> : <div data-testid="card-value">{children}</div>}
        <p className="mt-1 text-xs text-muted-foreground">{subtext}</p>
      </CardContent>
    </Card>
  );
}

const Figure = ({ children }: { children: React.ReactNode }) => <p className="text-2xl font-bold tabular-nums">{children}</p>;

/** Money per currency (products carry their own): one line each; nothing yet reads as $0.00. */
function Amounts({ amounts }: { amounts: ProductSummary['revenue'] }) {
  if (amounts.length === 0) return <Figure>{formatMoney(0)}</Figure>;
  return (
    <ul className={amounts.length > 1 ? 'space-y-0.5 text-lg font-bold tabular-nums' : 'text-2xl font-bold tabular-nums'}>
      {amounts.map((a) => (
        <li key={a.currency}>{formatMoney(a.amount, a.currency)}</li>
      ))}
    </ul>
  );
}

/** Areas §2: Total Products (with the active count), Low Stock, Out of Stock, Total Revenue, Avg. Price. */
export function SummaryCards({ summary, loading, failed }: { summary: ProductSummary | undefined; loading: boolean; failed: boolean }) {
  const s = summary;
  const unknown = failed || !s;
  return (
    <section aria-label="Product summary" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
      <SummaryCard title="Total Products" icon={Boxes} loading={loading} subtext={s ? `${s.active} active` : ' '} testId="card-total">
        <Figure>{unknown ? '—' : s.total}</Figure>
      </SummaryCard>
      <SummaryCard
        title="Low Stock"
        icon={TriangleExclamationPoint}
        loading={loading}
        subtext="At or below their threshold"
        testId="card-low-stock"
      >
        <Figure>{unknown ? '—' : s.lowStock}</Figure>
      </SummaryCard>
      <SummaryCard title="Out of Stock" icon={PackageX} loading={loading} subtext="Nothing left on the shelf" testId="card-out-of-stock">
        <Figure>{unknown ? '—' : s.outOfStock}</Figure>
      </SummaryCard>
      <SummaryCard title="Total Revenue" icon={CircleDollarSign} loading={loading} subtext="From paid invoices" testId="card-revenue">
        {unknown ? <Figure>—</Figure> : <Amounts amounts={s.revenue} />}
      </SummaryCard>
      <SummaryCard title="Avg. Price" icon={Tag} loading={loading} subtext="Per currency" testId="card-average-price">
        {unknown ? <Figure>—</Figure> : <Amounts amounts={s.averagePrice} />}
      </SummaryCard>
    </section>
  );
}
