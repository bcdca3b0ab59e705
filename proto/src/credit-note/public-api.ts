import { z } from 'zod';
import { CursorFields, Id } from '../common.ts';
import { EInvoiceQuery } from '../e-invoice.ts';
import type { PublicApiRoute } from '../public-api-route.ts';
import { CreditNoteCreateBody } from './input.ts';
import { CreditNote } from './model.ts';
import { withMetadataFilter } from '../metadata.ts';

export const ApiCreditNoteListQuery = withMetadataFilter(
  z.strictObject({ ...CursorFields, invoiceId: Id.optional(), customerId: Id.optional() }),
);

/**
 * Credit notes in the public API, under the invoice scopes (a credit note corrects an invoice): invoices:read reads
 * them, invoices:write issues them. Issued credit notes are never changed or removed, so there is no PATCH or DELETE.
 */
export const creditNotePublicApiRoutes: PublicApiRoute[] = [
  {
    method: 'GET',
    path: '/credit-notes',
    scope: 'invoices:read',
    target: '/api/credit-notes',
    summary: 'List credit notes',
    description: '`invoiceId` lists the credit notes of one invoice, `customerId` those of one customer.',
    list: true,
    query: ApiCreditNoteListQuery,
    response: CreditNote,
  },
  {
    method: 'POST',
    path: '/credit-notes',
    scope: 'invoices:write',
    target: '/api/credit-notes',
    summary: 'Issue a credit note for an invoice',
    description:
      'Credits lines of an issued invoice (`items`, each naming its `invoiceItemId` or a tax rate the invoice uses) or a gross `amount` split over its tax rates. `resolution`: `reduce_balance` lowers what the customer still owes, `refund` pays money back, `credit` adds to the customer’s credit. More than the invoice has left to credit (for `refund` and `credit`: more than was paid and not yet given back) answers 400 `parameter_invalid` naming `items` or `amount`; an invoice that is not yours 400 naming `invoiceId`; a draft or cancelled invoice 409 `resource_state_invalid`. The credit note takes the next number of its own gap-free sequence and is never changed afterwards.',
    body: CreditNoteCreateBody,
    response: CreditNote,
    status: 201,
  },
  {
    method: 'GET',
    path: '/credit-notes/:id',
    scope: 'invoices:read',
    target: '/api/credit-notes/:id',
    summary: 'Retrieve a credit note',
    response: CreditNote,
  },
  {
    method: 'GET',
    path: '/credit-notes/:id/pdf',
    scope: 'invoices:read',
    target: '/api/credit-notes/:id/pdf',
    summary: 'Download a credit note as PDF',
    produces: 'application/pdf',
  },
  {
    method: 'GET',
    path: '/credit-notes/:id/e-invoice',
    scope: 'invoices:read',
    target: '/api/credit-notes/:id/e-invoice',
    summary: 'Download a credit note as an EN 16931 e-invoice',
    description:
      'The formats of the invoice e-invoice (`ubl`, `cii`, `xrechnung`, `xrechnung-ubl`, `xrechnung-cii`, `factur-x`), as a credit note (UBL CreditNote, CII type code 381) that references the invoice it corrects. What the format requires and the documents lack answers 422 `request_unprocessable` with `issues`.',
    query: EInvoiceQuery.strict(),
    produces: ['application/xml', 'application/pdf'],
  },
];
