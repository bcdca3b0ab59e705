import {
  compareMoney,
  currencyDecimals,
  fromMills,
  lineAmount,
  percentOf,
  sumMoney,
  toMills,
  type CreditNoteCreateBody,
  type CreditNoteResolution,
  type Invoice,
  type InvoiceItem,
} from '@billpoint/proto';
import { formatMoney } from '@/lib/format';

/**
 * The "Issue credit note" form, without React: what the user typed, the credit note it makes (figures exactly as the
 * server computes them: quantity × rate to cents, the line's tax on it — proto money, never floats), its checks and
 * the body of POST /api/credit-notes. The server checks everything again; its answers land on the same fields.
 */
export type CreditMode = 'lines' | 'amount';

export type CreditNoteFormState = {
  mode: CreditMode;
  /** Per invoice line id: the quantity to credit, as typed. */
  quantities: Record<number, string>;
  /** The gross amount to credit, as typed ("An amount"). */
  amount: string;
  reason: string;
  resolution: CreditNoteResolution | undefined;
};

/** The form's fields that a problem can sit on (the server's issue paths: `items`, `items.0.quantity`, …). */
export type CreditNoteField = 'items' | 'amount' | 'reason' | 'resolution';
export const CREDIT_NOTE_FIELDS: readonly CreditNoteField[] = ['items', 'amount', 'reason', 'resolution'];
export type CreditNoteErrors = Partial<Record<CreditNoteField, string>> & { lines?: Record<number, string> };

export const REASON_MAX = 500;

/** A new form: lines, nothing credited yet, no resolution chosen unless only one is possible. */
export function initialCreditNoteForm(items: readonly InvoiceItem[], resolutions: readonly CreditNoteResolution[]): CreditNoteFormState {
  return {
    mode: 'lines',
    quantities: Object.fromEntries(items.map((it) => [it.id, '0'])),
    amount: '',
    reason: '',
    resolution: resolutions.length === 1 ? resolutions[0] : undefined,
  };
}

const DECIMAL = /^(\d+(\.\d*)?|\.\d+)$/;

/** A typed quantity or amount: blank is 0; a plain decimal with at most 3 places; answers it in mills. */
function parseDecimal(raw: string): { ok: true; scaled: bigint } | { ok: false } {
  const s = raw.trim().replace(/,/g, '');
  if (s === '') return { ok: true, scaled: 0n };
  if (!DECIMAL.test(s) || (s.split('.')[1] ?? '').replace(/0+$/, '').length > 3) return { ok: false };
  return { ok: true, scaled: toMills(s) };
}

/** One credited line: the invoice line, the quantity credited, its amount and tax (as the server computes them). */
export type CreditedLine = { item: InvoiceItem; quantity: string; amount: string; taxAmount: string };

export type CreditFigures = {
  /** The lines with a quantity above 0 (lines mode only). */
  lines: CreditedLine[];
  subtotal: string;
  taxAmount: string;
  /** The credit note's total (gross). */
  total: string;
  /** What the invoice's credit notes may still take, this one counted (negative: too much). */
  leftToCredit: string;
};

/** What the invoice's credit notes may still take before this one: its total less what is already credited. */
export const creditableLeft = (invoice: Pick<Invoice, 'total' | 'creditedAmount'>) =>
  fromMills(toMills(invoice.total) - toMills(invoice.creditedAmount ?? '0'));

/** The credit note the form describes (invalid entries count as 0 here; the checks name them). */
export function creditFigures(
  invoice: Pick<Invoice, 'total' | 'creditedAmount' | 'items'> & { currency?: string | null },
  state: CreditNoteFormState,
): CreditFigures {
  const decimals = currencyDecimals(invoice.currency || 'USD');
  const before = creditableLeft(invoice);
  if (state.mode === 'amount') {
    const parsed = parseDecimal(state.amount);
    const total = parsed.ok ? fromMills(parsed.scaled) : '0.00';
    return { lines: [], subtotal: total, taxAmount: '0.00', total, leftToCredit: fromMills(toMills(before) - toMills(total)) };
  }
  const lines: CreditedLine[] = [];
  for (const item of invoice.items ?? []) {
    const parsed = parseDecimal(state.quantities[item.id] ?? '');
    if (!parsed.ok || parsed.scaled <= 0n) continue;
    const quantity = fromMills(parsed.scaled);
    const amount = lineAmount(quantity, item.rate, invoice.currency);
    lines.push({ item, quantity, amount, taxAmount: percentOf(amount, item.taxRate, decimals) });
  }
  const subtotal = sumMoney(lines.map((l) => l.amount));
  const taxAmount = sumMoney(lines.map((l) => l.taxAmount));
  const total = sumMoney([subtotal, taxAmount]);
  return { lines, subtotal, taxAmount, total, leftToCredit: fromMills(toMills(before) - toMills(total)) };
}

/**
 * The resolutions the invoice allows: reducing the balance while something is due; a refund or customer credit
 * once money was paid on it (both give back money received).
 */
export function availableResolutions(invoice: Pick<Invoice, 'balanceDue' | 'amountPaid'>): CreditNoteResolution[] {
  const out: CreditNoteResolution[] = [];
  if (toMills(invoice.balanceDue) > 0n) out.push('reduce_balance');
  if (toMills(invoice.amountPaid) > 0n) out.push('refund', 'credit');
  return out;
}

/** The form's problems before anything is sent (empty: ready). */
export function checkCreditNoteForm(
  invoice: Pick<Invoice, 'total' | 'creditedAmount' | 'items' | 'balanceDue' | 'amountPaid' | 'currency'>,
  state: CreditNoteFormState,
): CreditNoteErrors {
  const currency = invoice.currency || 'USD';
  const money = (v: string) => formatMoney(v, currency);
  const errors: CreditNoteErrors = {};
  const figures = creditFigures(invoice, state);
  const field: CreditNoteField = state.mode === 'lines' ? 'items' : 'amount';

  if (state.mode === 'lines') {
    const lines: Record<number, string> = {};
    for (const item of invoice.items ?? []) {
      const parsed = parseDecimal(state.quantities[item.id] ?? '');
      if (!parsed.ok) lines[item.id] = 'Enter a quantity like 1 or 2.5';
      else if (parsed.scaled > toMills(item.quantity)) lines[item.id] = `At most ${item.quantity.replace(/\.?0+$/, '')}`;
    }
    if (Object.keys(lines).length) errors.lines = lines;
    else if (figures.lines.length === 0) errors.items = 'Enter a quantity to credit on at least one line.';
  } else {
    const parsed = parseDecimal(state.amount);
    if (state.amount.trim() === '') errors.amount = 'Enter the amount to credit.';
    else if (!parsed.ok) errors.amount = 'Enter the amount as a number, like 25.00.';
    else if (parsed.scaled <= 0n) errors.amount = 'The amount must be greater than 0.';
  }
  if (!errors[field] && !errors.lines && compareMoney(figures.leftToCredit, 0) < 0) {
    errors[field] = `Credit notes cannot exceed the invoice total: ${money(creditableLeft(invoice))} left to credit.`;
  }

  const reason = state.reason.trim();
  if (reason === '') errors.reason = 'Give the reason for the credit note.';
  else if (reason.length > REASON_MAX) errors.reason = `The reason must be at most ${REASON_MAX} characters.`;

  if (!state.resolution) errors.resolution = 'Choose what happens to the credited amount.';
  else if (!availableResolutions(invoice).includes(state.resolution)) errors.resolution = 'This invoice does not allow that choice.';
  else if (state.resolution === 'reduce_balance' && !errors[field] && compareMoney(figures.total, invoice.balanceDue) > 0) {
    errors.resolution = `Reducing the balance takes off at most the balance due (${money(invoice.balanceDue)}).`;
  }
  return errors;
}

export const hasErrors = (errors: CreditNoteErrors) => Object.keys(errors).length > 0;

/** POST /api/credit-notes: the credited lines (each naming its invoice line) or the amount. */
export function toCreditNoteBody(
  invoice: Pick<Invoice, 'id' | 'total' | 'creditedAmount' | 'items'>,
  state: CreditNoteFormState,
): CreditNoteCreateBody {
  const base = { invoiceId: invoice.id, reason: state.reason.trim(), resolution: state.resolution! };
  const figures = creditFigures(invoice, state);
  if (state.mode === 'amount') return { ...base, amount: figures.total };
  return {
    ...base,
    items: figures.lines.map(({ item, quantity }) => ({
      invoiceItemId: item.id,
      description: item.description,
      quantity,
      rate: item.rate,
      productId: item.productId,
      taxRateId: item.taxRateId,
      taxRate: item.taxRate,
    })),
  };
}

/** A server answer's field problems on the form: `items.3.quantity` on that line, `items`/`amount`/… on theirs. */
export function serverErrors(
  issues: readonly { path: string; message: string }[],
  items: readonly Pick<InvoiceItem, 'id'>[],
  sent: readonly { invoiceItemId?: number | null }[] | undefined,
): CreditNoteErrors {
  const errors: CreditNoteErrors = {};
  for (const issue of issues) {
    const line = /^items\.(\d+)(\.|$)/.exec(issue.path);
    const itemId = line ? sent?.[Number(line[1])]?.invoiceItemId : undefined;
    if (itemId != null && items.some((it) => it.id === itemId)) errors.lines = { ...errors.lines, [itemId]: issue.message };
    else {
      const top = issue.path.split('.')[0] as CreditNoteField;
      if (CREDIT_NOTE_FIELDS.includes(top)) errors[top] ??= issue.message;
    }
  }
  return errors;
}
