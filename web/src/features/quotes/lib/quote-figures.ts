import { sumMoney, type Quote } from '@billpoint/proto';

/** Money per currency (currencies are never added together), in the order they first appear. */
export type CurrencyAmount = { currency: string; amount: string };

export function totalsByCurrency(quotes: readonly Pick<Quote, 'currency' | 'total'>[]): CurrencyAmount[] {
  const byCurrency = new Map<string, string[]>();
  for (const q of quotes) {
    const currency = q.currency || 'USD';
    byCurrency.set(currency, [...(byCurrency.get(currency) ?? []), q.total]);
  }
  return [...byCurrency].map(([currency, totals]) => ({ currency, amount: sumMoney(totals) }));
}

/** The open quotes (sent or viewed: awaiting the customer) and the accepted ones (awaiting conversion), as rows. */
export type StatusRows = { open: readonly Quote[]; accepted: readonly Quote[] };

/** Counts of the closed quotes: converted into an invoice, declined by the customer, or expired unanswered. */
export type ClosedCounts = { converted: number; declined: number; expired: number };

/**
 * The list's cards, over all of the tenant's quotes: open quotes and their value, accepted quotes awaiting conversion
 * and their value, and the conversion rate — of the closed quotes (converted, declined, expired), the share
 * converted; null (shown as —) while no quote is closed, rather than a made-up 0 %.
 */
export function quoteFigures(rows: StatusRows, closed: ClosedCounts) {
  const closedCount = closed.converted + closed.declined + closed.expired;
  return {
    open: { count: rows.open.length, value: totalsByCurrency(rows.open) },
    accepted: { count: rows.accepted.length, value: totalsByCurrency(rows.accepted) },
    converted: closed.converted,
    closed: closedCount,
    conversionRate: closedCount === 0 ? null : closed.converted / closedCount,
  };
}
export type QuoteFigures = ReturnType<typeof quoteFigures>;
