import {
  invoicesDueNow,
  lineAmount,
  percentOf,
  periodDate,
  RecurringBody,
  RecurringMessages,
  sumMoney,
  type Frequency,
  type RecurringInvoice,
  SubscriptionCurrencies,
} from '@billpoint/proto';
import type { Resolver } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';
import { isFormField } from '@/lib/api-issues';
import { issuesToErrors } from '@/lib/form-errors';
import { checkNumber, numberForInput, typedSoFar } from '@/lib/number-input';
import { formatDefaults } from '@/lib/format';

/**
 * The subscription form: what its inputs hold, the POST/PUT body built from it, and the
 * client-side validation, which is proto's RecurringBody itself so the browser shows the server's messages.
 */
export type SubscriptionCurrency = (typeof SubscriptionCurrencies)[number];
/**
 * A row as the inputs hold it. Its tax: one of the tenant's tax rates (`taxRateId`, sent) with its percentage and name
 * (`taxRate`, `taxRateName`: shown, never sent — the server takes the rate's), or none.
 */
export type ItemValues = {
  description: string;
  quantity: string;
  unitPrice: string;
  /** The catalog product the row was filled from (sent; the server checks it), or none. */
  productId?: number | null;
  taxRateId?: number | null;
  taxRate?: string | null;
  taxRateName?: string | null;
};
export type SubscriptionFormValues = {
  name: string;
  /** The customer dropdown's value: the id as text, '' until one is chosen. */
  customerId: string;
  frequency: Frequency;
  startDate: string;
  /** '' when the schedule has no end. */
  endDate: string;
  currency: SubscriptionCurrency;
  autoSend: boolean;
  notes: string;
  items: ItemValues[];
};

/** A new row is empty with quantity 1. */
export const newItem = (): ItemValues => ({
  description: '',
  quantity: '1',
  unitPrice: '',
  productId: null,
  taxRateId: null,
  taxRate: null,
  taxRateName: null,
});

/** One empty item, start date today, monthly, the organization's currency, not sent automatically. */
export const createDefaults = (today: string): SubscriptionFormValues => ({
  name: '',
  customerId: '',
  frequency: 'monthly',
  startDate: today,
  endDate: '',
  currency: SubscriptionCurrencies.find((c) => c === formatDefaults().currency) ?? 'USD',
  autoSend: false,
  notes: '',
  items: [newItem()],
});

/** "2.00" → "2", "2.50" → "2.5": quantities as a person types them. */
const plainQuantity = (q: string) => q.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');

/** The edit form prefilled from GET /api/recurring-invoices/{id}. */
export const fromSubscription = (s: RecurringInvoice): SubscriptionFormValues => ({
  name: s.name,
  customerId: String(s.customerId),
  frequency: s.frequency,
  startDate: s.startDate,
  endDate: s.endDate ?? '',
  currency: s.currency as SubscriptionCurrency,
  autoSend: s.autoSend,
  notes: s.notes ?? '',
  items: s.items.length
    ? s.items.map((it) => ({
        description: it.description,
        quantity: numberForInput(plainQuantity(it.quantity)),
        unitPrice: numberForInput(it.unitPrice),
        productId: it.productId,
        taxRateId: it.taxRateId,
        taxRate: it.taxRateId == null ? null : it.taxRate,
        taxRateName: it.taxRateName,
      }))
    : [newItem()],
});

/**
 * quantity × unit price to cents with proto's exact arithmetic, for what is typed so far: an empty or
 * unfinished number counts as 0, so the Amount column and the total never show NaN.
 */
export function displayAmount(quantity: string, unitPrice: string): string {
  return lineAmount(typedSoFar(quantity), typedSoFar(unitPrice));
}

/** A typed number as the API takes it ("1.234,5" in German → "1234.5"); unreadable text as typed (validate names it). */
const canonicalOf = (typed: string) => {
  const r = checkNumber(typed, '', { negative: true });
  return r.ok ? r.value : typed;
};

/** The rows that are saved: on submit, items with a blank description are dropped. */
export const keptIndices = (items: readonly Partial<ItemValues>[]) =>
  items.flatMap((it, i) => ((it.description ?? '').trim() === '' ? [] : [i]));

/** A row's tax for what is typed so far (proto's percentOf, as the server computes it); untaxed or unreadable: 0. */
function displayTax(amount: string, rate: string | null | undefined): string {
  try {
    return percentOf(amount, rate?.trim() || '0');
  } catch {
    return '0.00';
  }
}

/**
 * Each row's Amount, and the figures of one invoice over the rows that are saved: Subtotal (the amounts), Tax (each
 * row's to the cent, half up) and Total (both; what the server stores as the schedule's total).
 */
export function figures(items: readonly Partial<ItemValues>[]) {
  const amounts = items.map((it) => displayAmount(it.quantity ?? '', it.unitPrice ?? ''));
  const kept = keptIndices(items);
  const subtotal = sumMoney(kept.map((i) => amounts[i]!));
  const tax = sumMoney(kept.map((i) => (items[i]!.taxRateId != null ? displayTax(amounts[i]!, items[i]!.taxRate) : '0.00')));
  return { amounts, subtotal, tax, total: sumMoney([subtotal, tax]) };
}

/** POST/PUT body: the kept items with their amounts (and tax rate), the total, nextInvoiceDate = startDate. */
export function toBody(values: SubscriptionFormValues): RecurringBody {
  const { amounts, total } = figures(values.items);
  const customerId = values.customerId.trim();
  return {
    name: values.name,
    customerId: /^\d+$/.test(customerId) ? Number(customerId) : customerId,
    frequency: values.frequency,
    startDate: values.startDate,
    endDate: values.endDate || null,
    currency: values.currency,
    autoSend: values.autoSend,
    notes: values.notes,
    items: keptIndices(values.items).map((i) => {
      const { description, quantity, unitPrice, productId, taxRateId } = values.items[i]!;
      return {
        description,
        quantity: canonicalOf(quantity),
        unitPrice: canonicalOf(unitPrice),
        amount: amounts[i],
        ...(productId != null ? { productId } : {}),
        ...(taxRateId != null ? { taxRateId } : {}),
      };
    }),
    total,
    nextInvoiceDate: values.startDate,
  };
}

/** `items.2.quantity` of the sent (kept) rows → the same field of the form's row. */
export function toFormPath(path: string, kept: readonly number[]): string {
  const m = /^items\.(\d+)(\..+)?$/.exec(path);
  if (!m) return path;
  const row = kept[Number(m[1])];
  return row === undefined ? 'items' : `items.${row}${m[2] ?? ''}`;
}

const isField = isFormField(
  ['name', 'customerId', 'frequency', 'startDate', 'endDate', 'currency', 'autoSend', 'notes'],
  ['description', 'quantity', 'unitPrice', 'amount', 'productId', 'taxRateId'],
);

/** Field problems, on the form's own fields: RecurringBody's issues (or a 400's), with row numbers of the form. */
export function issuesOnForm(
  issues: readonly { path: string; message: string }[],
  items: readonly Partial<ItemValues>[],
): { name: string; message: string }[] {
  const kept = keptIndices(items);
  const out = issues.map((issue) => ({ name: toFormPath(issue.path, kept), message: issue.message })).filter((i) => isField(i.name));
  // Nothing left to save: point at the first row's description too, the one thing missing.
  if (kept.length === 0 && items.length > 0) out.push({ name: 'items.0.description', message: RecurringMessages.descriptionRequired });
  return out;
}

/** The field problems of a 400 answer to the body built from `values`. */
export function serverIssues(error: unknown, values: SubscriptionFormValues) {
  const issues = error instanceof ApiError ? (error.body?.issues ?? []) : [];
  return issues.length ? issuesOnForm(issues, values.items) : [];
}

export function validate(values: SubscriptionFormValues) {
  // A row's quantity or unit price that cannot be read in the person's locale is named first, with how to write it.
  const unreadable = keptIndices(values.items).flatMap((i) =>
    (['quantity', 'unitPrice'] as const).flatMap((field) => {
      const typed = values.items[i]![field];
      const r = typed.trim() === '' ? null : checkNumber(typed, field === 'quantity' ? 'Quantity' : 'Unit price', { negative: true });
      return r && !r.ok ? [{ name: `items.${i}.${field}`, message: r.message }] : [];
    }),
  );
  const result = RecurringBody.safeParse(toBody(values));
  if (result.success) return unreadable;
  const issues = result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  const named = new Set(unreadable.map((u) => u.name));
  return [...unreadable, ...issuesOnForm(issues, values.items).filter((i) => !named.has(i.name))];
}

/** react-hook-form resolver over validate(): the first message of each field. */
export const subscriptionResolver: Resolver<SubscriptionFormValues> = (values, _context, options) => {
  const issues = validate(values);
  return issues.length === 0 ? { values, errors: {} } : { values: {}, errors: issuesToErrors(issues, options) };
};

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The preview: the first invoice on the start date, the next one period later (anchored to the start,
 * month ends clamped), none after the end date; and, when the start date has come, how many invoices the
 * periods since then produce at once.
 */
export function preview(values: Pick<SubscriptionFormValues, 'startDate' | 'endDate' | 'frequency'>, today: string) {
  const { startDate, frequency } = values;
  if (!ISO_DATE.test(startDate)) return null;
  const endDate = ISO_DATE.test(values.endDate) ? values.endDate : null;
  const next = periodDate(startDate, frequency, 1);
  return {
    firstDate: startDate,
    nextDate: endDate && next > endDate ? null : next,
    dueNow: startDate <= today ? invoicesDueNow({ startDate, frequency, endDate }, today) : 0,
  };
}

/**
 * What the preview panel shows. A new schedule, or one that has not generated anything yet (the server starts it
 * over from the start date on save): the first date, the next one and the catch-up count (none while paused). A
 * schedule that has generated invoices: how many, and the next date the server has scheduled (none while paused or
 * after the end date).
 */
export function schedulePreview(
  values: Pick<SubscriptionFormValues, 'startDate' | 'endDate' | 'frequency'>,
  today: string,
  schedule?: Pick<RecurringInvoice, 'totalInvoicesGenerated' | 'nextInvoiceDate' | 'isActive'>,
): { generated: number | null; firstDate: string | null; nextDate: string | null; dueNow: number } {
  if (schedule && schedule.totalInvoicesGenerated > 0) {
    const next = schedule.isActive ? schedule.nextInvoiceDate : null;
    const ended = next && ISO_DATE.test(values.endDate) && next > values.endDate;
    return { generated: schedule.totalInvoicesGenerated, firstDate: null, nextDate: ended ? null : next, dueNow: 0 };
  }
  const p = preview(values, today);
  return {
    generated: schedule ? 0 : null,
    firstDate: p?.firstDate ?? null,
    nextDate: p?.nextDate ?? null,
    dueNow: p && (!schedule || schedule.isActive) ? p.dueNow : 0,
  };
}

/** "1 invoice", "3 invoices". */
export const invoiceCount = (n: number) => `${n} ${n === 1 ? 'invoice' : 'invoices'}`;
