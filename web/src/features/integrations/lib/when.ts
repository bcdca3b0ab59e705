import { differenceInDays, formatDistanceStrict } from 'date-fns';
import { formatShortDate } from '@/lib/format';

/** A moment in a list: 'Never' when absent, "5 minutes ago" within a week, the date after that. */
export function formatWhen(value: string | null | undefined, now = new Date()): string {
  if (!value) return 'Never';
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return 'Never';
  if (Math.abs(differenceInDays(now, at)) < 7) {
    const seconds = (now.getTime() - at.getTime()) / 1000;
    if (seconds >= 0 && seconds < 60) return 'Just now';
    return formatDistanceStrict(at, now, { addSuffix: true });
  }
  return formatShortDate(at);
}

/** Date and time in full, for a title attribute or a detail line. */
export const formatFullTime = (value: string) => new Date(value).toLocaleString('en-US');
