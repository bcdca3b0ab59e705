import * as React from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { CalendarIcon, X } from 'lucide-react';
import { isValid } from 'date-fns';
import { Button } from '@/components/ui/button';
import { Calendar } from '@/components/ui/calendar';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { formatLongDate, parseDate, toIsoDate } from '@/lib/format';
import { cn } from '@/lib/utils';

/**
 * A date picker bound to a `YYYY-MM-DD` form field; shows the long date (January 5, 2024). An optional date
 * (`clearable`) has a button that empties it; empty shows the placeholder.
 */
export function DateField<T extends FieldValues>({
  control,
  name,
  label,
  disabledBefore,
  clearable,
  placeholder = 'Pick a date',
  disabled,
  description,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any transformed output type
  control: Control<T, any, any>;
  name: FieldPath<T>;
  label: string;
  /** Days before this one cannot be picked. */
  disabledBefore?: Date;
  clearable?: boolean;
  placeholder?: string;
  disabled?: boolean;
  /** A line under the field (e.g. why it cannot be changed). */
  description?: string;
}) {
  const [open, setOpen] = React.useState(false);
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => {
        const selected = typeof field.value === 'string' && field.value ? parseDate(field.value) : undefined;
        const valid = selected && isValid(selected) ? selected : undefined;
        return (
          <FormItem>
            <FormLabel>{label}</FormLabel>
            <div className="flex gap-1">
              <Popover open={open} onOpenChange={setOpen}>
                <PopoverTrigger asChild>
                  <FormControl>
                    <Button
                      ref={field.ref}
                      variant="outline"
                      disabled={disabled}
                      onBlur={field.onBlur}
                      className={cn('w-full justify-start text-left font-normal', !valid && 'text-muted-foreground')}
                    >
                      <CalendarIcon aria-hidden="true" />
                      {valid ? formatLongDate(valid) : placeholder}
                    </Button>
                  </FormControl>
                </PopoverTrigger>
                <PopoverContent className="w-auto p-0" align="start">
                  <Calendar
                    mode="single"
                    selected={valid}
                    defaultMonth={valid}
                    disabled={disabledBefore ? { before: disabledBefore } : undefined}
                    onSelect={(date) => {
                      if (!date) return;
                      field.onChange(toIsoDate(date));
                      setOpen(false);
                    }}
                    autoFocus
                  />
                </PopoverContent>
              </Popover>
              {clearable && valid && !disabled && (
                <Button variant="ghost" size="icon" aria-label={`Clear ${label}`} onClick={() => field.onChange('')}>
                  <X aria-hidden="true" />
                </Button>
              )}
            </div>
            {description && <FormDescription>{description}</FormDescription>}
            <FormMessage />
          </FormItem>
        );
      }}
    />
  );
}
