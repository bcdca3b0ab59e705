import { Link } from 'react-router-dom';
import { cn } from '@/lib/utils';

export function BrandMark({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn('grid size-8 shrink-0 place-items-center rounded-lg bg-primary text-sm font-bold text-primary-foreground', className)}
    >
      B
    </span>
  );
}

/** The brand mark and name as a link home (the sidebar's head, the phone's top bar). */
export function BrandHomeLink({ className }: { className?: string }) {
  return (
    <Link
      to="/"
      className={cn(
        'flex min-w-0 items-center gap-2 rounded-md font-semibold outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
        className,
      )}
    >
      <BrandMark />
      <span className="truncate text-lg">Billpoint</span>
    </Link>
  );
}
