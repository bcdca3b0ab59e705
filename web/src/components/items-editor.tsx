import { numberForInput } from '@/lib/number-input';
import type * as React from 'react';
import { useFieldArray, useFormContext, useWatch, type Control, type FieldValues } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { currencyDecimals, fromMills, normalizeMoney, toMills, type Product } from '@billpoint/proto';
import { cellLabel, LineDescriptionCell, LineFigure, RemoveLineButton } from '@/components/line-description-cell';
import { Button } from '@/components/ui/button';
import { FormControl, FormField, FormItem, FormLabel, FormMessage, FormListMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { formatMoney } from '@/lib/format';
import { rateForPercent, taxRatesQueryOptions, usableTaxRates } from '@/lib/tax-rates';
import { newItem, runningFigures } from '@/lib/line-items';

/** A discount as typed so far, to the currency's minor unit; unreadable counts as none. */
function discountFigure(v: string | undefined, currency: string): string {
  try {
    return normalizeMoney(v?.trim() || '0', currencyDecimals(currency));
  } catch {
    return '0.00';
  }
}
import { LineTaxField, TaxRatesNote } from '@/components/line-tax-field';

type ItemValues = {
  items: {
    description: string;
    quantity: string | number;
    rate: string | number;
    taxRate?: string | number | null;
    productId?: number | null;
    taxRateId?: number | null;
    taxRateName?: string | null;
  }[];
};

/** Description, Qty, Rate, Tax, Amount, remove. */
const GRID = 'md:grid-cols-[minmax(0,1fr)_5.5rem_7rem_11rem_7.5rem_2.25rem]';

/**
 * The lines of an invoice or a quote: Description (with a product picker that fills the description, rate and tax and links the
 * product), Qty, Rate (numbers, step 0.01), Tax (one of the tenant's tax rates in force on the issue date, or 'No
 * tax'; a product chosen brings the rate of its percentage, else its percentage as a custom rate), a read-only Amount
 * (quantity × rate to cents, proto's exact arithmetic), Add Item and the running Total (with Subtotal and Tax when a
 * line is taxed). The line stays editable: editing the description keeps the product; "Clear product" unlinks it.
 * Create shows a row's remove button only when there is more than one row; edit always shows it and
 * disables it at one row.
 */
export function ItemsEditor<T extends FieldValues & ItemValues>({
  control,
  currency = 'USD',
  discountAmount,
  defaultTaxRate,
  issueDate,
  removeMode,
  label = 'Invoice items',
  children,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any transformed output type
  control: Control<T, any, any>;
  currency?: string;
  /** Taken off the total (an AI draft's discount on Create Invoice); shown with the subtotal when not zero. */
  discountAmount?: string;
  /** The document's own tax rate, for lines without one (the server's rule). */
  defaultTaxRate?: string;
  /** yyyy-mm-dd: the tax rates offered are those in force that day. */
  issueDate: string;
  removeMode: 'hide-at-one' | 'disable-at-one';
  /** The accessible name of the list of lines. */
  label?: string;
  /** Beneath the totals, given the running total (an invoice's exchange rate and total in base currency). */
  children?: (total: string) => React.ReactNode;
}) {
  const c = control as unknown as Control<ItemValues>;
  const { setValue, clearErrors, setFocus } = useFormContext<ItemValues>();
  const { fields, append, remove } = useFieldArray({ control: c, name: 'items' });
  const items = useWatch({ control: c, name: 'items' }) ?? [];
  const { amounts, subtotal, tax, total } = runningFigures(items, defaultTaxRate, { discountAmount, currency });
  const discount = discountFigure(discountAmount, currency);
  const discounted = fromMills(toMills(total) - toMills(discount));
  const single = fields.length <= 1;
  const taxRates = useQuery(taxRatesQueryOptions());
  const usable = usableTaxRates(taxRates.data ?? [], issueDate);

  const setTax = (index: number, t: { taxRateId: number | null; taxRate: string; taxRateName: string | null }) => {
    const options = { shouldDirty: true };
    setValue(`items.${index}.taxRateId`, t.taxRateId, options);
    setValue(`items.${index}.taxRate`, t.taxRate, options);
    setValue(`items.${index}.taxRateName`, t.taxRateName, options);
    clearErrors(`items.${index}.taxRateId`);
  };
  const pick = (index: number, p: Product) => {
    const options = { shouldDirty: true };
    setValue(`items.${index}.description`, p.name, options);
    setValue(`items.${index}.rate`, numberForInput(p.price), options);
    setValue(`items.${index}.productId`, p.id, options);
    // The tenant's rate of the product's percentage, else that percentage as it is (a custom rate).
    const rate = rateForPercent(usable, p.taxRate);
    setTax(
      index,
      rate
        ? { taxRateId: rate.id, taxRate: rate.rate, taxRateName: rate.name }
        : { taxRateId: null, taxRate: p.taxRate, taxRateName: null },
    );
    clearErrors([`items.${index}.description`, `items.${index}.rate`, `items.${index}.productId`]);
    setFocus(`items.${index}.quantity`, { shouldSelect: true }); // what one types next
  };
  const unlink = (index: number) => {
    setValue(`items.${index}.productId`, null, { shouldDirty: true });
    clearErrors(`items.${index}.productId`);
  };

  return (
    <div className="space-y-4">
      <div className={`hidden gap-2 text-sm font-medium text-muted-foreground md:grid ${GRID}`} aria-hidden="true">
        <span>Description</span>
        <span>Qty</span>
        <span>Rate</span>
        <span>Tax</span>
        <span>Amount</span>
        <span />
      </div>
      <ol className="space-y-3" aria-label={label}>
        {fields.map((row, index) => (
          <li
            key={row.id}
            data-testid="invoice-item-row"
            className={`grid grid-cols-2 items-start gap-2 rounded-lg border p-3 md:border-0 md:p-0 ${GRID}`}
          >
            <LineDescriptionCell
              control={c}
              index={index}
              productId={items[index]?.productId}
              currency={currency}
              onPick={(p) => pick(index, p)}
              onUnlink={() => unlink(index)}
            />
            <FormField
              control={c}
              name={`items.${index}.quantity`}
              render={({ field }) => (
                <FormItem>
                  <FormLabel className="md:sr-only">{cellLabel('Qty', index)}</FormLabel>
                  <FormControl>
                    <Input {...field} inputMode="decimal" autoComplete="off" />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={c}
              name={`items.${index}.rate`}
              render={({ field }) => (
                <FormItem>
                  <FormLabel className="md:sr-only">{cellLabel('Rate', index)}</FormLabel>
                  <FormControl>
                    <Input {...field} inputMode="decimal" autoComplete="off" />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={c}
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
            <div className="grid gap-2">
              <label className="text-sm font-medium md:sr-only" htmlFor={`${row.id}-amount`}>
                {cellLabel('Amount', index)}
              </label>
              <Input
                id={`${row.id}-amount`}
                readOnly
                tabIndex={-1}
                value={formatMoney(amounts[index], currency)}
                className="bg-muted/50 text-right tabular-nums"
              />
            </div>
            <div className="flex items-end justify-end md:items-start">
              {!(removeMode === 'hide-at-one' && single) && (
                <RemoveLineButton index={index} disabled={single} onRemove={() => remove(index)} />
              )}
            </div>
          </li>
        ))}
      </ol>
      <FormField
        control={c}
        name="items"
        render={() => (
          <FormItem>
            <FormListMessage />
          </FormItem>
        )}
      />
      <TaxRatesNote
        isPending={taxRates.isPending}
        isError={taxRates.isError}
        total={taxRates.data?.length ?? 0}
        usable={usable.length}
        day="the issue date"
      />
      <div className="flex flex-wrap items-center justify-between gap-4 border-t pt-4">
        <Button variant="outline" onClick={() => append(newItem())}>
          <Plus aria-hidden="true" />
          Add Item
        </Button>
        <div className="ml-auto text-right">
          {(tax !== '0.00' || discount !== '0.00') && (
            <>
              <LineFigure label="Subtotal" value={formatMoney(subtotal, currency)} testId="invoice-subtotal" />
              {tax !== '0.00' && <LineFigure label="Tax" value={formatMoney(tax, currency)} testId="invoice-tax" />}
              {discount !== '0.00' && (
                <LineFigure label="Discount" value={`-${formatMoney(discount, currency)}`} testId="invoice-discount" />
              )}
            </>
          )}
          <LineFigure label="Total" value={formatMoney(discounted, currency)} testId="invoice-total" strong />
        </div>
      </div>
      {children?.(total)}
    </div>
  );
}
