import { fromMills, toMills, type CreditNote, type CreditNoteResolution } from '@billpoint/proto';

export type MoneyByCurrency = { currency: string; amount: string }[];

/** Sums per currency (never across currencies), in the order the currencies first appear. */
function byCurrency(notes: readonly Pick<CreditNote, 'currency' | 'total'>[]): MoneyByCurrency {
  const sums = new Map<string, bigint>();
  for (const n of notes) sums.set(n.currency, (sums.get(n.currency) ?? 0n) + toMills(n.total));
  return [...sums].map(([currency, cents]) => ({ currency, amount: fromMills(cents) }));
}

export type CreditNoteSummary = {
  /** Credit notes issued this calendar month, and their totals per currency. */
  thisMonth: number;
  creditedThisMonth: MoneyByCurrency;
  /** Refund credit notes whose money has not gone back yet, and how much that is. */
  refundsPending: number;
  pendingAmounts: MoneyByCurrency;
  /** Refunds the processor refused (to be looked at). */
  refundsFailed: number;
  all: number;
};

/** The figures of the list screen's cards over every credit note of the organization (`today` fixes "this month"). */
export function summarize(notes: readonly CreditNote[], today: string): CreditNoteSummary {
  const month = today.slice(0, 7);
  const inMonth = notes.filter((n) => n.issueDate.startsWith(month));
  const pending = notes.filter((n) => n.resolution === 'refund' && (n.refundStatus ?? 'pending') === 'pending');
  return {
    thisMonth: inMonth.length,
    creditedThisMonth: byCurrency(inMonth),
    refundsPending: pending.length,
    pendingAmounts: byCurrency(
      pending.map((n) => ({ currency: n.currency, total: fromMills(toMills(n.total) - toMills(n.refundedAmount)) })),
    ),
    refundsFailed: notes.filter((n) => n.resolution === 'refund' && n.refundStatus === 'failed').length,
    all: notes.length,
  };
}

export type CreditNoteFilters = { resolution: CreditNoteResolution | ''; search: string };

/**
 * The credit notes the filters match: the resolution, and a search (case-insensitive) in the credit note's number,
 * its invoice's number, the customer's name and e-mail, and the reason.
 */
export function filterCreditNotes(notes: readonly CreditNote[], { resolution, search }: CreditNoteFilters): CreditNote[] {
  const term = search.trim().toLowerCase();
  return notes.filter((n) => {
    if (resolution && n.resolution !== resolution) return false;
    if (!term) return true;
    return [n.creditNoteNumber, n.invoiceNumber, n.customer?.name, n.customer?.email, n.reason].some((s) =>
      s?.toLowerCase().includes(term),
    );
  });
}
