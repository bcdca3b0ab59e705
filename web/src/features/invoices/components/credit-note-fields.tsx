import type { CreditNoteResolution, Invoice, InvoiceItem } from '@billpoint/proto';
import { Input } from '@/components/ui/input';
import { formatMoney } from '@/lib/format';
import { cn } from '@/lib/utils';
import { formatQuantity } from '@/lib/line-items';
import type { CreditMode } from '../lib/credit-note-form';

/** A problem under a field, tied to it by id (aria-describedby). */
export function FieldProblem({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm text-destructive">
      {message}
    </p>
  );
}

const choice =
  'flex cursor-pointer items-start gap-3 rounded-md border p-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50';
const radio = 'mt-0.5 size-4 shrink-0 accent-primary';

/** "Lines of the invoice" or "An amount". */
export function CreditModeField({ value, onChange }: { value: CreditMode; onChange: (mode: CreditMode) => void }) {
  const options: { value: CreditMode; label: string }[] = [
    { value: 'lines', label: 'Lines of the invoice' },
    { value: 'amount', label: 'An amount' },
  ];
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">What to credit</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((o) => (
          <label key={o.value} className={choice}>
            <input
              type="radio"
              name="credit-mode"
              className={radio}
              value={o.value}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
            />
            <span className="font-medium">{o.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Each invoice line with the quantity to credit (0 at first, at most the line's quantity). */
export function CreditLinesField({
  items,
  currency,
  quantities,
  onChange,
  lineErrors,
  error,
}: {
  items: readonly InvoiceItem[];
  currency: string;
  quantities: Record<number, string>;
  onChange: (itemId: number, quantity: string) => void;
  lineErrors: Record<number, string> | undefined;
  error: string | undefined;
}) {
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? 'credit-items-error' : undefined}>
      <legend className="mb-2 text-sm font-medium">Quantities to credit</legend>
      <ul className="divide-y rounded-md border">
        {items.map((item) => {
          const problem = lineErrors?.[item.id];
          const inputId = `credit-qty-${item.id}`;
          return (
            <li key={item.id} className="grid grid-cols-[minmax(0,1fr)_6rem] items-start gap-3 p-3" data-testid="credit-note-line">
              <label htmlFor={inputId} className="min-w-0 text-sm">
                <span className="block font-medium break-words">{item.description}</span>
                <span className="block text-xs text-muted-foreground">
                  Invoiced {formatQuantity(item.quantity)} × {formatMoney(item.rate, currency)}
                </span>
              </label>
              <div className="grid gap-1">
                <Input
                  id={inputId}
                  inputMode="decimal"
                  className="text-right tabular-nums"
                  aria-label={`Quantity to credit: ${item.description}`}
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={problem ? `${inputId}-error` : undefined}
                  value={quantities[item.id] ?? ''}
                  onChange={(e) => onChange(item.id, e.target.value)}
                  onFocus={(e) => e.target.select()}
                />
                <FieldProblem id={`${inputId}-error`} message={problem} />
              </div>
            </li>
          );
        })}
      </ul>
      <FieldProblem id="credit-items-error" message={error} />
    </fieldset>
  );
}

/** The three resolutions, each with the sentence that says what it does; those the invoice does not allow are left out. */
export function ResolutionField({
  invoice,
  allowed,
  value,
  onChange,
  paidWith,
  error,
}: {
  invoice: Invoice;
  allowed: readonly CreditNoteResolution[];
  value: CreditNoteResolution | undefined;
  onChange: (resolution: CreditNoteResolution) => void;
  /** How the invoice was paid, in words ("Card"), when known. */
  paidWith: string | undefined;
  error: string | undefined;
}) {
  const currency = invoice.currency || 'USD';
  const who = invoice.customer?.name ?? 'the customer';
  const options: Record<CreditNoteResolution, { title: string; sentence: string }> = {
    reduce_balance: {
      title: 'Reduce the balance due',
      sentence: `Takes the amount off what ${who} still owes on this invoice (${formatMoney(invoice.balanceDue, currency)} due now).`,
    },
    refund: {
      title: 'Refund the payment',
      sentence: `Gives the money back to ${who} the way it was paid${paidWith ? ` (${paidWith})` : ''}; the refund status shows when it is done.`,
    },
    credit: {
      title: 'Add to the customer’s credit',
      sentence: `Keeps the amount as credit for ${who}, taken off their next invoices in ${currency}.`,
    },
  };
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? 'credit-resolution-error' : undefined}>
      <legend className="mb-2 text-sm font-medium">What happens to the credited amount</legend>
      {allowed.map((r) => (
        <label key={r} className={cn(choice, 'flex-row')}>
          <input
            type="radio"
            name="credit-resolution"
            className={radio}
            value={r}
            checked={value === r}
            onChange={() => onChange(r)}
            aria-describedby={`credit-resolution-${r}`}
          />
          <span className="grid gap-0.5">
            <span className="font-medium">{options[r].title}</span>
            <span id={`credit-resolution-${r}`} className="text-muted-foreground">
              {options[r].sentence}
            </span>
          </span>
        </label>
      ))}
      <FieldProblem id="credit-resolution-error" message={error} />
    </fieldset>
  );
}

/** The credit note's total and what the invoice's credit notes may still take, as the user types. */
export function CreditTotals({ total, taxAmount, left, currency }: { total: string; taxAmount: string; left: string; currency: string }) {
  const over = left.startsWith('-');
  return (
    <dl className="grid gap-1 rounded-md bg-muted/50 p-3 text-sm" aria-live="polite" data-testid="credit-note-totals">
      <div className="flex justify-between gap-4 font-semibold">
        <dt>Credit note total</dt>
        <dd className="tabular-nums" data-testid="credit-note-total">
          {formatMoney(total, currency)}
        </dd>
      </div>
      {taxAmount !== '0.00' && (
        <div className="flex justify-between gap-4 text-muted-foreground">
          <dt>Of which tax</dt>
          <dd className="tabular-nums">{formatMoney(taxAmount, currency)}</dd>
        </div>
      )}
      <div className={cn('flex justify-between gap-4', over && 'text-destructive')}>
        <dt>Left to credit on the invoice</dt>
        <dd className="tabular-nums" data-testid="credit-note-left">
          {formatMoney(left, currency)}
        </dd>
      </div>
    </dl>
  );
}
