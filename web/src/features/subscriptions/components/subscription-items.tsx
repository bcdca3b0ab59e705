import * as React from 'react';
import { useFieldArray, useFormState, useWatch, type Control } from 'react-hook-form';
import { Plus, Trash } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormControl, FormField, FormItem, FormLabel, FormMessage, FormListMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { WithTooltip } from '@/components/ui/tooltip';
import { formatMoney } from '@/lib/format';
import { figures, newItem, type SubscriptionFormValues } from '../lib/subscription-form';

type Props = { control: Control<SubscriptionFormValues> };

const GRID = 'md:grid-cols-[minmax(0,1fr)_6rem_8rem_8rem_2.25rem]';
/** "Quantity (item 2)": the column and the row; the column headers show the short name. */
const cellLabel = (column: string, index: number) => `${column} (item ${index + 1})`;

/** The read-only amount, with the server's message for it should it have one. */
function AmountCell({ control, index, value }: Props & { index: number; value: string }) {
  const id = React.useId();
  const { errors } = useFormState({ control, name: `items.${index}` });
  const message = (errors.items?.[index] as { amount?: { message?: string } } | undefined)?.amount?.message;
  return (
    <div className="grid gap-2">
      <Label className="md:sr-only" htmlFor={id}>
        {cellLabel('Amount', index)}
      </Label>
      <Input
        id={id}
        readOnly
        tabIndex={-1}
        value={value}
        aria-invalid={!!message}
        aria-describedby={message ? `${id}-message` : undefined}
        className="bg-muted/50 text-right tabular-nums"
      />
      {message && (
        <p id={`${id}-message`} className="text-sm font-medium text-destructive">
          {message}
        </p>
      )}
    </div>
  );
}

function NumberCell({
  control,
  name,
  label,
  min,
  placeholder,
}: Props & { name: `items.${number}.quantity` | `items.${number}.unitPrice`; label: string; min: number; placeholder?: string }) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel className="md:sr-only">{label}</FormLabel>
          <FormControl>
            <Input {...field} type="number" inputMode="decimal" min={min} step="0.01" placeholder={placeholder} />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/**
 * Items (areas §4): description, quantity, unit price and the read-only amount (quantity × unit price to cents,
 * proto's exact arithmetic, recomputed on every change), Add item, and a remove button per row that is
 * disabled on the last remaining row.
 */
export function SubscriptionItems({ control }: Props) {
  const { fields, append, remove } = useFieldArray({ control, name: 'items' });
  const items = useWatch({ control, name: 'items' }) ?? [];
  const currency = useWatch({ control, name: 'currency' });
  const { amounts, total } = figures(items);
  const single = fields.length <= 1;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Items</CardTitle>
        <CardDescription>Rows without a description are left out when saving.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className={`hidden gap-2 text-sm font-medium text-muted-foreground md:grid ${GRID}`} aria-hidden="true">
          <span>Description</span>
          <span>Quantity</span>
          <span>Unit Price</span>
          <span>Amount</span>
          <span />
        </div>
        <ol className="space-y-3" aria-label="Subscription items">
          {fields.map((row, index) => (
            <li
              key={row.id}
              data-testid="subscription-item-row"
              className={`grid grid-cols-2 items-start gap-2 rounded-lg border p-3 md:border-0 md:p-0 ${GRID}`}
            >
              <FormField
                control={control}
                name={`items.${index}.description`}
                // Whether a row counts (a description) decides "At least one item is required": look again on change.
                rules={{ deps: ['items'] }}
                render={({ field }) => (
                  <FormItem className="col-span-2 md:col-span-1">
                    <FormLabel className="md:sr-only">{cellLabel('Description', index)}</FormLabel>
                    <FormControl>
                      <Input {...field} placeholder="Item description" />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <NumberCell control={control} name={`items.${index}.quantity`} label={cellLabel('Quantity', index)} min={1} />
              <NumberCell
                control={control}
                name={`items.${index}.unitPrice`}
                label={cellLabel('Unit Price', index)}
                min={0}
                placeholder="0.00"
              />
              <AmountCell control={control} index={index} value={formatMoney(amounts[index], currency)} />
              <div className="flex items-end justify-end md:items-start">
                <WithTooltip label="Remove item">
                  <Button
                    variant="ghost"
                    size="icon"
                    className="text-destructive hover:text-destructive"
                    aria-label={`Remove item ${index + 1}`}
                    disabled={single}
                    onClick={() => remove(index)}
                  >
                    <Trash aria-hidden="true" />
                  </Button>
                </WithTooltip>
              </div>
            </li>
          ))}
        </ol>
        <FormField
          control={control}
          name="items"
          render={() => (
            <FormItem>
              <FormListMessage />
            </FormItem>
          )}
        />
        <div className="flex flex-wrap items-center justify-between gap-4 border-t pt-4">
          <Button variant="outline" onClick={() => append(newItem())}>
            <Plus aria-hidden="true" />
            Add item
          </Button>
          <p className="font-semibold" data-testid="items-total">
            Total per invoice: <span className="tabular-nums">{formatMoney(total, currency)}</span>
          </p>
        </div>
      </CardContent>
    </Card>
  );
}
