import { confidenceBand } from '@billpoint/proto';
import { cn } from '@/lib/utils';

/** The confidence bands: 0.8 or more High (green), 0.6 or more Medium (yellow), below Low (red). */
export const BAND_STYLE = {
  High: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-300',
  Medium: 'bg-yellow-100 text-yellow-800 dark:bg-yellow-950 dark:text-yellow-300',
  Low: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300',
} as const;

export const percent = (confidence: number) => `${Math.round(confidence * 100)}%`;

/** "92% · High": how sure an AI answer is of one value. */
export function ConfidenceBadge({ confidence, className }: { confidence: number; className?: string }) {
  const band = confidenceBand(confidence);
  return (
    <span
      className={cn('inline-flex shrink-0 rounded-md px-2 py-0.5 text-xs font-medium whitespace-nowrap', BAND_STYLE[band], className)}
      data-band={band.toLowerCase()}
    >
      {percent(confidence)} · {band}
    </span>
  );
}
