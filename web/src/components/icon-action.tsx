import { Link } from 'react-router-dom';
import type { LucideIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { WithTooltip } from '@/components/ui/tooltip';
import { cn } from '@/lib/utils';

/**
 * A row or card action: an icon button (or link, with `to`) with a tooltip. `label` is the tooltip;
 * `name`, when given, is the accessible name (e.g. the label and the row it acts on). `unavailable`: the action is
 * shown disabled and its tooltip says why (a disabled button takes no hover or focus, so a focusable wrapper holds it).
 */
export function IconAction({
  label,
  name,
  icon: Icon,
  to,
  onClick,
  disabled,
  destructive,
  unavailable,
}: {
  label: string;
  name?: string;
  icon: LucideIcon;
  to?: string;
  onClick?: () => void;
  disabled?: boolean;
  destructive?: boolean;
  unavailable?: string;
}) {
  if (unavailable)
    return (
      <WithTooltip label={unavailable}>
        <span tabIndex={0} className="inline-flex" aria-label={unavailable}>
          <Button
            variant="ghost"
            size="icon"
            className={cn('size-8', destructive && 'text-destructive hover:text-destructive')}
            aria-label={name ?? label}
            disabled
          >
            <Icon aria-hidden="true" />
          </Button>
        </span>
      </WithTooltip>
    );
  return (
    <WithTooltip label={label}>
      <Button
        asChild={to !== undefined}
        variant="ghost"
        size="icon"
        className={cn('size-8', destructive && 'text-destructive hover:text-destructive')}
        aria-label={name ?? label}
        disabled={disabled}
        onClick={onClick}
      >
        {to !== undefined ? (
          <Link to={to}>
            <Icon aria-hidden="true" />
          </Link>
        ) : (
          <Icon aria-hidden="true" />
        )}
      </Button>
    </WithTooltip>
  );
}
