import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Quote, QuoteStatus } from '@billpoint/proto';
import { fetchPage } from '@/lib/pagination';
import { quoteKeys } from '@/lib/quotes';
import { quoteFigures, type StatusRows } from '../lib/quote-figures';

/** The API's largest page. */
const PAGE = 500;

/** Every quote of one status (page after page): the cards add up their totals. */
async function allOfStatus(status: QuoteStatus, signal?: AbortSignal): Promise<Quote[]> {
  const rows: Quote[] = [];
  for (;;) {
    const page = await fetchPage<Quote>('/api/quotes', { limit: PAGE, offset: rows.length, status }, signal);
    rows.push(...page.items);
    if (page.items.length === 0 || rows.length >= page.total) return rows;
  }
}

/** How many quotes have one status (the list's x-total-count), without their rows. */
const countOf = async (status: QuoteStatus, signal?: AbortSignal) =>
  (await fetchPage<Quote>('/api/quotes', { limit: 1, offset: 0, status }, signal)).total;

/**
 * The cards' figures over all of the tenant's quotes (not the filtered list): the open and accepted quotes with their
 * totals, and how many were converted, declined or expired.
 */
export async function getQuoteSummary(signal?: AbortSignal) {
  const [sent, viewed, accepted, converted, declined, expired] = await Promise.all([
    allOfStatus('sent', signal),
    allOfStatus('viewed', signal),
    allOfStatus('accepted', signal),
    countOf('converted', signal),
    countOf('declined', signal),
    countOf('expired', signal),
  ]);
  const rows: StatusRows = { open: [...sent, ...viewed], accepted };
  return quoteFigures(rows, { converted, declined, expired });
}

export const quoteSummaryQueryOptions = () =>
  queryOptions({ queryKey: quoteKeys.summary(), queryFn: ({ signal }) => getQuoteSummary(signal) });

export const useQuoteSummary = () => useQuery(quoteSummaryQueryOptions());
