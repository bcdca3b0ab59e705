import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useWatch } from 'react-hook-form';
import { inBase, roundRate, toScaled } from '@billpoint/proto';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { SOURCE_LABELS, shortRate, useExchangeRates } from '@/lib/exchange-rates';
import { formatLongDate, formatMoney } from '@/lib/format';
import { checkNumber } from '@/lib/number-input';

/** A typed rate the server would take (> 0, at most 6 decimals), read as the person writes numbers, else null. */
function typedRate(v: unknown): string | null {
  const read = checkNumber(typeof v === 'string' ? v : '', 'Exchange rate', { decimals: 6 });
  return read.ok && toScaled(read.value, 6) > 0n ? read.value : null;
}

/**
 * The exchange rate of a document in a currency other than the organization's base: the rate it takes
 * (empty: the one in force on its issue date, shown with its source), and its total in the base currency. Nothing is
 * shown in the base currency itself.
 */
export function ExchangeRateField<T extends FieldValues>({
  control,
  name,
  currency,
  issueDate,
  total,
  disabled,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any transformed output type
  control: Control<T, any, any>;
  name: FieldPath<T>;
  currency: string;
  issueDate: string;
  total: string;
  disabled?: boolean;
}) {
  const rates = useExchangeRates(issueDate);
  const typed = typedRate(useWatch({ control, name }));
  const base = rates.data?.base;
  if (!base || currency === base) return null;
  const inForce = rates.data?.rates.find((r) => r.currency === currency);
  const used = typed ?? (inForce ? roundRate(inForce.rate, 6) : null);
  return (
    <div className="grid gap-2 sm:grid-cols-2 sm:items-start sm:gap-4" data-testid="exchange-rate">
      <FormField
        control={control}
        name={name}
        render={({ field }) => (
          <FormItem>
            <FormLabel>{`Exchange rate (${base} per ${currency})`}</FormLabel>
            <FormControl>
              <Input
                {...field}
                value={(field.value as string | undefined) ?? ''}
                inputMode="decimal"
                disabled={disabled}
                placeholder={inForce ? shortRate(inForce.rate) : 'Enter a rate'}
              />
            </FormControl>
            <FormDescription className="text-xs" data-testid="rate-in-force">
              {inForce
                ? `In force on ${formatLongDate(issueDate)}: 1 ${currency} = ${shortRate(inForce.rate)} ${base} (${SOURCE_LABELS[inForce.source]}, ${formatLongDate(inForce.date)})`
                : `No ${currency} rate is known for ${formatLongDate(issueDate)}: enter one, or set it under Settings → Exchange rates.`}
            </FormDescription>
            <FormMessage />
          </FormItem>
        )}
      />
      <div className="grid gap-1 rounded-md border p-3 text-sm sm:mt-6">
        <span className="text-muted-foreground">{`Total in ${base}`}</span>
        <span className="text-lg font-semibold tabular-nums" data-testid="total-in-base">
          {used ? formatMoney(inBase(total, used), base) : '—'}
        </span>
      </div>
    </div>
  );
}
