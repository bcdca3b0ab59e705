import { useQuery } from '@tanstack/react-query';
import type { CreditNote } from '@billpoint/proto';
import { creditNoteKeys } from '@/lib/credit-notes';
import { fetchPage } from '@/lib/pagination';

/** The largest page the API gives. */
const PAGE = 500;

/**
 * GET /api/credit-notes, every page: the list screen filters (resolution, search) and sums (this month, refunds
 * pending) over all of them, which the API does not do itself. Credit notes are few next to invoices (each corrects
 * one), so one request usually holds them all.
 */
export async function getAllCreditNotes(signal?: AbortSignal): Promise<CreditNote[]> {
  const all: CreditNote[] = [];
  for (;;) {
    const page = await fetchPage<CreditNote>('/api/credit-notes', { limit: PAGE, offset: all.length }, signal);
    all.push(...page.items);
    if (page.items.length === 0 || all.length >= page.total) return all;
  }
}

export function useAllCreditNotes() {
  return useQuery({ queryKey: creditNoteKeys.everything(), queryFn: ({ signal }) => getAllCreditNotes(signal) });
}
