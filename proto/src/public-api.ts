import { z } from 'zod';
import { CustomerCreateBody, Customer } from './customer.ts';
import { InvoiceCreateBody, Invoice, DashboardStats, InvoiceListQuery } from './invoice.ts';
import { Product, ProductListQuery } from './product.ts';
import { PageQuery } from './common.ts';
import type { HttpMethod } from './services.ts';
import { type ApiKeyScope, type WebhookEventType } from './integrations.ts';
import { CustomerDeletedData } from './events.ts';
import { PaymentEventData } from './payments.ts';
import { RecurringEventData } from './recurring.ts';
import { InvoiceEventData } from './invoice.ts';

/**
 * The public REST API (`/api/v1`, areas §7 "The public API documented on the Documentation tab"): the gateway
 * authenticates `Authorization: Bearer bp_…`, checks the route's scope, limits each key per hour, replays POSTs
 * with an `Idempotency-Key`, and forwards to the owning service's own route with the key's tenant. The bodies
 * are the app's own contracts; lists come in the `ApiList` envelope.
 */

export const PUBLIC_API_BASE = '/api/v1';

export interface PublicApiRoute {
  method: HttpMethod;
  /** Under /api/v1, `:id` for the numeric id. */
  path: string;
  scope: Exclude<ApiKeyScope, '*'>;
  /** The service route it is answered by (same `:id`). */
  target: string;
  summary: string;
  /** A list: the service's plain array + x-total-count becomes an `ApiList`. */
  list?: boolean;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
}

export const publicApiRoutes: readonly PublicApiRoute[] = [
  {
    method: 'GET',
    path: '/customers',
    scope: 'customers:read',
    target: '/api/customers',
    summary: 'List customers',
    list: true,
    query: PageQuery,
    response: Customer,
  },
  {
    method: 'POST',
    path: '/customers',
    scope: 'customers:write',
    target: '/api/customers',
    summary: 'Create a customer',
    body: CustomerCreateBody,
    response: Customer,
  },
  {
    method: 'GET',
    path: '/customers/:id',
    scope: 'customers:read',
    target: '/api/customers/:id',
    summary: 'Get a customer',
    response: Customer,
  },
  {
    method: 'GET',
    path: '/invoices',
    scope: 'invoices:read',
    target: '/api/invoices',
    summary: 'List invoices',
    list: true,
    query: InvoiceListQuery,
    response: Invoice,
  },
  {
    method: 'POST',
    path: '/invoices',
    scope: 'invoices:write',
    target: '/api/invoices',
    summary: 'Create an invoice (a draft, numbered from the sequence)',
    body: InvoiceCreateBody,
    response: Invoice,
  },
  {
    method: 'GET',
    path: '/invoices/:id',
    scope: 'invoices:read',
    target: '/api/invoices/:id',
    summary: 'Get an invoice with its items',
    response: Invoice,
  },
  {
    method: 'GET',
    path: '/products',
    scope: 'products:read',
    target: '/api/products',
    summary: 'List products',
    list: true,
    query: ProductListQuery,
    response: Product,
  },
  {
    method: 'GET',
    path: '/analytics/dashboard',
    scope: 'analytics:read',
    target: '/api/dashboard/stats',
    summary: 'The dashboard figures',
    response: DashboardStats,
  },
];

/** A page of a list: the items, how many match in all, and where the next page starts (null on the last). */
export const ApiList = <T extends z.ZodType>(item: T) =>
  z.object({
    object: z.literal('list'),
    data: z.array(item),
    total: z.number().int(),
    limit: z.number().int(),
    offset: z.number().int(),
    nextOffset: z.number().int().nullable(),
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
  'customer.created': Customer,
  'customer.updated': Customer,
  'customer.deleted': CustomerDeletedData,
  'payment.completed': PaymentEventData,
  'payment.failed': PaymentEventData,
  'subscription.created': RecurringEventData,
  'subscription.cancelled': RecurringEventData,
};
