import { cn } from '@/lib/utils';

/** The initial-letter avatar of a customer. */
export function CustomerInitial({ name, className }: { name: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn('grid size-10 shrink-0 place-items-center rounded-full bg-primary/10 font-semibold text-primary', className)}
    >
      {(name.trim().charAt(0) || '?').toUpperCase()}
    </span>
  );
}
