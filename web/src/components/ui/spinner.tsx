import { LoaderCircle } from 'lucide-react';
import { cn } from '@/lib/utils';

/** A spinning indicator announced to screen readers by its label. */
export function Spinner({ label, className, showLabel = false }: { label: string; className?: string; showLabel?: boolean }) {
  return (
    <div role="status" aria-label={label} className={cn('flex items-center justify-center gap-2 text-muted-foreground', className)}>
      <LoaderCircle className="size-6 animate-spin" aria-hidden="true" />
      {showLabel && <span className="text-sm">{label}</span>}
    </div>
  );
}
