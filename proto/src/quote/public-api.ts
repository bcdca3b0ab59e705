import { z } from 'zod';
import { CursorFields, Id } from '../common.ts';
import { crud, type PublicApiRoute } from '../public-api-route.ts';
import { QuoteAcceptBody, QuoteCreateBody, QuoteDeclineBody, QuotePatchBody } from './input.ts';
import { Quote, QuoteConvertResult } from './model.ts';
import { QuoteStatus } from './status.ts';
import { withMetadataFilter } from '../metadata.ts';

export const ApiQuoteListQuery = withMetadataFilter(
  z.strictObject({ ...CursorFields, status: QuoteStatus.optional(), customerId: Id.optional() }),
);

/** Quotes in the public API, under the invoice scopes: invoices:read reads them, invoices:write writes, sends, records the customer's answer and converts. */
export const quotePublicApiRoutes: PublicApiRoute[] = [
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
    method: 'POST',
    path: '/quotes/:id/accept',
    scope: 'invoices:write',
    target: '/api/quotes/:id/mark-accepted',
    summary: "Record the customer's acceptance of a quote",
    description:
      'For an answer the customer gave elsewhere (by e-mail, on paper): `name` is who accepted, kept with the time, as on the public page. A sent or viewed quote only, until the end of its `validUntil` day: a draft, an answered, expired or converted quote answers 409 `resource_state_invalid`.',
    body: QuoteAcceptBody,
    response: Quote,
  },
  {
    method: 'POST',
    path: '/quotes/:id/decline',
    scope: 'invoices:write',
    target: '/api/quotes/:id/mark-declined',
    summary: 'Record that the customer declined a quote',
    description:
      'For an answer the customer gave elsewhere, with an optional `reason`. The same states as accepting: otherwise 409 `resource_state_invalid`.',
    body: QuoteDeclineBody,
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
];
