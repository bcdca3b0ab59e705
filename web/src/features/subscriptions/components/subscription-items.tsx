import { numberForInput } from '@/lib/number-input';
import * as React from 'react';
import { useFieldArray, useFormContext, useFormState, useWatch, type Control } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormControl, FormField, FormItem, FormLabel, FormMessage, FormListMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { Product } from '@billpoint/proto';
import { LineTaxField, TaxRatesNote } from '@/components/line-tax-field';
import { cellLabel, LineDescriptionCell, LineFigure, RemoveLineButton } from '@/components/line-description-cell';
import { formatMoney } from '@/lib/format';
import { rateForPercent, taxRatesQueryOptions, usableTaxRates } from '@/lib/tax-rates';
import { figures, newItem, type SubscriptionFormValues } from '../lib/subscription-form';

type Props = { control: Control<SubscriptionFormValues> };

/** Description, Quantity, Unit Price, Tax, Amount, remove. */
const GRID = 'md:grid-cols-[minmax(0,1fr)_5.5rem_7rem_11rem_7.5rem_2.25rem]';

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
  placeholder,
}: Props & { name: `items.${number}.quantity` | `items.${number}.unitPrice`; label: string; placeholder?: string }) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel className="md:sr-only">{label}</FormLabel>
          <FormControl>
            <Input {...field} inputMode="decimal" autoComplete="off" placeholder={placeholder} />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/**
 * Items: description (with the invoice lines' product picker: it fills the row, links the product and
 * brings the tenant's rate of its tax percentage), quantity, unit price, tax (the invoice lines' picker: 'No tax' or one of the
 * tenant's tax rates in force on `taxDate` — the start date unless given) and the read-only amount (quantity × unit
 * price to cents, proto's exact arithmetic, recomputed on every change), Add item, the total per invoice (with
 * Subtotal and Tax when a row is taxed), and a remove button per row that is disabled on the last remaining row.
 */
export function SubscriptionItems({ control, taxDate }: Props & { taxDate?: string }) {
  const { setValue, clearErrors, setFocus } = useFormContext<SubscriptionFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'items' });
  const items = useWatch({ control, name: 'items' }) ?? [];
  const [currency, startDate] = useWatch({ control, name: ['currency', 'startDate'] });
  const { amounts, subtotal, tax, total } = figures(items);
  const single = fields.length <= 1;
  const taxRates = useQuery(taxRatesQueryOptions());
  const usable = usableTaxRates(taxRates.data ?? [], taxDate ?? startDate);
  const setTax = (index: number, t: { taxRateId: number | null; taxRate: string; taxRateName: string | null }) => {
    const options = { shouldDirty: true };
    setValue(`items.${index}.taxRateId`, t.taxRateId, options);
    setValue(`items.${index}.taxRate`, t.taxRateId == null ? null : t.taxRate, options);
    setValue(`items.${index}.taxRateName`, t.taxRateName, options);
    clearErrors(`items.${index}.taxRateId`);
  };
  // A product fills the row, and its tax when one of the tenant's rates has its percentage (a schedule row is taxed
  // by rate only: a percentage matching none leaves the row untaxed).
  const pick = (index: number, p: Product) => {
    const options = { shouldDirty: true };
    setValue(`items.${index}.description`, p.name, options);
    setValue(`items.${index}.unitPrice`, numberForInput(p.price), options);
    setValue(`items.${index}.productId`, p.id, options);
    const rate = rateForPercent(usable, p.taxRate);
    setTax(
      index,
      rate ? { taxRateId: rate.id, taxRate: rate.rate, taxRateName: rate.name } : { taxRateId: null, taxRate: '0', taxRateName: null },
    );
    clearErrors([`items.${index}.description`, `items.${index}.unitPrice`, `items.${index}.productId`]);
    setFocus(`items.${index}.quantity`, { shouldSelect: true });
  };
  const unlink = (index: number) => {
    setValue(`items.${index}.productId`, null, { shouldDirty: true });
    clearErrors(`items.${index}.productId`);
  };

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
          <span>Tax</span>
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
              {/* Whether a row counts (a description) decides "At least one item is required": look again on change. */}
              <LineDescriptionCell
                control={control}
                index={index}
                productId={items[index]?.productId}
                currency={currency}
                onPick={(p) => pick(index, p)}
                onUnlink={() => unlink(index)}
                deps={['items']}
              />
              <NumberCell control={control} name={`items.${index}.quantity`} label={cellLabel('Quantity', index)} />
              <NumberCell control={control} name={`items.${index}.unitPrice`} label={cellLabel('Unit Price', index)} placeholder="0.00" />
              <FormField
                control={control}
                name={`items.${index}.taxRateId`}
                render={({ field }) => (
                  <LineTaxField
                    field={field}
                    label={cellLabel('Tax', index)}
                    line={items[index]}
                    rates={usable}
                    onChoose={(t) => setTax(index, t)}
                  />
                )}
              />
              <AmountCell control={control} index={index} value={formatMoney(amounts[index], currency)} />
              <div className="flex items-end justify-end md:items-start">
                <RemoveLineButton index={index} disabled={single} onRemove={() => remove(index)} />
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
          <div className="space-y-1 text-right">
            {tax !== '0.00' && (
              <>
                <LineFigure label="Subtotal" value={formatMoney(subtotal, currency)} testId="items-subtotal" />
                <LineFigure label="Tax" value={formatMoney(tax, currency)} testId="items-tax" />
              </>
            )}
            <LineFigure label="Total per invoice" value={formatMoney(total, currency)} testId="items-total" strong />
          </div>
        </div>
        <TaxRatesNote
          isPending={taxRates.isPending}
          isError={taxRates.isError}
          total={taxRates.data?.length ?? 0}
          usable={usable.length}
          day={taxDate ? 'the next invoice date' : 'the start date'}
        />
      </CardContent>
    </Card>
  );
}
