import type { QuoteStatus } from '@billpoint/proto';
import { Badge } from '@/components/ui/badge';
import { labelOf, QUOTE_STATUS_LABELS } from '@/lib/labels';

type Variant = 'default' | 'secondary' | 'destructive' | 'outline' | 'success';

/** Waiting on the seller (draft) or the customer (sent, viewed); decided (accepted, declined, expired); done (converted). */
const VARIANTS: Record<QuoteStatus, Variant> = {
  draft: 'outline',
  sent: 'secondary',
  viewed: 'secondary',
  accepted: 'success',
  declined: 'destructive',
  expired: 'outline',
  converted: 'default',
};

export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  return (
    <Badge variant={VARIANTS[status]} data-testid="quote-status">
      {labelOf(QUOTE_STATUS_LABELS, status)}
    </Badge>
  );
}
