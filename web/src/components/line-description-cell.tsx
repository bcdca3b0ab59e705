import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { Trash } from 'lucide-react';
import type { Product } from '@billpoint/proto';
import { LineProduct } from '@/components/line-product';
import { ProductPicker } from '@/components/product-picker';
import { Button } from '@/components/ui/button';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { WithTooltip } from '@/components/ui/tooltip';

/** Label of a line cell: the column name and the row, e.g. "Qty (item 2)"; the column headers show the short name. */
export const cellLabel = (column: string, index: number) => `${column} (item ${index + 1})`;

/**
 * The Description cell of an invoice or schedule line (`items.N.description` of the form): the product picker that
 * fills the line, the description input, and under it the linked product (`items.N.productId`) with "Clear product".
 * `deps` makes the form check the listed fields again on change (e.g. whether any row counts).
 */
export function LineDescriptionCell<T extends FieldValues>({
  control,
  index,
  productId,
  currency,
  onPick,
  onUnlink,
  deps,
}: {
  control: Control<T>;
  index: number;
  productId: number | null | undefined;
  currency: string;
  onPick: (p: Product) => void;
  onUnlink: () => void;
  deps?: FieldPath<T>[];
}) {
  return (
    <FormField
      control={control}
      name={`items.${index}.description` as FieldPath<T>}
      rules={deps ? { deps } : undefined}
      render={({ field }) => (
        <FormItem className="col-span-2 md:col-span-1">
          <FormLabel className="md:sr-only">{cellLabel('Description', index)}</FormLabel>
          <div className="flex gap-2">
            <ProductPicker label={cellLabel('Choose product', index)} onSelect={onPick} />
            <FormControl>
              <Input {...field} placeholder="Item description" />
            </FormControl>
          </div>
          <FormMessage />
          <FormField
            control={control}
            name={`items.${index}.productId` as FieldPath<T>}
            render={() => (
              <FormItem className="gap-1">
                <LineProduct productId={productId} currency={currency} itemLabel={`item ${index + 1}`} onClear={onUnlink} />
                <FormMessage />
              </FormItem>
            )}
          />
        </FormItem>
      )}
    />
  );
}

/** One figure under the lines (Subtotal and Tax appear when a line is taxed; the total is `strong`). */
export function LineFigure({ label, value, testId, strong }: { label: string; value: string; testId: string; strong?: boolean }) {
  return (
    <p className={strong ? 'text-lg font-semibold' : 'text-sm text-muted-foreground'} data-testid={testId}>
      {label}: <span className="tabular-nums">{value}</span>
    </p>
  );
}

/** A line's remove button ("Remove item N"), disabled on the last remaining line. */
export function RemoveLineButton({ index, disabled, onRemove }: { index: number; disabled: boolean; onRemove: () => void }) {
  return (
    <WithTooltip label="Remove item">
      <Button
        variant="ghost"
        size="icon"
        className="text-destructive hover:text-destructive"
        aria-label={`Remove item ${index + 1}`}
        disabled={disabled}
        onClick={onRemove}
      >
        <Trash aria-hidden="true" />
      </Button>
    </WithTooltip>
  );
}
