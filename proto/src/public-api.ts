import { z } from 'zod';
import { EInvoiceQuery } from './e-invoice.ts';
import { CustomerCreateBody, CustomerPatchBody, Customer } from './customer.ts';
import { InvoiceCreateBody, InvoicePatchBody, Invoice, DashboardStats, DashboardStatsQuery, InvoiceStatus } from './invoice.ts';
import { Product, ProductBody, ProductPatchBody } from './product.ts';
import { CursorFields, CursorQuery, Id } from './common.ts';
import {
  WebhookBody,
  WebhookCreated,
  WebhookDelivery,
  WebhookDeliveryStatus,
  WebhookPatchBody,
  WebhookSecretRotated,
  Webhook,
  ApiEvent,
  ApiEventListQuery,
  type WebhookEventType,
} from './integrations.ts';
import { CustomerDeletedData } from './events.ts';
import { ManualPaymentBody, Payment, PaymentEventData, RefundBody } from './payments.ts';
import { RecurringEventData } from './recurring.ts';
import { recurringPublicApiRoutes } from './recurring-public-api.ts';
import { InvoiceEventData } from './invoice.ts';
import { QuoteEventData } from './quote/events.ts';
import { quotePublicApiRoutes } from './quote/public-api.ts';
import { creditNotePublicApiRoutes } from './credit-note/public-api.ts';
import { ApiTaxRateListQuery, TaxRate, TaxRateBody, TaxRateEventData, TaxRatePatchBody } from './tax.ts';
import { crud, type PublicApiRoute } from './public-api-route.ts';
import { withMetadataFilter } from './metadata.ts';

export type { PublicApiRoute } from './public-api-route.ts';
export { ApiQuoteListQuery } from './quote/public-api.ts';
export { ApiCreditNoteListQuery } from './credit-note/public-api.ts';
import { CreditNoteEventData } from './credit-note/events.ts';

/**
 * The public REST API (`/api/v1`, documented on the Integrations screen's Documentation tab): the gateway
 * authenticates `Authorization: Bearer bp_…`, checks the route's scope, limits each key per hour, replays POSTs
 * with an `Idempotency-Key`, and forwards to the owning service's own route with the key's tenant. The bodies
 * are the app's own contracts; lists come in the `ApiList` envelope.
 */

export const PUBLIC_API_BASE = '/api/v1';

/**
 * Dated versions of the API: a request may name one in `Billpoint-Version`; without it, the organization's
 * version applies, pinned to the current one at its first call. Every answer says which version answered it.
 */
export const API_VERSIONS = ['2026-11-26'] as const;
export type ApiVersion = (typeof API_VERSIONS)[number];
export const CURRENT_API_VERSION: ApiVersion = API_VERSIONS[API_VERSIONS.length - 1]!;
export const API_VERSION_HEADER = 'billpoint-version';

/** The public lists' queries: cursor paging and each list's filters, nothing else. */
export const ApiCustomerListQuery = withMetadataFilter(
  z.strictObject({
    ...CursorFields,
    search: z.string().trim().max(200, 'search must be at most 200 characters').optional(),
  }),
);
export const ApiInvoiceListQuery = withMetadataFilter(
  z.strictObject({
    ...CursorFields,
    status: InvoiceStatus.optional(),
    customerId: Id.optional(),
    createdFrom: z.iso.datetime({ offset: true, error: 'createdFrom must be an ISO 8601 date-time' }).optional(),
    createdTo: z.iso.datetime({ offset: true, error: 'createdTo must be an ISO 8601 date-time' }).optional(),
    recurringInvoiceId: Id.optional(),
  }),
);
export const ApiProductListQuery = ApiCustomerListQuery;
export const ApiPaymentListQuery = withMetadataFilter(z.strictObject({ ...CursorFields, invoiceId: Id.optional() }));
export const ApiWebhookListQuery = CursorQuery;
export const ApiDeliveryListQuery = z.strictObject({ ...CursorFields, status: WebhookDeliveryStatus.optional() });
export const ApiDashboardQuery = DashboardStatsQuery.strict();

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
      remove:
        'A draft only: an issued invoice keeps its number and answers 409 `resource_state_invalid` (cancel it or issue a credit note instead).',
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
    method: 'GET',
    path: '/invoices/:id/e-invoice',
    scope: 'invoices:read',
    target: '/api/invoices/:id/e-invoice',
    summary: 'Download an invoice as an EN 16931 e-invoice',
    description:
      '`format`: `ubl` (UBL 2.1), `cii` (UN/CEFACT CII D16B), `xrechnung` or `xrechnung-ubl` (XRechnung 3 in UBL), `xrechnung-cii` (XRechnung 3 in CII): `application/xml`; `factur-x` (Factur-X / ZUGFeRD EN 16931 profile: the invoice PDF as PDF/A-3 with its CII XML attached as `factur-x.xml`): `application/pdf`. What the format requires and the invoice, the organization settings, the customer or a tax rate lack answers 422 `request_unprocessable`, `issues` naming each field with its EN 16931 business term (`{"path": "seller.vatId", "bt": "BT-31", "message": "Seller VAT identifier (BT-31) is required"}`).',
    query: EInvoiceQuery.strict(),
    produces: ['application/xml', 'application/pdf'],
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
  ...quotePublicApiRoutes,
  ...creditNotePublicApiRoutes,
  {
    method: 'GET',
    path: '/tax-rates',
    scope: 'tax-rates:read',
    target: '/api/tax-rates',
    summary: 'List tax rates',
    description: '`active=true` keeps the rates that are active and valid today. Deleted rates are not listed.',
    list: true,
    query: ApiTaxRateListQuery,
    response: TaxRate,
  },
  {
    method: 'POST',
    path: '/tax-rates',
    scope: 'tax-rates:write',
    target: '/api/tax-rates',
    summary: 'Create a tax rate',
    description:
      'A rate invoice lines can name by `taxRateId`: its percentage, type, jurisdiction, EN 16931 category and validity. Its figures never change an invoice already made with it.',
    body: TaxRateBody,
    response: TaxRate,
    status: 201,
  },
  {
    method: 'GET',
    path: '/tax-rates/:id',
    scope: 'tax-rates:read',
    target: '/api/tax-rates/:id',
    summary: 'Retrieve a tax rate',
    response: TaxRate,
  },
  {
    method: 'PATCH',
    path: '/tax-rates/:id',
    scope: 'tax-rates:write',
    target: '/api/tax-rates/:id',
    summary: 'Update a tax rate',
    description:
      'Only the fields given change; the rate that results is checked as a whole (an `endDate` before the `startDate` answers 400 naming `endDate`). Invoices already made with the rate keep their figures.',
    body: TaxRatePatchBody,
    response: TaxRate,
  },
  {
    method: 'DELETE',
    path: '/tax-rates/:id',
    scope: 'tax-rates:write',
    target: '/api/tax-rates/:id',
    summary: 'Delete a tax rate',
    description: 'The rate is no longer offered; invoices that name it keep their figures.',
    status: 204,
  },
  ...recurringPublicApiRoutes,
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
    method: 'POST',
    path: '/webhooks/:id/rotate-secret',
    scope: 'webhooks:write',
    target: '/api/integrations/webhooks/:id/rotate-secret',
    summary: "Rotate a webhook endpoint's signing secret",
    description:
      'Answers the new secret (shown only here). Until `previousSecretExpiresAt` (24 hours) every delivery carries a second signature made with the previous secret, so a receiver can switch without losing an event.',
    response: WebhookSecretRotated,
  },
  {
    method: 'POST',
    path: '/webhooks/deliveries/:id/retry',
    scope: 'webhooks:write',
    target: '/api/integrations/webhooks/deliveries/:id/retry',
    summary: 'Send a delivery again now',
    description:
      'A failed or retrying delivery is attempted at once, with the same `webhook-id`, and answered with the attempt recorded. A delivery that already succeeded answers 400 naming `id`.',
    response: WebhookDelivery,
  },
  {
    method: 'GET',
    path: '/events',
    scope: 'events:read',
    target: '/api/integrations/events',
    summary: 'List events',
    description:
      'Every change a webhook reports, kept 30 days whether or not an endpoint was subscribed: a receiver that missed deliveries pages from the last `id` it saw (`ending_before` for newer ones). An event has the `id` of the webhook payload of the same change. `type` takes one event type or several, comma-separated; `created[gte]` and `created[lte]` are ISO 8601 date-times, both inclusive.',
    list: true,
    query: ApiEventListQuery,
    response: ApiEvent,
  },
  {
    method: 'GET',
    path: '/events/:id',
    scope: 'events:read',
    target: '/api/integrations/events/:id',
    summary: 'Get an event',
    description: 'An event of the last 30 days; an older one is no longer kept (404).',
    response: ApiEvent,
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

/** Headers of every /api/v1 answer (X-RateLimit-Limit and X-RateLimit-Remaining). */
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

/** A deleted product's webhook data: its id only. */
const ProductDeletedData = z.object({ id: z.number().int() });

/** The `data` of each outgoing webhook event (documented in the OpenAPI document's webhooks section). */
export const WebhookEventPayloads: Record<WebhookEventType, z.ZodType> = {
  'invoice.created': InvoiceEventData,
  'invoice.updated': InvoiceEventData,
  'invoice.paid': InvoiceEventData,
  'invoice.overdue': InvoiceEventData,
  'invoice.sent': InvoiceEventData,
  'invoice.voided': InvoiceEventData,
  'invoice.deleted': InvoiceEventData,
  'quote.created': QuoteEventData,
  'quote.updated': QuoteEventData,
  'quote.sent': QuoteEventData,
  'quote.accepted': QuoteEventData,
  'quote.declined': QuoteEventData,
  'quote.expired': QuoteEventData,
  'quote.converted': QuoteEventData,
  'quote.deleted': QuoteEventData,
  'credit_note.created': CreditNoteEventData,
  'customer.created': Customer,
  'customer.updated': Customer,
  'customer.deleted': CustomerDeletedData,
  'payment.completed': PaymentEventData,
  'payment.failed': PaymentEventData,
  'payment.refunded': PaymentEventData,
  'product.created': Product,
  'product.updated': Product,
  'product.deleted': ProductDeletedData,
  'tax_rate.created': TaxRateEventData,
  'tax_rate.updated': TaxRateEventData,
  'tax_rate.deleted': TaxRateEventData,
  'subscription.created': RecurringEventData,
  'subscription.updated': RecurringEventData,
  'subscription.cancelled': RecurringEventData,
};
