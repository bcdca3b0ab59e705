import { z } from 'zod';
import { Organization } from './auth.ts';
import { Customer } from './customer.ts';
import { InvoiceEventData, InvoiceEvents } from './invoice.ts';
import { QuoteEventData, QuoteEvents } from './quote/events.ts';
import {
  CreditNoteEventData,
  CreditNoteEvents,
  CreditNoteRefundEvents,
  CreditNoteRefundedData,
  CustomerCreditChangedData,
  CustomerCreditEvents,
} from './credit-note/events.ts';

/** Every event on the bus is this envelope; `type` is its subject. */
export const EventEnvelope = z.object({
  id: z.uuid(),
  type: z.string(),
  occurredAt: z.iso.datetime({ offset: true }),
  tenantId: z.uuid(),
  actorId: z.string().nullable(),
  /**
   * Where the change came from, when a signed-in request made it (the internal token's ip and user agent). Absent
   * on events of jobs, consumers and providers, and on events written before it existed.
   */
  metadata: z.object({ ip: z.string().nullable(), userAgent: z.string().nullable() }).optional(),
  data: z.unknown(),
});
export type EventEnvelope<T = unknown> = Omit<z.infer<typeof EventEnvelope>, 'data'> & { data: T };

/** JetStream stream that holds every `evt.>` subject. */
export const EVENTS_STREAM = 'BILLPOINT_EVENTS';
export const EVENTS_SUBJECTS = 'evt.>';

export const CustomerEvents = {
  Created: 'evt.customers.customer.created',
  Updated: 'evt.customers.customer.updated',
  Deleted: 'evt.customers.customer.deleted',
} as const;
export type CustomerEventName = (typeof CustomerEvents)[keyof typeof CustomerEvents];

export const CustomerCreatedData = Customer;
export const CustomerUpdatedData = Customer;
export const CustomerDeletedData = z.object({ id: z.number().int() });

export const OrganizationEvents = {
  /** A new organization (tenant): sign-up or first OpenID Connect sign-in. */
  Created: 'evt.gateway.organization.created',
} as const;
/** `portalSlug`: the customer portal's address from the start; absent on events written before it. */
export const OrganizationCreatedData = Organization.extend({ portalSlug: z.string().optional() });
export type OrganizationCreatedData = z.infer<typeof OrganizationCreatedData>;

/** Payload schema per event subject, for consumers to parse what they receive. */
export const EventPayloads = {
  [CustomerEvents.Created]: CustomerCreatedData,
  [CustomerEvents.Updated]: CustomerUpdatedData,
  [CustomerEvents.Deleted]: CustomerDeletedData,
  [OrganizationEvents.Created]: OrganizationCreatedData,
  [InvoiceEvents.Created]: InvoiceEventData,
  [InvoiceEvents.Updated]: InvoiceEventData,
  [InvoiceEvents.Sent]: InvoiceEventData,
  [InvoiceEvents.Paid]: InvoiceEventData,
  [InvoiceEvents.Overdue]: InvoiceEventData,
  [InvoiceEvents.Deleted]: InvoiceEventData,
  [QuoteEvents.Created]: QuoteEventData,
  [QuoteEvents.Updated]: QuoteEventData,
  [QuoteEvents.Sent]: QuoteEventData,
  [QuoteEvents.Accepted]: QuoteEventData,
  [QuoteEvents.Declined]: QuoteEventData,
  [QuoteEvents.Expired]: QuoteEventData,
  [QuoteEvents.Converted]: QuoteEventData,
  [QuoteEvents.Deleted]: QuoteEventData,
  [CreditNoteEvents.Created]: CreditNoteEventData,
  [CustomerCreditEvents.Changed]: CustomerCreditChangedData,
  [CreditNoteRefundEvents.Refunded]: CreditNoteRefundedData,
} as const;

/** Request/reply subjects (`rpc.<service>.<operation>`). */
export const Rpc = {
  /** { tenantId, id } → Customer | null: lets billing fill a read-model miss (e.g. a customer created a moment ago). */
  CustomersGet: 'rpc.customers.customer.get',
} as const;

/** Request of `Rpc.CustomersGet`; the answer is `Customer` or null (no such customer in that tenant, or deleted). */
export const CustomersGetRequest = z.object({ tenantId: z.uuid(), id: z.number().int().positive() });
export type CustomersGetRequest = z.infer<typeof CustomersGetRequest>;
export const CustomersGetReply = Customer.nullable();

/** Headers carried on bus messages. */
export const BusHeaders = {
  tenant: 'bp-tenant',
  traceparent: 'traceparent',
  tracestate: 'tracestate',
  error: 'bp-error',
} as const;
