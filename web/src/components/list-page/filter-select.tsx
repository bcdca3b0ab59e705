import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { cn } from '@/lib/utils';

/** One filter of a list's filter bar: a select named by `label`, with its options (the first usually "All …"). */
export function FilterSelect<V extends string>({
  label,
  value,
  onChange,
  options,
  placeholder,
  className = 'sm:w-44',
}: {
  label: string;
  /** Undefined: nothing chosen yet, the placeholder shows. */
  value: V | undefined;
  onChange: (value: V) => void;
  options: readonly { value: V; label: string }[];
  placeholder?: string;
  /** The trigger's width from 640 px (full width below). */
  className?: string;
}) {
  return (
    <Select value={value} onValueChange={(v) => onChange(v as V)}>
      <SelectTrigger className={cn('w-full', className)} aria-label={label}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {options.map((o) => (
          <SelectItem key={o.value} value={o.value}>
            {o.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
