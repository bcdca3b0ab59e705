import * as React from 'react';
import { DayPicker, getDefaultClassNames } from 'react-day-picker';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/** shadcn-style calendar over react-day-picker, styled with the app's tokens (no react-day-picker CSS). */
export function Calendar({ className, classNames, showOutsideDays = true, ...props }: React.ComponentProps<typeof DayPicker>) {
  const defaults = getDefaultClassNames();
  return (
    <DayPicker
      showOutsideDays={showOutsideDays}
      className={cn('p-3', className)}
      classNames={{
        root: cn('w-fit', defaults.root),
        months: 'relative flex flex-col gap-4 sm:flex-row',
        month: 'flex w-full flex-col gap-4',
        nav: 'absolute inset-x-0 top-0 flex w-full items-center justify-between gap-1',
        button_previous: cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'size-8 p-0 aria-disabled:opacity-50'),
        button_next: cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'size-8 p-0 aria-disabled:opacity-50'),
        month_caption: 'flex h-8 w-full items-center justify-center px-8',
        caption_label: 'text-sm font-medium select-none',
        month_grid: 'w-full border-collapse',
        weekdays: 'flex',
        weekday: 'flex-1 rounded-md text-[0.8rem] font-normal text-muted-foreground select-none',
        week: 'mt-2 flex w-full',
        day: 'group/day relative aspect-square h-full w-full p-0 text-center select-none',
        day_button: cn(
          buttonVariants({ variant: 'ghost' }),
          'size-8 p-0 font-normal group-data-[selected]/day:bg-primary group-data-[selected]/day:text-primary-foreground',
        ),
        selected: 'rounded-md',
        today: 'rounded-md bg-accent text-accent-foreground',
        outside: 'text-muted-foreground aria-selected:text-muted-foreground',
        disabled: 'text-muted-foreground opacity-50',
        hidden: 'invisible',
        ...classNames,
      }}
      components={{
        Chevron: ({ orientation, className: chevronClass }) =>
          orientation === 'left' ? (
            <ChevronLeft className={cn('size-4', chevronClass)} aria-hidden="true" />
          ) : (
            <ChevronRight className={cn('size-4', chevronClass)} aria-hidden="true" />
          ),
      }}
      {...props}
    />
  );
}
