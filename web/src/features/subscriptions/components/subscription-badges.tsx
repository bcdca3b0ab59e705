import type { Frequency, RecurringInvoice } from '@billpoint/proto';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import { FREQUENCY_LABELS } from '@/lib/labels';

/** Weekly blue, monthly green, quarterly yellow, annually purple. */
const FREQUENCY_COLOURS: Record<Frequency, string> = {
  weekly: 'bg-blue-100 text-blue-800 dark:bg-blue-500/20 dark:text-blue-200',
  monthly: 'bg-green-100 text-green-800 dark:bg-green-500/20 dark:text-green-200',
  quarterly: 'bg-yellow-100 text-yellow-800 dark:bg-yellow-500/20 dark:text-yellow-200',
  annually: 'bg-purple-100 text-purple-800 dark:bg-purple-500/20 dark:text-purple-200',
};

export function FrequencyBadge({ frequency }: { frequency: Frequency }) {
  return (
    <Badge variant="outline" data-frequency={frequency} className={cn('border-transparent', FREQUENCY_COLOURS[frequency])}>
      {FREQUENCY_LABELS[frequency]}
    </Badge>
  );
}

/** Active; Paused; or Ended: inactive with no next date (its end date has passed). */
export function SubscriptionStatusBadge({ subscription: s }: { subscription: Pick<RecurringInvoice, 'isActive' | 'nextInvoiceDate'> }) {
  if (s.isActive) return <Badge variant="success">Active</Badge>;
  return s.nextInvoiceDate ? <Badge variant="secondary">Paused</Badge> : <Badge variant="outline">Ended</Badge>;
}
