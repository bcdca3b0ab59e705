import { Skeleton } from '@/components/ui/skeleton';

/** Shown while a screen's code loads. */
export function PageFallback() {
  return (
    <div role="status" aria-label="Loading" className="space-y-4 p-6">
      <Skeleton className="h-8 w-48" />
      <Skeleton className="h-4 w-72" />
      <Skeleton className="h-40 w-full" />
    </div>
  );
}
