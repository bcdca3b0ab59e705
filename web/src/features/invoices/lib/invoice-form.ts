import { z } from 'zod';
import {
  computeInvoice,
  editFormToStatus,
  EditFormStatuses,
  InvoiceCreateBody,
  InvoiceItemInput,
  InvoiceMessages,
  InvoiceUpdateBody,
  statusToEditForm,
  type Invoice,
  type InvoiceStatus,
} from '@billpoint/proto';
import { daysFromToday, editedLineSchema, LINE_ITEM_FIELDS, LINE_NUMBERS, lineExtras, lineToForm, newItem } from '@/lib/line-items';
import { localNumbers, numberForInput, optionalLocalNumber } from '@/lib/number-input';
import { formatDefaults } from '@/lib/format';

/**
 * The invoice forms, derived from proto's request schemas so the browser shows the server's messages
 * and sends what the server accepts.
 */

/** The template picker: '' (none: the tenant's default when the PDF is made) or a template id. */
const templateChoice = z.string().transform((v) => (v ? Number(v) : null));

/** What a line shows but never sends: the name of the tax rate it carries (an edited invoice's rate may be gone since). */
const lineDisplay = { taxRateName: z.string().nullish() };

/** An exchange rate as typed: empty is none (the server takes the rate in force on the issue date). */
const typedExchangeRate = optionalLocalNumber('Exchange rate', InvoiceUpdateBody.shape.exchangeRate);

/** Create: customer (the dropdown's string), due date, notes, terms and the items' description, quantity and rate. */
export const invoiceCreateFormSchema = localNumbers(
  InvoiceCreateBody.shape.invoice.pick({
    customerId: true,
    dueDate: true,
    notes: true,
    terms: true,
    issueDate: true,
    currency: true,
    discountAmount: true,
  }),
  { discountAmount: { label: 'Discount' } },
).extend({
  exchangeRate: typedExchangeRate,
  /** The template picker's value: a template id, or '' for the tenant's default. */
  templateId: templateChoice,
  items: z
    .array(
      localNumbers(
        InvoiceItemInput.pick({ description: true, quantity: true, rate: true, taxRate: true, productId: true, taxRateId: true }).extend(
          lineDisplay,
        ),
        LINE_NUMBERS,
      ),
      { error: InvoiceMessages.itemsRequired },
    )
    .min(1, InvoiceMessages.itemsRequired),
});
export type InvoiceCreateFormOutput = z.output<typeof invoiceCreateFormSchema>;
/** What the inputs hold: text (the customer id is the dropdown's string value, numbers as typed). */
export type InvoiceCreateFormInput = z.input<typeof invoiceCreateFormSchema>;

/** The item fields a 400's issues can name on the invoice forms (`items.N.productId`: 'Product not found'). */
export const INVOICE_ITEM_FIELDS = LINE_ITEM_FIELDS;

/** Due 30 days from today. */
export const defaultDueDate = (today = new Date()) => daysFromToday(30, today);

export const createFormDefaults = (today = new Date()): InvoiceCreateFormInput => ({
  customerId: '',
  dueDate: defaultDueDate(today),
  notes: '',
  terms: '',
  templateId: '',
  exchangeRate: '',
  items: [newItem()],
  // Today, the organization's currency and no discount unless the user, the customer or an AI draft says otherwise.
  issueDate: null,
  currency: formatDefaults().currency,
  discountAmount: '0',
});

/**
 * POST /api/invoices body: money as text, a draft (in USD unless another currency is chosen or an AI
 * draft set it, at the rate typed or else the one in force on the issue date) with no tax or shipping, and a discount
 * only when an AI draft set one. Without a number (next-number still loading) the server takes the next one of the
 * sequence.
 */
export function toCreateBody(values: InvoiceCreateFormOutput, invoiceNumber: string, today: string): InvoiceCreateBody {
  const figures = computeInvoice(values.items, { discountAmount: values.discountAmount });
  const issueDate = values.issueDate ?? today;
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
      currency: values.currency,
      ...(values.exchangeRate ? { exchangeRate: values.exchangeRate } : {}),
      taxRate: '0',
      taxAmount: '0',
      discountAmount: figures.discountAmount,
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
  exchangeRate: typedExchangeRate,
  items: z.array(editedLineSchema, { error: InvoiceMessages.itemsRequired }).min(1, InvoiceMessages.itemsRequired),
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
    exchangeRate: numberForInput(invoice.exchangeRate),
    items: (invoice.items ?? []).map(lineToForm),
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

/** PUT /api/invoices/{id} body. */
export function toUpdateBody(values: InvoiceEditFormOutput, storedStatus: InvoiceStatus, storedRate?: string): InvoiceUpdateBody {
  const figures = computeInvoice(values.items);
  return {
    customerId: values.customerId,
    issueDate: values.issueDate,
    dueDate: values.dueDate,
    notes: values.notes,
    templateId: values.templateId,
    // A rate changed by hand; empty: a draft takes the rate in force on its (new) issue date, an issued invoice keeps its own.
    ...(values.exchangeRate && values.exchangeRate !== storedRate ? { exchangeRate: values.exchangeRate } : {}),
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
