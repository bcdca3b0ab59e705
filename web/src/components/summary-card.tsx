import type * as React from 'react';
import type { LucideIcon } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatMoney } from '@/lib/format';

/** "Avg. Price" → "summary-avg-price": the card's test id. */
const testId = (title: string) =>
  `summary-${title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/-$/, '')}`;

/** A figure card above a list (products, subscriptions): title, icon, the figure (a skeleton while loading), a line. */
export function SummaryCard({
  title,
  icon: Icon,
  loading,
  children,
  subtext,
}: {
  title: string;
  icon: LucideIcon;
  loading: boolean;
  children: React.ReactNode;
  subtext: string;
}) {
  return (
    <Card data-testid={testId(title)}>
      <CardHeader className="flex flex-row items-center justify-between gap-2 pb-2">
        <CardTitle className="text-sm font-medium">{title}</CardTitle>
        <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
      </CardHeader>
      <CardContent>
        {loading ? (
          <Skeleton className="h-8 w-28" />
        ) : (
          <div className="text-2xl font-bold tabular-nums" data-testid="summary-value">
            {children}
          </div>
        )}
        <p className="mt-1 text-xs text-muted-foreground">{subtext}</p>
      </CardContent>
    </Card>
  );
}

/** Money per currency, one line each (currencies are never added together); none yet shows $0.00; unknown —. */
export function MoneyAmounts({ amounts }: { amounts: readonly { currency: string; amount: string }[] | undefined }) {
  if (!amounts) return <>—</>;
  if (amounts.length === 0) return <>{formatMoney(0)}</>;
  return (
    <ul className={amounts.length > 1 ? 'space-y-0.5 text-lg' : undefined}>
      {amounts.map((a) => (
        <li key={a.currency}>{formatMoney(a.amount, a.currency)}</li>
      ))}
    </ul>
  );
}
