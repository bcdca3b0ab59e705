import * as React from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { formatMoney } from '@/lib/format';
import { inputLocale } from '@/lib/number-input';

/**
 * The amount to pay (part of the balance is fine), typed as the payer writes numbers, with the amount it was read as
 * (or the reason it cannot be paid) under it.
 */
export function AmountField({
  value,
  onChange,
  error,
  balanceDue,
  currency,
  reading,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  balanceDue: string;
  currency: string;
  /** The amount as it was read from the entry (canonical), shown back before anything is paid. */
  reading?: string | null;
}) {
  const id = React.useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Amount to pay ({currency})</Label>
      <Input
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        inputMode="decimal"
        autoComplete="off"
        aria-invalid={!!error}
        aria-describedby={`${id}-hint ${id}-reading${error ? ` ${id}-error` : ''}`}
        className="text-lg font-semibold tabular-nums"
      />
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        Balance due: {formatMoney(balanceDue, currency)}. You can pay part of it now.
      </p>
      <p id={`${id}-reading`} aria-live="polite" className="text-sm">
        {!error && reading ? `You pay ${formatMoney(reading, currency, inputLocale())}` : ''}
      </p>
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
