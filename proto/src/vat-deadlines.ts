/**
 * When a VAT return is due: one rule per seller country, the same in the tax compliance tab and in the AI insight.
 *
 * - DE: a monthly or quarterly return (Umsatzsteuer-Voranmeldung) is due on the 10th of the month after the period;
 *   with the permanent extension (Dauerfristverlängerung) one month later. The annual return is due on 31 July of the
 *   following year (the extension does not apply to it).
 * - AT: the 15th of the second month after the period, whatever the period.
 * - FR: the 19th of the month after the period (the exact day of the CA3 return varies with the company; the 19th is
 *   the common one).
 * - BE: the 20th of the month after the period.
 * - NL and every other country: the last day of the month after the period.
 *
 * In DE and AT a due date on a Saturday or Sunday moves to the following Monday (public holidays are not known here,
 * so a deadline on one stays). Elsewhere the date stands as the rule gives it.
 */
export const VatFilingFrequencies = ['monthly', 'quarterly', 'annual'] as const;
export type VatFilingFrequency = (typeof VatFilingFrequencies)[number];

export interface VatPeriod {
  /** yyyy-mm-dd, the first day of the period. */
  startDate: string;
  /** yyyy-mm-dd, the last day of the period. */
  endDate: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** yyyy-mm-dd of a day given by year and month counted from 0 (a day past the month's end rolls over, as Date.UTC). */
const ymd = (y: number, month0: number, day: number) => {
  const d = new Date(Date.UTC(y, month0, day));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
};

const MONTHS: Record<VatFilingFrequency, number> = { monthly: 1, quarterly: 3, annual: 12 };

/** The filing period of `frequency` containing `date` (yyyy-mm-dd), or the one `offset` periods before or after it. */
export function vatPeriod(frequency: VatFilingFrequency, date: string, offset = 0): VatPeriod {
  const [y, m] = date.split('-').map(Number) as [number, number];
  const length = MONTHS[frequency];
  const first = Math.floor((y * 12 + m - 1) / length) * length + offset * length;
  const year = Math.floor(first / 12);
  const month0 = first % 12;
  return { startDate: ymd(year, month0, 1), endDate: ymd(year, month0 + length, 0) };
}

/** The period's short name: 2026-11, 2026-Q4 or 2026. */
export function vatPeriodLabel(frequency: VatFilingFrequency, period: VatPeriod): string {
  const [y, m] = period.startDate.split('-');
  if (frequency === 'monthly') return `${y}-${m}`;
  if (frequency === 'annual') return `${y}`;
  return `${y}-Q${Math.floor((Number(m) - 1) / 3) + 1}`;
}

/** A Saturday or Sunday moves to the Monday after it. */
function nextWorkingDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return weekday === 6 ? ymd(y, m - 1, d + 2) : weekday === 0 ? ymd(y, m - 1, d + 1) : date;
}

export interface VatDeadlineInput {
  /** The seller's country, ISO 3166-1 alpha-2 (null: not known, the general rule). */
  country: string | null;
  frequency: VatFilingFrequency;
  /** DE's permanent one-month extension of monthly and quarterly returns. */
  extension: boolean;
  /** The period the return covers. */
  period: VatPeriod;
}

/** The date (yyyy-mm-dd) the VAT return for `period` is due, by the rules above. */
export function vatDueDate({ country, frequency, extension, period }: VatDeadlineInput): string {
  const [y, m] = period.endDate.split('-').map(Number) as [number, number];
  // month0 of the month after the period's end.
  const next = m;
  switch (country?.toUpperCase()) {
    case 'DE':
      if (frequency === 'annual') return nextWorkingDay(ymd(y + 1, 6, 31));
      return nextWorkingDay(ymd(y, next + (extension ? 1 : 0), 10));
    case 'AT':
      return nextWorkingDay(ymd(y, next + 1, 15));
    case 'FR':
      return ymd(y, next, 19);
    case 'BE':
      return ymd(y, next, 20);
    default:
      return ymd(y, next + 1, 0);
  }
}
