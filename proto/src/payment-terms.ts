/** Payment terms: how many days after its issue date an invoice is due. */

const DAY_MS = 86_400_000;
const dayOf = (date: string) => Date.parse(`${date}T00:00:00Z`);

/** `date` (YYYY-MM-DD) plus `days` calendar days. */
export const addDays = (date: string, days: number) => new Date(dayOf(date) + days * DAY_MS).toISOString().slice(0, 10);

/** Whole days from `from` to `to` (YYYY-MM-DD); null when either is no date or `to` comes first. */
export function daysBetween(from: string, to: string): number | null {
  const a = dayOf(from);
  const b = dayOf(to);
  if (Number.isNaN(a) || Number.isNaN(b) || b < a) return null;
  return Math.round((b - a) / DAY_MS);
}

/** The terms days when an invoice was given none: the customer's, else the organization's default, else 30. */
export const DEFAULT_PAYMENT_TERMS = 30;
export const termsDays = (customer: number | null | undefined, organization: number | null | undefined) =>
  customer ?? organization ?? DEFAULT_PAYMENT_TERMS;
