import { Badge } from '@/components/ui/badge';
import { INVOICE_STATUS_LABELS, labelOf } from '@/lib/labels';

type Variant = 'default' | 'secondary' | 'destructive' | 'outline';

/**
 * Badge variants differ per screen. "Primary" on the dashboard is the primary-coloured
 * `default` variant. The view and edit screens know `pending` (the edit form's name for a sent invoice).
 */
const variantsByScreen: Record<'dashboard' | 'list' | 'view', { map: Partial<Record<string, Variant>>; other: Variant }> = {
  dashboard: { map: { paid: 'default', sent: 'secondary', overdue: 'destructive', draft: 'outline' }, other: 'outline' },
  list: { map: { paid: 'default', sent: 'secondary', overdue: 'destructive', draft: 'outline' }, other: 'outline' },
  view: { map: { paid: 'default', pending: 'secondary', overdue: 'destructive', draft: 'outline' }, other: 'secondary' },
};

export type BadgeScreen = keyof typeof variantsByScreen;

/** A missing status counts as draft. */
export function invoiceBadgeVariant(screen: BadgeScreen, status: string | null | undefined): Variant {
  const { map, other } = variantsByScreen[screen];
  return map[status || 'draft'] ?? other;
}

/** The status's label in the screen's badge variant. */
export function InvoiceStatusBadge({ screen, status }: { screen: BadgeScreen; status: string | null | undefined }) {
  const s = status || 'draft';
  return (
    <Badge variant={invoiceBadgeVariant(screen, s)} data-variant={invoiceBadgeVariant(screen, s)}>
      {labelOf(INVOICE_STATUS_LABELS, s)}
    </Badge>
  );
}
