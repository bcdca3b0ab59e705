import { format } from 'date-fns';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Money: US dollars with $ and 2 decimals (spec core §9). */
export function formatMoney(value: number | string | null | undefined): string {
  const n = typeof value === 'string' ? Number(value) : (value ?? 0);
  return usd.format(Number.isFinite(n) ? n : 0);
}

/** Lists: short month, day, year (Jan 5, 2024). */
export function formatShortDate(value: string | Date): string {
  return format(new Date(value), 'MMM d, yyyy');
}

/** Customer view: long date (January 5, 2024). */
export function formatLongDate(value: string | Date): string {
  return format(new Date(value), 'MMMM d, yyyy');
}
