import type { TaxRate } from '@billpoint/proto';
import { FormControl, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import type { ControllerRenderProps } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

/** "20.00" → "20", "8.25" → "8.25" (display only). */
export const percentLabel = (rate: string | number) => String(Number(rate));

/** How a rate reads in the picker and on the view: "VAT 20% (20%)". */
export const rateLabel = (name: string, rate: string | number) => `${name} (${percentLabel(rate)}%)`;

export type LineTax = { taxRateId?: number | null; taxRate?: string | number | null; taxRateName?: string | null };

const NONE = 'none';
const CUSTOM = 'custom';

/** The picker's value for a line: one of the tenant's rates, a bare percentage (a product's), or none. */
export function taxChoice(line: LineTax | undefined): string {
  if (line?.taxRateId != null) return String(line.taxRateId);
  const pct = Number(line?.taxRate ?? 0);
  return Number.isFinite(pct) && pct > 0 ? CUSTOM : NONE;
}

/**
 * A line's Tax cell: a labelled select (Radix: ↑/↓, type-ahead, Enter, Esc) listing 'No tax' and the tenant's rates
 * usable on the invoice's issue date. A rate the line already carries but that is no longer offered (deleted,
 * inactive, out of date) stays shown as it was stored, and so does a bare percentage (a product's matching no rate).
 */
export function LineTaxField({
  field,
  label,
  line,
  rates,
  onChoose,
}: {
  /** The `items.N.taxRateId` field (its FormField gives the label, the focus target and the server's message). */
  field: Pick<ControllerRenderProps, 'onBlur' | 'ref'>;
  label: string;
  line: LineTax | undefined;
  rates: readonly TaxRate[];
  onChoose: (choice: { taxRateId: number | null; taxRate: string; taxRateName: string | null }) => void;
}) {
  const value = taxChoice(line);
  const offered = rates.some((r) => String(r.id) === value);
  const choose = (v: string) => {
    if (v === NONE) return onChoose({ taxRateId: null, taxRate: '0', taxRateName: null });
    const rate = rates.find((r) => String(r.id) === v);
    if (rate) onChoose({ taxRateId: rate.id, taxRate: rate.rate, taxRateName: rate.name });
  };
  return (
    <FormItem>
      <FormLabel className="md:sr-only">{label}</FormLabel>
      <Select value={value} onValueChange={choose}>
        <FormControl>
          <SelectTrigger onBlur={field.onBlur} ref={field.ref}>
            <SelectValue />
          </SelectTrigger>
        </FormControl>
        <SelectContent>
          <SelectItem value={NONE}>No tax</SelectItem>
          {value === CUSTOM && <SelectItem value={CUSTOM}>{`Custom (${percentLabel(line?.taxRate ?? 0)}%)`}</SelectItem>}
          {line?.taxRateId != null && !offered && (
            <SelectItem value={value}>{rateLabel(line.taxRateName ?? `Tax rate #${line.taxRateId}`, line.taxRate ?? 0)}</SelectItem>
          )}
          {rates.map((r) => (
            <SelectItem key={r.id} value={String(r.id)}>
              {rateLabel(r.name, r.rate)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <FormMessage />
    </FormItem>
  );
}

/** Under the lines when the picker has nothing but 'No tax' to offer: where tax rates are set up. */
export function TaxRatesNote({
  isPending,
  isError,
  total,
  usable,
  day,
}: {
  isPending: boolean;
  isError: boolean;
  total: number;
  usable: number;
  /** The day the rates are offered for, in words: "the issue date". */
  day: string;
}) {
  if (isPending || usable > 0) return null;
  return (
    <p className="text-sm text-muted-foreground" data-testid="tax-rates-note">
      {isError ? 'Failed to load tax rates. ' : total === 0 ? 'No tax rates yet. ' : `No tax rate is in force on ${day}. `}
      <Link className="text-primary underline-offset-4 hover:underline" to={paths.taxManagement.getHref()}>
        {total === 0 ? 'Add tax rates in Tax Management' : 'Manage tax rates'}
      </Link>
    </p>
  );
}
