import * as React from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { formatMoney } from '@/lib/format';

/** The amount to pay (part of the balance is fine), with the reason it cannot be paid under it. */
export function AmountField({
  value,
  onChange,
  error,
  balanceDue,
  currency,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  balanceDue: string;
  currency: string;
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
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        className="text-lg font-semibold tabular-nums"
      />
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        Balance due: {formatMoney(balanceDue, currency)}. You can pay part of it now.
      </p>
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
