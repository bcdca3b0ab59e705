import type * as React from 'react';

const COLUMNS = { 4: 'sm:grid-cols-2 xl:grid-cols-4', 5: 'sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5' } as const;

/** The figure cards above a list (SummaryCards): one column on a phone, two from 640 px, all in a row on a wide screen. */
export function SummaryGrid({ label, cards, children }: { label: string; cards: keyof typeof COLUMNS; children: React.ReactNode }) {
  return (
    <section aria-label={label} className={`grid grid-cols-1 gap-4 ${COLUMNS[cards]}`}>
      {children}
    </section>
  );
}

/** A count on a card: the number, or — while it is unknown. */
export const countOrDash = (n: number | undefined) => (n === undefined ? '—' : String(n));
