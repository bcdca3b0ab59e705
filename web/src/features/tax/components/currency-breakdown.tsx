import type { TaxSummary } from '@billpoint/proto';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatMoney } from '@/lib/format';

/**
 * The quarter's figures per currency beside the totals in the base currency: each currency's own taxable
 * sales and tax collected, and what they came to in the base; a currency without a rate is said to be left out.
 * Shown only when a currency other than the base has figures.
 */
export function CurrencyBreakdown({ summary }: { summary: TaxSummary | undefined }) {
  const rows = summary?.byCurrency ?? [];
  if (!summary || !rows.some((r) => r.currency !== summary.currency)) return null;
  const base = summary.currency;
  return (
    <Card>
      <CardHeader>
        <CardTitle>By currency</CardTitle>
        <CardDescription>{`The totals above are in ${base}: each day's figures at the exchange rate in force that day.`}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y text-sm" aria-label="Tax figures by currency">
          {rows.map((r) => (
            <li key={r.currency} className="grid gap-1 py-2 sm:grid-cols-[4rem_1fr_1fr]" data-testid="tax-currency-row">
              <span className="font-medium">{r.currency}</span>
              <span>
                Taxable sales {formatMoney(r.taxableSales, r.currency)}
                {r.currency !== base && r.inBase && (
                  <span className="text-muted-foreground"> = {formatMoney(r.inBase.taxableSales, base)}</span>
                )}
              </span>
              <span>
                Tax collected {formatMoney(r.totalCollected, r.currency)}
                {r.currency !== base && r.inBase && (
                  <span className="text-muted-foreground"> = {formatMoney(r.inBase.totalCollected, base)}</span>
                )}
              </span>
              {!r.inBase && (
                <span className="text-destructive sm:col-span-3">{`No ${r.currency} exchange rate for every day of the quarter: not in the ${base} totals.`}</span>
              )}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
