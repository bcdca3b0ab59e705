import * as React from 'react';
import { Search } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';

/** A search box with its icon; the placeholder is visible, the label is for assistive technology. */
export function SearchInput({ label, className, ...props }: Omit<React.ComponentProps<typeof Input>, 'type'> & { label: string }) {
  return (
    <div className={cn('relative', className)}>
      <Search className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
      <Input type="search" aria-label={label} className="pl-8" {...props} />
    </div>
  );
}
