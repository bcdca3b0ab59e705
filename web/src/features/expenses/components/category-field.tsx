import type { Control } from 'react-hook-form';
import type { ExpenseCategory } from '@billpoint/proto';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import type { ExpenseFormInput, ExpenseFormOutput } from '../lib/expense-form';

/** Radix Select has no empty value: this one stands for "no category" and is stored as ''. */
const NONE = '__none';

export function ColourDot({ color, className = 'size-3' }: { color: string; className?: string }) {
  return <span className={`inline-block shrink-0 rounded-full ${className}`} style={{ backgroundColor: color }} aria-hidden="true" />;
}

/** The category select: the active categories with their colour (plus the expense's own, should it be archived). */
/** The categories as select options: colour dot, name, "(archived)" for an archived one. */
export function CategoryOptions({ categories }: { categories: readonly ExpenseCategory[] }) {
  return categories.map((c) => (
    <SelectItem key={c.id} value={String(c.id)}>
      <span className="flex items-center gap-2">
        <ColourDot color={c.color} />
        {c.name}
        {!c.isActive && <span className="text-xs text-muted-foreground">(archived)</span>}
      </span>
    </SelectItem>
  ));
}

export function CategoryField({
  control,
  categories,
  loading,
}: {
  control: Control<ExpenseFormInput, unknown, ExpenseFormOutput>;
  categories: readonly ExpenseCategory[];
  loading: boolean;
}) {
  return (
    <FormField
      control={control}
      name="categoryId"
      render={({ field }) => (
        <FormItem>
          <FormLabel>Category</FormLabel>
          <Select value={field.value || NONE} onValueChange={(v) => field.onChange(v === NONE ? '' : v)} disabled={loading}>
            <FormControl>
              <SelectTrigger onBlur={field.onBlur} ref={field.ref}>
                <SelectValue placeholder={loading ? 'Loading categories...' : 'Select a category'} />
              </SelectTrigger>
            </FormControl>
            <SelectContent>
              <SelectItem value={NONE}>Uncategorized</SelectItem>
              <CategoryOptions categories={categories} />
            </SelectContent>
          </Select>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
