import { z } from 'zod';
import { CustomerCreateBody, CustomerPatchBody, Customer } from './customer.ts';
import { InvoiceCreateBody, InvoicePatchBody, Invoice, DashboardStats, DashboardStatsQuery, InvoiceStatus } from './invoice.ts';
import { Product, ProductBody, ProductPatchBody } from './product.ts';
import { CursorFields, CursorQuery, Id } from './common.ts';
import type { HttpMethod } from './services.ts';
import {
  WebhookBody,
  WebhookCreated,
  WebhookDelivery,
  WebhookDeliveryStatus,
  WebhookPatchBody,
  Webhook,
  type ApiKeyScope,
  type WebhookEventType,
} from './integrations.ts';
import { CustomerDeletedData } from './events.ts';
import { ManualPaymentBody, Payment, PaymentEventData, RefundBody } from './payments.ts';
import { RecurringEventData } from './recurring.ts';
import { InvoiceEventData } from './invoice.ts';
import { CreditNoteEventData } from './credit-note/events.ts';
import { QuoteEventData } from './quote/events.ts';
import { Quote, QuoteConvertResult, QuoteCreateBody, QuotePatchBody, QuoteStatus } from './quote/index.ts';

/**
 * The public REST API (`/api/v1`, areas §7 "The public API documented on the Documentation tab"): the gateway
 * authenticates `Authorization: Bearer bp_…`, checks the route's scope, limits each key per hour, replays POSTs
 * with an `Idempotency-Key`, and forwards to the owning service's own route with the key's tenant. The bodies
 * are the app's own contracts; lists come in the `ApiList` envelope.
 */

export const PUBLIC_API_BASE = '/api/v1';

/**
 * Dated versions of the API (issue 23): a request may name one in `Billpoint-Version`; without it, the organization's
 * version applies, pinned to the current one at its first call. Every answer says which version answered it.
 */
export const API_VERSIONS = ['2026-11-26'] as const;
export type ApiVersion = (typeof API_VERSIONS)[number];
export const CURRENT_API_VERSION: ApiVersion = API_VERSIONS[API_VERSIONS.length - 1]!;
export const API_VERSION_HEADER = 'billpoint-version';

export interface PublicApiRoute {
  method: HttpMethod;
  /** Under /api/v1, `:id` for the numeric id. */
  path: string;
  scope: Exclude<ApiKeyScope, '*'>;
  /** The service route it is answered by (same `:id`), with the same method; `?…` adds fixed query parameters. */
  target: string;
  summary: string;
  /** A cursor list: the service's array + x-has-more becomes an `ApiList`. */
  list?: boolean;
  /** What the caller may send: strict (an unknown parameter or field is a 400 naming it). */
  query?: z.ZodObject;
  body?: z.ZodType;
  /** The answer's item (a list's item); none for a 204. */
  response?: z.ZodType;
  /** The success status: 200 unless said (201 a creation, 204 a deletion). */
  status?: 200 | 201 | 204;
  /** The answer's media type when not JSON (the PDF). */
  produces?: 'application/pdf';
  /** Longer text for the document: the rules of the operation beyond its schema. */
  description?: string;
}

/** The public lists' queries: cursor paging and each list's filters, nothing else. */
export const ApiCustomerListQuery = z.strictObject({
  ...CursorFields,
  search: z.string().trim().max(200, 'search must be at most 200 characters').optional(),
});
export const ApiInvoiceListQuery = z.strictObject({
  ...CursorFields,
  status: InvoiceStatus.optional(),
  customerId: Id.optional(),
  createdFrom: z.iso.datetime({ offset: true, error: 'createdFrom must be an ISO 8601 date-time' }).optional(),
  createdTo: z.iso.datetime({ offset: true, error: 'createdTo must be an ISO 8601 date-time' }).optional(),
});
export const ApiProductListQuery = ApiCustomerListQuery;
export const ApiQuoteListQuery = z.strictObject({ ...CursorFields, status: QuoteStatus.optional(), customerId: Id.optional() });
export const ApiPaymentListQuery = z.strictObject({ ...CursorFields, invoiceId: Id.optional() });
export const ApiWebhookListQuery = CursorQuery;
export const ApiDeliveryListQuery = z.strictObject({ ...CursorFields, status: WebhookDeliveryStatus.optional() });
export const ApiDashboardQuery = DashboardStatsQuery.strict();

const crud = <Q extends z.ZodObject>(o: {
  name: string;
  plural: string;
  target: string;
  read: Exclude<ApiKeyScope, '*'>;
  write: Exclude<ApiKeyScope, '*'>;
  remove: Exclude<ApiKeyScope, '*'>;
  query: Q;
  create: z.ZodType;
  patch: z.ZodType;
  response: z.ZodType;
  created?: z.ZodType;
  notes?: { patch?: string; remove?: string };
}): PublicApiRoute[] => [
  {
    method: 'GET',
    path: `/${o.plural}`,
    scope: o.read,
    target: o.target,
    summary: `List ${o.plural}`,
    list: true,
    query: o.query,
    response: o.response,
  },
  {
    method: 'POST',
    path: `/${o.plural}`,
    scope: o.write,
    target: o.target,
    summary: `Create a ${o.name}`,
    body: o.create,
    response: o.created ?? o.response,
    status: 201,
  },
  { method: 'GET', path: `/${o.plural}/:id`, scope: o.read, target: `${o.target}/:id`, summary: `Get a ${o.name}`, response: o.response },
  {
    method: 'PATCH',
    path: `/${o.plural}/:id`,
    scope: o.write,
    target: `${o.target}/:id`,
    summary: `Update a ${o.name}`,
    description: `Only the fields sent change; the others keep their values.${o.notes?.patch ? ` ${o.notes.patch}` : ''}`,
    body: o.patch,
    response: o.response,
  },
  {
    method: 'DELETE',
    path: `/${o.plural}/:id`,
    scope: o.remove,
    target: `${o.target}/:id`,
    summary: `Delete a ${o.name}`,
    ...(o.notes?.remove ? { description: o.notes.remove } : {}),
    status: 204,
  },
];

export const publicApiRoutes: readonly PublicApiRoute[] = [
  ...crud({
    name: 'customer',
    plural: 'customers',
    target: '/api/customers',
    read: 'customers:read',
    write: 'customers:write',
    remove: 'customers:delete',
    query: ApiCustomerListQuery,
    create: CustomerCreateBody,
    patch: CustomerPatchBody,
    response: Customer,
  }),
  ...crud({
    name: 'invoice',
    plural: 'invoices',
    target: '/api/invoices',
    read: 'invoices:read',
    write: 'invoices:write',
    remove: 'invoices:delete',
    query: ApiInvoiceListQuery,
    create: InvoiceCreateBody,
    patch: InvoicePatchBody,
    response: Invoice,
    notes: {
      patch: 'A draft only: an invoice that was sent answers 409 `resource_state_invalid` (void it instead).',
      remove: 'A draft only: an invoice that was sent answers 409 `resource_state_invalid` (void it instead).',
    },
  }).map((r) => (r.method === 'DELETE' ? { ...r, target: `${r.target}?draftOnly=true` } : r)),
  {
    method: 'POST',
    path: '/invoices/:id/send',
    scope: 'invoices:write',
    target: '/api/invoices/:id/send',
    summary: 'Send an invoice to its customer by e-mail',
    description:
      'A draft becomes sent; sending again e-mails it again. A customer without an e-mail address answers 422 `request_unprocessable`.',
    response: Invoice,
  },
  {
    method: 'GET',
    path: '/invoices/:id/pdf',
    scope: 'invoices:read',
    target: '/api/invoices/:id/pdf',
    summary: 'Download an invoice as PDF',
    produces: 'application/pdf',
  },
  {
    method: 'POST',
    path: '/invoices/:id/void',
    scope: 'invoices:write',
    target: '/api/invoices/:id/void',
    summary: 'Void an invoice',
    description:
      'A sent, viewed or overdue invoice without payments becomes cancelled and can no longer be paid. A draft (delete it instead), a paid invoice or one with payments answers 409 `resource_state_invalid`.',
    response: Invoice,
  },
  // Quotes (issue 25) under the invoice scopes: invoices:read reads them, invoices:write writes, sends and converts.
  ...crud({
    name: 'quote',
    plural: 'quotes',
    target: '/api/quotes',
    read: 'invoices:read',
    write: 'invoices:write',
    remove: 'invoices:delete',
    query: ApiQuoteListQuery,
    create: QuoteCreateBody,
    patch: QuotePatchBody,
    response: Quote,
    notes: {
      patch:
        'A draft, sent or viewed quote only (a sent one stays sent): an answered, expired or converted quote answers 409 `resource_state_invalid`.',
      remove: 'A draft, declined or expired quote only: any other answers 409 `resource_state_invalid`.',
    },
  }),
  {
    method: 'POST',
    path: '/quotes/:id/send',
    scope: 'invoices:write',
    target: '/api/quotes/:id/send',
    summary: 'Send a quote to its customer by e-mail',
    description:
      'The e-mail links to the public page where the customer accepts or declines. A draft becomes sent; sending again e-mails it again. An answered, expired or converted quote answers 409 `resource_state_invalid`; a customer without an e-mail address 422 `request_unprocessable`.',
    response: Quote,
  },
  {
    method: 'GET',
    path: '/quotes/:id/pdf',
    scope: 'invoices:read',
    target: '/api/quotes/:id/pdf',
    summary: 'Download a quote as PDF',
    produces: 'application/pdf',
  },
  {
    method: 'POST',
    path: '/quotes/:id/convert',
    scope: 'invoices:write',
    target: '/api/quotes/:id/convert',
    summary: 'Convert a quote into a draft invoice',
    description:
      'A draft, sent, viewed or accepted quote becomes converted, and a draft invoice with its customer, lines, notes, terms, discount and shipping is made (its `quoteId` names the quote). A quote converts once: again answers 409 `resource_state_invalid` naming the invoice.',
    response: QuoteConvertResult,
  },
  {
    method: 'GET',
    path: '/payments',
    scope: 'payments:read',
    target: '/api/payments',
    summary: 'List payments',
    list: true,
    query: ApiPaymentListQuery,
    response: Payment,
  },
  {
    method: 'POST',
    path: '/payments',
    scope: 'payments:write',
    target: '/api/payments',
    summary: 'Record a payment received outside Billpoint',
    description:
      'Cash, bank transfer or check. The amount may not exceed what is left to pay on the invoice (400 naming `amount`); a paid invoice answers 409 `resource_state_invalid`.',
    body: ManualPaymentBody,
    response: Payment,
    status: 201,
  },
  {
    method: 'GET',
    path: '/payments/:id',
    scope: 'payments:read',
    target: '/api/payments/:id',
    summary: 'Get a payment',
    response: Payment,
  },
  {
    method: 'POST',
    path: '/payments/:id/refund',
    scope: 'payments:write',
    target: '/api/payments/:id/refund',
    summary: 'Refund a payment',
    description:
      'Gives back `amount` (by default all that is left) of a completed payment: at Stripe or PayPal for a card or PayPal payment, as a record for a manual one. More than is left answers 400 naming `amount`.',
    body: RefundBody,
    response: Payment,
  },
  ...crud({
    name: 'product',
    plural: 'products',
    target: '/api/products',
    read: 'products:read',
    write: 'products:write',
    remove: 'products:write',
    query: ApiProductListQuery,
    create: ProductBody,
    patch: ProductPatchBody,
    response: Product,
  }),
  ...crud({
    name: 'webhook endpoint',
    plural: 'webhooks',
    target: '/api/integrations/webhooks',
    read: 'webhooks:read',
    write: 'webhooks:write',
    remove: 'webhooks:write',
    query: ApiWebhookListQuery,
    create: WebhookBody,
    patch: WebhookPatchBody,
    response: Webhook,
    created: WebhookCreated,
  }),
  {
    method: 'GET',
    path: '/webhooks/:id/deliveries',
    scope: 'webhooks:read',
    target: '/api/integrations/webhooks/:id/deliveries',
    summary: "List a webhook endpoint's deliveries",
    list: true,
    query: ApiDeliveryListQuery,
    response: WebhookDelivery,
  },
  {
    method: 'POST',
    path: '/webhooks/:id/test',
    scope: 'webhooks:write',
    target: '/api/integrations/webhooks/:id/test',
    summary: 'Send a test event (webhook.test) to an endpoint',
    response: WebhookDelivery,
  },
  {
    method: 'GET',
    path: '/analytics/dashboard',
    scope: 'analytics:read',
    target: '/api/dashboard/stats',
    summary: 'The dashboard figures',
    description:
      'Without `period`: all time. Without `currency`: every currency, amounts in the base currency; with it, only that currency, nothing converted.',
    query: ApiDashboardQuery,
    response: DashboardStats,
  },
];

/** A page of a list: the items, newest first, and whether more follow in the direction of paging. */
export const ApiList = <T extends z.ZodType>(item: T) =>
  z.object({
    object: z.literal('list'),
    data: z.array(item),
    has_more: z.boolean(),
  });

/** Headers of every /api/v1 answer (areas §7: X-RateLimit-Limit and X-RateLimit-Remaining). */
export const RateLimitHeaders = {
  limit: 'x-ratelimit-limit',
  remaining: 'x-ratelimit-remaining',
  /** Seconds until the window resets. */
  reset: 'x-ratelimit-reset',
  retryAfter: 'retry-after',
} as const;

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Set on an answer replayed for a repeated Idempotency-Key. */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';
/** How long an Idempotency-Key is remembered (Stripe's 24 h). */
export const IDEMPOTENCY_TTL_HOURS = 24;

/** The `data` of each outgoing webhook event (documented in the OpenAPI document's webhooks section). */
export const WebhookEventPayloads: Record<WebhookEventType, z.ZodType> = {
  'invoice.created': InvoiceEventData,
  'invoice.updated': InvoiceEventData,
  'invoice.paid': InvoiceEventData,
  'invoice.overdue': InvoiceEventData,
  'credit_note.created': CreditNoteEventData,
  'quote.created': QuoteEventData,
  'quote.updated': QuoteEventData,
  'quote.sent': QuoteEventData,
  'quote.accepted': QuoteEventData,
  'quote.declined': QuoteEventData,
  'quote.expired': QuoteEventData,
  'quote.converted': QuoteEventData,
  'quote.deleted': QuoteEventData,
  'customer.created': Customer,
  'customer.updated': Customer,
  'customer.deleted': CustomerDeletedData,
  'payment.completed': PaymentEventData,
  'payment.failed': PaymentEventData,
  'subscription.created': RecurringEventData,
  'subscription.cancelled': RecurringEventData,
};
