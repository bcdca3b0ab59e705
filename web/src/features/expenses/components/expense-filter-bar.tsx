import * as React from 'react';
import { X } from 'lucide-react';
import type { ExpenseCategory } from '@billpoint/proto';
import { FilterSelect } from '@/components/list-page';
import { SearchInput } from '@/components/search-input';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { PERIODS, periodRange, SEARCH_MAX, type ExpenseFilterParams, type Period } from '../lib/expense-filters';
import { CategoryOptions } from './category-field';

export const SEARCH_DEBOUNCE_MS = 300;
/** Radix Select has no empty value: this one stands for "All categories". */
const ALL = 'all';

/** The search box: typed text goes to the address once typing pauses; a change of the address (Clear) shows here. */
function FilterSearch({ value, onChange, ref }: { value: string; onChange: (search: string) => void; ref: React.Ref<HTMLInputElement> }) {
  const [text, setText] = React.useState(value);
  const debounced = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const sent = React.useRef(value);
  React.useEffect(() => {
    if (debounced === sent.current) return;
    sent.current = debounced;
    onChange(debounced);
  }, [debounced, onChange]);
  React.useEffect(() => {
    if (value === sent.current) return;
    sent.current = value;
    setText(value);
  }, [value]);
  return (
    <SearchInput
      label="Search expenses"
      placeholder="Search expenses..."
      className="w-full sm:w-56"
      maxLength={SEARCH_MAX}
      ref={ref}
      value={text}
      onChange={(event) => setText(event.target.value)}
    />
  );
}

function DateFilter({
  id,
  label,
  value,
  onChange,
  ...props
}: { id: string; label: string; value: string; onChange: (v: string) => void } & Omit<React.ComponentProps<'input'>, 'onChange'>) {
  return (
    <div className="flex max-w-full items-center gap-2">
      <Label htmlFor={id} className="font-normal text-muted-foreground">
        {label}
      </Label>
      <Input id={id} type="date" className="w-40 max-w-full" value={value} onChange={(event) => onChange(event.target.value)} {...props} />
    </div>
  );
}

/**
 * The Recent Expenses card's filters: search over description, vendor and notes, a category (with its colour), a
 * period (two dates for Custom), and Clear filters once any is set. Every control is a native or Radix one, so the
 * bar works from the keyboard.
 */
export function ExpenseFilterBar({
  filters,
  filtered,
  rangeError,
  categories,
  onChange,
  onClear,
}: {
  filters: ExpenseFilterParams;
  filtered: boolean;
  rangeError: string | undefined;
  categories: readonly ExpenseCategory[];
  onChange: (change: Partial<ExpenseFilterParams>) => void;
  onClear: () => void;
}) {
  const onSearch = React.useCallback((search: string) => onChange({ search }), [onChange]);
  const search = React.useRef<HTMLInputElement>(null);
  const clear = () => {
    onClear();
    // The button goes away with the filters: the keyboard's place moves to the start of the bar, not to the page.
    search.current?.focus();
  };
  const choosePeriod = (period: Period) =>
    // Custom starts from the preset's dates, so a range is adjusted rather than typed from nothing.
    onChange(period === 'custom' ? { period, ...(periodRange(filters.period, new Date()) ?? {}) } : { period });
  return (
    <div className="space-y-2">
      <div role="search" aria-label="Filter expenses" className="flex flex-wrap items-center gap-2">
        <FilterSearch value={filters.search} onChange={onSearch} ref={search} />
        <Select value={filters.category || ALL} onValueChange={(v) => onChange({ category: v === ALL ? '' : v })}>
          <SelectTrigger className="w-full sm:w-48" aria-label="Filter by category">
            <SelectValue placeholder="All categories" />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All categories</SelectItem>
            <CategoryOptions categories={categories} />
          </SelectContent>
        </Select>
        <FilterSelect label="Filter by period" value={filters.period} onChange={choosePeriod} options={PERIODS} className="sm:w-40" />
        {filters.period === 'custom' && (
          // From and To wrap together, never split over two lines.
          <div className="flex flex-wrap items-center gap-2">
            <DateFilter
              id="expense-filter-from"
              label="From"
              value={filters.from}
              max={filters.to || undefined}
              onChange={(from) => onChange({ from })}
            />
            <DateFilter
              id="expense-filter-to"
              label="To"
              value={filters.to}
              min={filters.from || undefined}
              onChange={(to) => onChange({ to })}
              aria-invalid={rangeError ? true : undefined}
              aria-describedby={rangeError ? 'expense-filter-range-error' : undefined}
            />
          </div>
        )}
        {filtered && (
          <Button variant="ghost" size="sm" onClick={clear}>
            <X aria-hidden="true" />
            Clear filters
          </Button>
        )}
      </div>
      {rangeError && (
        <p id="expense-filter-range-error" role="alert" className="text-sm text-destructive">
          {rangeError}
        </p>
      )}
    </div>
  );
}
