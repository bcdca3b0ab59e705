import { z } from 'zod';
import {
  computeInvoice,
  editFormToStatus,
  EditFormStatuses,
  InvoiceCreateBody,
  InvoiceItemInput,
  InvoiceItemUpdateInput,
  InvoiceMessages,
  InvoiceUpdateBody,
  lineAmount,
  percentOf,
  statusToEditForm,
  sumMoney,
  type Invoice,
  type InvoiceStatus,
} from '@billpoint/proto';
import { addDays, startOfDay } from 'date-fns';
import { toIsoDate } from '@/lib/format';

/**
 * The invoice forms, derived from proto's request schemas so the browser shows the server's messages
 * (spec core §5) and sends what the server accepts.
 */

/** The template picker: '' (none: the tenant's default when the PDF is made) or a template id. */
const templateChoice = z.string().transform((v) => (v ? Number(v) : null));

/** What a line shows but never sends: the name of the tax rate it carries (an edited invoice's rate may be gone since). */
const lineDisplay = { taxRateName: z.string().nullish() };

/** Create: customer (the dropdown's string), due date, notes, terms and the items' description, quantity and rate. */
export const invoiceCreateFormSchema = InvoiceCreateBody.shape.invoice
  .pick({ customerId: true, dueDate: true, notes: true, terms: true })
  .extend({
    /** The template picker's value: a template id, or '' for the tenant's default. */
    templateId: templateChoice,
    items: z
      .array(
        InvoiceItemInput.pick({ description: true, quantity: true, rate: true, taxRate: true, productId: true, taxRateId: true }).extend(
          lineDisplay,
        ),
        { error: InvoiceMessages.itemsRequired },
      )
      .min(1, InvoiceMessages.itemsRequired),
  });
export type InvoiceCreateFormOutput = z.output<typeof invoiceCreateFormSchema>;
/** What the inputs hold: text (the customer id is the dropdown's string value, numbers as typed). */
export type InvoiceCreateFormInput = z.input<typeof invoiceCreateFormSchema>;

/** The item fields a 400's issues can name on the invoice forms (`items.N.productId`: 'Product not found'). */
export const INVOICE_ITEM_FIELDS = ['description', 'quantity', 'rate', 'productId', 'taxRateId'];

/** Spec core §9: one item with empty description, quantity 1, rate 0. */
export const newItem = () => ({ description: '', quantity: '1', rate: '0' });

/** Spec core §9: due 30 days from today. */
export const defaultDueDate = (today = new Date()) => toIsoDate(addDays(startOfDay(today), 30));

export const createFormDefaults = (today = new Date()): InvoiceCreateFormInput => ({
  customerId: '',
  dueDate: defaultDueDate(today),
  notes: '',
  terms: '',
  templateId: '',
  items: [newItem()],
});

/**
 * quantity × rate to cents with proto's exact arithmetic, for what is typed so far: an empty or
 * unfinished number counts as 0, so the Amount column and the running total never show NaN.
 */
export function displayLineAmount(quantity: unknown, rate: unknown): string {
  try {
    return lineAmount(String(quantity ?? '').trim() || '0', String(rate ?? '').trim() || '0');
  } catch {
    return '0.00';
  }
}

/** A line's tax for what is typed so far: its own rate (a product's), else the invoice's; unreadable counts as 0. */
function displayLineTax(amount: string, rate: unknown): string {
  try {
    return percentOf(amount, String(rate ?? '').trim() || '0');
  } catch {
    return '0.00';
  }
}

/**
 * The Amount of each row, their Subtotal, the Tax of the lines that carry a rate (a product's; none on a line typed
 * by hand, so then Total = Subtotal as spec core §5 says) and the Total, as the server computes them.
 */
export function runningFigures(items: readonly { quantity?: unknown; rate?: unknown; taxRate?: unknown }[], defaultTaxRate?: string) {
  const amounts = items.map((it) => displayLineAmount(it.quantity, it.rate));
  const subtotal = sumMoney(amounts);
  const tax = sumMoney(amounts.map((a, i) => displayLineTax(a, items[i]!.taxRate ?? defaultTaxRate)));
  return { amounts, subtotal, tax, total: sumMoney([subtotal, tax]) };
}

/**
 * A line's product and tax go to the server only when it has them: one of the tenant's tax rates by id (the server
 * takes its percentage), else a bare percentage (a product's that matches no rate; it overrides the invoice's).
 */
const lineExtras = (it: { taxRate?: string | null; productId?: number | null; taxRateId?: number | null }) => ({
  ...(it.taxRateId != null ? { taxRateId: it.taxRateId } : it.taxRate != null ? { taxRate: it.taxRate } : {}),
  ...(it.productId != null ? { productId: it.productId } : {}),
});

/**
 * POST /api/invoices body (spec core §3): money as text, a draft in USD with no tax, discount or shipping.
 * Without a number (next-number still loading) the server takes the next one of the sequence.
 */
export function toCreateBody(values: InvoiceCreateFormOutput, invoiceNumber: string, issueDate: string): InvoiceCreateBody {
  const figures = computeInvoice(values.items);
  return {
    invoice: {
      customerId: values.customerId,
      ...(invoiceNumber ? { invoiceNumber } : {}),
      issueDate,
      dueDate: values.dueDate,
      subtotal: figures.subtotal,
      total: figures.total,
      notes: values.notes,
      terms: values.terms,
      templateId: values.templateId,
      status: 'draft',
      currency: 'USD',
      taxRate: '0',
      taxAmount: '0',
      discountAmount: '0',
      shippingAmount: '0',
    },
    items: values.items.map((it, i) => ({
      description: it.description,
      quantity: it.quantity,
      rate: it.rate,
      amount: figures.lines[i]!.amount,
      ...lineExtras(it),
    })),
  };
}

/** Edit: customer ("Please select a customer"), the four statuses of the form, dates, notes and items (with their ids). */
export const invoiceEditFormSchema = z.object({
  customerId: InvoiceUpdateBody.shape.customerId,
  status: z.enum(EditFormStatuses),
  issueDate: InvoiceUpdateBody.shape.issueDate.unwrap(),
  dueDate: InvoiceUpdateBody.shape.dueDate.unwrap(),
  notes: InvoiceUpdateBody.shape.notes.unwrap(),
  templateId: templateChoice,
  items: z
    .array(
      InvoiceItemUpdateInput.pick({
        id: true,
        description: true,
        quantity: true,
        rate: true,
        taxRate: true,
        productId: true,
        taxRateId: true,
      }).extend(lineDisplay),
      { error: InvoiceMessages.itemsRequired },
    )
    .min(1, InvoiceMessages.itemsRequired),
});
export type InvoiceEditFormOutput = z.output<typeof invoiceEditFormSchema>;
export type InvoiceEditFormInput = z.input<typeof invoiceEditFormSchema>;

export function invoiceToEditForm(invoice: Invoice): InvoiceEditFormInput {
  return {
    customerId: String(invoice.customerId),
    status: statusToEditForm(invoice.status),
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    notes: invoice.notes ?? '',
    templateId: invoice.templateId == null ? '' : String(invoice.templateId),
    items: (invoice.items ?? []).map((it) => ({
      id: it.id,
      description: it.description,
      quantity: it.quantity,
      rate: it.rate,
      taxRate: it.taxRate,
      productId: it.productId,
      taxRateId: it.taxRateId,
      taxRateName: it.taxRateName,
    })),
  };
}

/**
 * The stored status to save. The form knows four statuses; Pending means `sent` (proto editFormToStatus).
 * A stored status the form cannot show exactly (viewed, cancelled, refunded) is kept while the user leaves
 * the select alone, so editing the notes of a viewed or cancelled invoice does not rewrite its status.
 */
export function statusToSave(chosen: InvoiceEditFormInput['status'], stored: InvoiceStatus): InvoiceStatus {
  return chosen === statusToEditForm(stored) ? stored : editFormToStatus(chosen);
}

/** PUT /api/invoices/{id} body (spec core §7). */
export function toUpdateBody(values: InvoiceEditFormOutput, storedStatus: InvoiceStatus): InvoiceUpdateBody {
  const figures = computeInvoice(values.items);
  return {
    customerId: values.customerId,
    issueDate: values.issueDate,
    dueDate: values.dueDate,
    notes: values.notes,
    templateId: values.templateId,
    status: statusToSave(values.status, storedStatus),
    total: figures.total,
    items: values.items.map((it, i) => ({
      ...(it.id ? { id: it.id } : {}),
      description: it.description,
      quantity: it.quantity,
      rate: it.rate,
      amount: figures.lines[i]!.amount,
      ...lineExtras(it),
    })),
  };
}
