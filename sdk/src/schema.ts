/**
 * GENERATED FILE, DO NOT EDIT. The types of the Billpoint public API, made by openapi-typescript from the OpenAPI
 * document the gateway serves at /api/v1/openapi.json, paths relative to /api/v1.
 * Regenerate with `npm run generate -w sdk` (sdk/scripts/generate.ts) whenever a public operation changes.
 */
export interface paths {
  '/customers': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List customers
     * @description Scope: `customers:read` (or `*`).
     */
    get: operations['listCustomers'];
    put?: never;
    /**
     * Create a customer
     * @description Scope: `customers:write` (or `*`).
     */
    post: operations['createCustomer'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/customers/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a customer
     * @description Scope: `customers:read` (or `*`).
     */
    get: operations['getCustomer'];
    put?: never;
    post?: never;
    /**
     * Delete a customer
     * @description Scope: `customers:delete` (or `*`).
     */
    delete: operations['deleteCustomer'];
    options?: never;
    head?: never;
    /**
     * Update a customer
     * @description Only the fields sent change; the others keep their values.
     *
     *     Scope: `customers:write` (or `*`).
     */
    patch: operations['updateCustomer'];
    trace?: never;
  };
  '/invoices': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List invoices
     * @description Scope: `invoices:read` (or `*`).
     */
    get: operations['listInvoices'];
    put?: never;
    /**
     * Create an invoice
     * @description Scope: `invoices:write` (or `*`).
     */
    post: operations['createInvoice'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/invoices/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get an invoice
     * @description Scope: `invoices:read` (or `*`).
     */
    get: operations['getInvoice'];
    put?: never;
    post?: never;
    /**
     * Delete an invoice
     * @description A draft only: an issued invoice keeps its number and answers 409 `resource_state_invalid` (cancel it or issue a credit note instead).
     *
     *     Scope: `invoices:delete` (or `*`).
     */
    delete: operations['deleteInvoice'];
    options?: never;
    head?: never;
    /**
     * Update an invoice
     * @description Only the fields sent change; the others keep their values. A draft only: an invoice that was sent answers 409 `resource_state_invalid` (void it instead).
     *
     *     Scope: `invoices:write` (or `*`).
     */
    patch: operations['updateInvoice'];
    trace?: never;
  };
  '/invoices/{id}/send': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send an invoice to its customer by e-mail
     * @description A draft becomes sent; sending again e-mails it again. A customer without an e-mail address answers 422 `request_unprocessable`.
     *
     *     Scope: `invoices:write` (or `*`).
     */
    post: operations['sendInvoice'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/invoices/{id}/pdf': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Download an invoice as PDF
     * @description Scope: `invoices:read` (or `*`).
     */
    get: operations['getInvoicePdf'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/invoices/{id}/e-invoice': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Download an invoice as an EN 16931 e-invoice
     * @description `format`: `ubl` (UBL 2.1), `cii` (UN/CEFACT CII D16B), `xrechnung` or `xrechnung-ubl` (XRechnung 3 in UBL), `xrechnung-cii` (XRechnung 3 in CII): `application/xml`; `factur-x` (Factur-X / ZUGFeRD EN 16931 profile: the invoice PDF as PDF/A-3 with its CII XML attached as `factur-x.xml`): `application/pdf`. What the format requires and the invoice, the organization settings, the customer or a tax rate lack answers 422 `request_unprocessable`, `issues` naming each field with its EN 16931 business term (`{"path": "seller.vatId", "bt": "BT-31", "message": "Seller VAT identifier (BT-31) is required"}`).
     *
     *     Scope: `invoices:read` (or `*`).
     */
    get: operations['getInvoiceEInvoice'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/invoices/{id}/void': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Void an invoice
     * @description A sent, viewed or overdue invoice without payments becomes cancelled and can no longer be paid. A draft (delete it instead), a paid invoice or one with payments answers 409 `resource_state_invalid`.
     *
     *     Scope: `invoices:write` (or `*`).
     */
    post: operations['voidInvoice'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/quotes': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List quotes
     * @description Scope: `invoices:read` (or `*`).
     */
    get: operations['listQuotes'];
    put?: never;
    /**
     * Create a quote
     * @description Scope: `invoices:write` (or `*`).
     */
    post: operations['createQuote'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/quotes/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a quote
     * @description Scope: `invoices:read` (or `*`).
     */
    get: operations['getQuote'];
    put?: never;
    post?: never;
    /**
     * Delete a quote
     * @description A draft, declined or expired quote only: any other answers 409 `resource_state_invalid`.
     *
     *     Scope: `invoices:delete` (or `*`).
     */
    delete: operations['deleteQuote'];
    options?: never;
    head?: never;
    /**
     * Update a quote
     * @description Only the fields sent change; the others keep their values. A draft, sent or viewed quote only (a sent one stays sent): an answered, expired or converted quote answers 409 `resource_state_invalid`.
     *
     *     Scope: `invoices:write` (or `*`).
     */
    patch: operations['updateQuote'];
    trace?: never;
  };
  '/quotes/{id}/send': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send a quote to its customer by e-mail
     * @description The e-mail links to the public page where the customer accepts or declines. A draft becomes sent; sending again e-mails it again. An answered, expired or converted quote answers 409 `resource_state_invalid`; a customer without an e-mail address 422 `request_unprocessable`.
     *
     *     Scope: `invoices:write` (or `*`).
     */
    post: operations['sendQuote'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/quotes/{id}/accept': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Record the customer's acceptance of a quote
     * @description For an answer the customer gave elsewhere (by e-mail, on paper): `name` is who accepted, kept with the time, as on the public page. A sent or viewed quote only, until the end of its `validUntil` day: a draft, an answered, expired or converted quote answers 409 `resource_state_invalid`.
     *
     *     Scope: `invoices:write` (or `*`).
     */
    post: operations['acceptQuote'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/quotes/{id}/decline': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Record that the customer declined a quote
     * @description For an answer the customer gave elsewhere, with an optional `reason`. The same states as accepting: otherwise 409 `resource_state_invalid`.
     *
     *     Scope: `invoices:write` (or `*`).
     */
    post: operations['declineQuote'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/quotes/{id}/pdf': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Download a quote as PDF
     * @description Scope: `invoices:read` (or `*`).
     */
    get: operations['getQuotePdf'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/quotes/{id}/convert': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Convert a quote into a draft invoice
     * @description A draft, sent, viewed or accepted quote becomes converted, and a draft invoice with its customer, lines, notes, terms, discount and shipping is made (its `quoteId` names the quote). A quote converts once: again answers 409 `resource_state_invalid` naming the invoice.
     *
     *     Scope: `invoices:write` (or `*`).
     */
    post: operations['convertQuote'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/credit-notes': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List credit notes
     * @description `invoiceId` lists the credit notes of one invoice, `customerId` those of one customer.
     *
     *     Scope: `invoices:read` (or `*`).
     */
    get: operations['listCreditNotes'];
    put?: never;
    /**
     * Issue a credit note for an invoice
     * @description Credits lines of an issued invoice (`items`, each naming its `invoiceItemId` or a tax rate the invoice uses) or a gross `amount` split over its tax rates. `resolution`: `reduce_balance` lowers what the customer still owes, `refund` pays money back, `credit` adds to the customer’s credit. More than the invoice has left to credit (for `refund` and `credit`: more than was paid and not yet given back) answers 400 `parameter_invalid` naming `items` or `amount`; an invoice that is not yours 400 naming `invoiceId`; a draft or cancelled invoice 409 `resource_state_invalid`. The credit note takes the next number of its own gap-free sequence and is never changed afterwards.
     *
     *     Scope: `invoices:write` (or `*`).
     */
    post: operations['createCreditNote'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/credit-notes/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Retrieve a credit note
     * @description Scope: `invoices:read` (or `*`).
     */
    get: operations['getCreditNote'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/credit-notes/{id}/pdf': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Download a credit note as PDF
     * @description Scope: `invoices:read` (or `*`).
     */
    get: operations['getCreditNotePdf'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/credit-notes/{id}/e-invoice': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Download a credit note as an EN 16931 e-invoice
     * @description The formats of the invoice e-invoice (`ubl`, `cii`, `xrechnung`, `xrechnung-ubl`, `xrechnung-cii`, `factur-x`), as a credit note (UBL CreditNote, CII type code 381) that references the invoice it corrects. What the format requires and the documents lack answers 422 `request_unprocessable` with `issues`.
     *
     *     Scope: `invoices:read` (or `*`).
     */
    get: operations['getCreditNoteEInvoice'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/tax-rates': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List tax rates
     * @description `active=true` keeps the rates that are active and valid today. Deleted rates are not listed.
     *
     *     Scope: `tax-rates:read` (or `*`).
     */
    get: operations['listTaxRates'];
    put?: never;
    /**
     * Create a tax rate
     * @description A rate invoice lines can name by `taxRateId`: its percentage, type, jurisdiction, EN 16931 category and validity. Its figures never change an invoice already made with it.
     *
     *     Scope: `tax-rates:write` (or `*`).
     */
    post: operations['createTaxRate'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/tax-rates/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Retrieve a tax rate
     * @description Scope: `tax-rates:read` (or `*`).
     */
    get: operations['getTaxRate'];
    put?: never;
    post?: never;
    /**
     * Delete a tax rate
     * @description The rate is no longer offered; invoices that name it keep their figures.
     *
     *     Scope: `tax-rates:write` (or `*`).
     */
    delete: operations['deleteTaxRate'];
    options?: never;
    head?: never;
    /**
     * Update a tax rate
     * @description Only the fields given change; the rate that results is checked as a whole (an `endDate` before the `startDate` answers 400 naming `endDate`). Invoices already made with the rate keep their figures.
     *
     *     Scope: `tax-rates:write` (or `*`).
     */
    patch: operations['updateTaxRate'];
    trace?: never;
  };
  '/recurring-invoices': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List recurring invoices
     * @description Schedules that generate invoices every week, month, quarter or year, newest first. `status` `active` or `inactive` (paused or ended), `frequency`, `customerId`. The invoices a schedule generated: `GET /invoices?recurringInvoiceId=`.
     *
     *     Scope: `recurring:read` (or `*`).
     */
    get: operations['listRecurringInvoices'];
    put?: never;
    /**
     * Create a recurring invoice
     * @description The first invoice is the one of `startDate`, then one per period until `endDate`; periods already due when it is created are generated at once (and sent when `autoSend` is true). The currency is the customer’s unless named, and never changes afterwards.
     *
     *     Scope: `recurring:write` (or `*`).
     */
    post: operations['createRecurringInvoice'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/recurring-invoices/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a recurring invoice
     * @description Scope: `recurring:read` (or `*`).
     */
    get: operations['getRecurringInvoice'];
    /**
     * Replace a recurring invoice
     * @description The whole schedule, as it is created. Invoices already generated keep their figures; the next ones follow the new lines.
     *
     *     Scope: `recurring:write` (or `*`).
     */
    put: operations['replaceRecurringInvoice'];
    post?: never;
    /**
     * Delete a recurring invoice
     * @description No further invoice is generated; the invoices it generated stay as they are.
     *
     *     Scope: `recurring:write` (or `*`).
     */
    delete: operations['deleteRecurringInvoice'];
    options?: never;
    head?: never;
    /**
     * Pause or resume a recurring invoice
     * @description `isActive: false` pauses it: no invoice is generated while paused. `true` resumes it from the first period due from today on; the periods that fell while it was paused are not generated. A schedule past its end date stays ended.
     *
     *     Scope: `recurring:write` (or `*`).
     */
    patch: operations['updateRecurringInvoice'];
    trace?: never;
  };
  '/recurring-invoices/{id}/run': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Generate the invoices that are due now
     * @description Every period due by today, at once, with the scheduler’s guarantee: a period is generated once, whoever runs it; a second call generates nothing new. A paused or ended schedule answers 409 `resource_state_invalid`.
     *
     *     Scope: `recurring:write` (or `*`).
     */
    post: operations['runRecurringInvoice'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/payments': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List payments
     * @description Scope: `payments:read` (or `*`).
     */
    get: operations['listPayments'];
    put?: never;
    /**
     * Record a payment received outside Billpoint
     * @description Cash, bank transfer or check. The amount may not exceed what is left to pay on the invoice (400 naming `amount`); a paid invoice answers 409 `resource_state_invalid`.
     *
     *     Scope: `payments:write` (or `*`).
     */
    post: operations['createPayment'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/payments/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a payment
     * @description Scope: `payments:read` (or `*`).
     */
    get: operations['getPayment'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/payments/{id}/refund': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Refund a payment
     * @description Gives back `amount` (by default all that is left) of a completed payment: at Stripe or PayPal for a card or PayPal payment, as a record for a manual one. More than is left answers 400 naming `amount`.
     *
     *     Scope: `payments:write` (or `*`).
     */
    post: operations['refundPayment'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/products': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List products
     * @description Scope: `products:read` (or `*`).
     */
    get: operations['listProducts'];
    put?: never;
    /**
     * Create a product
     * @description Scope: `products:write` (or `*`).
     */
    post: operations['createProduct'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/products/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a product
     * @description Scope: `products:read` (or `*`).
     */
    get: operations['getProduct'];
    put?: never;
    post?: never;
    /**
     * Delete a product
     * @description Scope: `products:write` (or `*`).
     */
    delete: operations['deleteProduct'];
    options?: never;
    head?: never;
    /**
     * Update a product
     * @description Only the fields sent change; the others keep their values.
     *
     *     Scope: `products:write` (or `*`).
     */
    patch: operations['updateProduct'];
    trace?: never;
  };
  '/webhooks': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List webhooks
     * @description Scope: `webhooks:read` (or `*`).
     */
    get: operations['listWebhooks'];
    put?: never;
    /**
     * Create a webhook endpoint
     * @description Scope: `webhooks:write` (or `*`).
     */
    post: operations['createWebhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/webhooks/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a webhook endpoint
     * @description Scope: `webhooks:read` (or `*`).
     */
    get: operations['getWebhook'];
    put?: never;
    post?: never;
    /**
     * Delete a webhook endpoint
     * @description Scope: `webhooks:write` (or `*`).
     */
    delete: operations['deleteWebhook'];
    options?: never;
    head?: never;
    /**
     * Update a webhook endpoint
     * @description Only the fields sent change; the others keep their values.
     *
     *     Scope: `webhooks:write` (or `*`).
     */
    patch: operations['updateWebhook'];
    trace?: never;
  };
  '/webhooks/{id}/deliveries': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List a webhook endpoint's deliveries
     * @description Scope: `webhooks:read` (or `*`).
     */
    get: operations['listWebhookDeliveries'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/webhooks/{id}/test': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send a test event (webhook.test) to an endpoint
     * @description Scope: `webhooks:write` (or `*`).
     */
    post: operations['testWebhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/webhooks/{id}/rotate-secret': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Rotate a webhook endpoint's signing secret
     * @description Answers the new secret (shown only here). Until `previousSecretExpiresAt` (24 hours) every delivery carries a second signature made with the previous secret, so a receiver can switch without losing an event.
     *
     *     Scope: `webhooks:write` (or `*`).
     */
    post: operations['rotate-secretWebhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/webhooks/deliveries/{id}/retry': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send a delivery again now
     * @description A failed or retrying delivery is attempted at once, with the same `webhook-id`, and answered with the attempt recorded. A delivery that already succeeded answers 400 naming `id`.
     *
     *     Scope: `webhooks:write` (or `*`).
     */
    post: operations['getWebhooksDeliveries'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/events': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List events
     * @description Every change a webhook reports, kept 30 days whether or not an endpoint was subscribed: a receiver that missed deliveries pages from the last `id` it saw (`ending_before` for newer ones). An event has the `id` of the webhook payload of the same change. `type` takes one event type or several, comma-separated; `created[gte]` and `created[lte]` are ISO 8601 date-times, both inclusive.
     *
     *     Scope: `events:read` (or `*`).
     */
    get: operations['listEvents'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/events/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get an event
     * @description An event of the last 30 days; an older one is no longer kept (404).
     *
     *     Scope: `events:read` (or `*`).
     */
    get: operations['getEvent'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/analytics/dashboard': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The dashboard figures
     * @description Without `period`: all time. Without `currency`: every currency, amounts in the base currency; with it, only that currency, nothing converted.
     *
     *     Scope: `analytics:read` (or `*`).
     */
    get: operations['getAnalyticsDashboard'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export interface webhooks {
  'invoice.created': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The invoice.created event
     * @description Sent when an invoice is created. Signed per the Standard Webhooks specification: verify `webhook-signature` with your endpoint secret before trusting the body. Your endpoint's own headers (set on the endpoint) come too.
     */
    post: operations['onInvoiceCreated'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'invoice.updated': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The invoice.updated event
     * @description Sent when an invoice changes. Signed per the Standard Webhooks specification: verify `webhook-signature` with your endpoint secret before trusting the body. Your endpoint's own headers (set on the endpoint) come too.
     */
    post: operations['onInvoiceUpdated'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'invoice.paid': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The invoice.paid event
     * @description Sent when an invoice is paid in full. Signed per the Standard Webhooks specification: verify `webhook-signature` with your endpoint secret before trusting the body. Your endpoint's own headers (set on the endpoint) come too.
     */
    post: operations['onInvoicePaid'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'invoice.overdue': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The invoice.overdue event
     * @description Sent when an invoice becomes overdue. Signed per the Standard Webhooks specification: verify `webhook-signature` with your endpoint secret before trusting the body. Your endpoint's own headers (set on the endpoint) come too.
     */
    post: operations['onInvoiceOverdue'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'invoice.sent': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The invoice.sent event
     * @description Sent when an invoice is sent to its customer (each send, a resend too). Signed per the Standard Webhooks specification: verify `webhook-signature` with your endpoint secret before trusting the body. Your endpoint's own headers (set on the endpoint) come too.
     */
    post: operations['onInvoiceSent'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'invoice.voided': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The invoice.voided event
     * @description Sent when an invoice is voided (`invoice.updated` is sent too). Signed per the Standard Webhooks specification: verify `webhook-signature` with your endpoint secret before trusting the body. Your endpoint's own headers (set on the endpoint) come too.
     */
    post: operations['onInvoiceVoided'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'invoice.deleted': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The invoice.deleted event
     * @description Sent when a draft invoice is deleted. Signed per the Standard Webhooks specification: verify `webhook-signature` with your endpoint secret before trusting the body. Your endpoint's own headers (set on the endpoint) come too.
     */
    post: operations['onInvoiceDeleted'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'quote.created': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The quote.created event
     * @description Sent when a quote is created. Signed per the Standard Webhooks specification: verify `webhook-signature` with your endpoint secret before trusting the body. Your endpoint's own headers (set on the endpoint) come too.
     */
    post: operations['onQuoteCreated'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'quote.updated': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The quote.updated event
     * @description Sent when a quote changes. Signed per the Standard Webhooks specification: verify `webhook-signature` with your endpoint secret before trusting the body. Your endpoint's own headers (set on the endpoint) come too.
     */
    post: operations['onQuoteUpdated'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'quote.sent': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The quote.sent event
     * @description Sent when a quote is sent to its customer. Signed per the Standard Webhooks specification: verify `webhook-signature` with your endpoint secret before trusting the body. Your endpoint's own headers (set on the endpoint) come too.
     */
    post: operations['onQuoteSent'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'quote.accepted': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The quote.accepted event
     * @description Sent when a customer accepts a quote on its public page. Signed per the Standard Webhooks specification: verify `webhook-signature` with your endpoint secret before trusting the body. Your endpoint's own headers (set on the endpoint) come too.
     */
    post: operations['onQuoteAccepted'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'quote.declined': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The quote.declined event
     * @description Sent when a customer declines a quote on its public page. Signed per the Standard Webhooks specification: verify `webhook-signature` with your endpoint secret before trusting the body. Your endpoint's own headers (set on the endpoint) come too.
     */
    post: operations['onQuoteDeclined'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'quote.expired': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The quote.expired event
     * @description Sent when a quote passes its valid-until date unanswered. Signed per the Standard Webhooks specification: verify `webhook-signature` with your endpoint secret before trusting the body. Your endpoint's own headers (set on the endpoint) come too.
     */
    post: operations['onQuoteExpired'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'quote.converted': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The quote.converted event
     * @description Sent when a quote is converted into a draft invoice. Signed per the Standard Webhooks specification: verify `webhook-signature` with your endpoint secret before trusting the body. Your endpoint's own headers (set on the endpoint) come too.
     */
    post: operations['onQuoteConverted'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'quote.deleted': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The quote.deleted event
     * @description Sent when a quote is deleted. Signed per the Standard Webhooks specification: verify `webhook-signature` with your endpoint secret before trusting the body. Your endpoint's own headers (set on the endpoint) come too.
     */
    post: operations['onQuoteDeleted'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'credit_note.created': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The credit_note.created event
     * @description Sent when a credit note is issued for an invoice (its lines, tax per rate and resolution). Signed per the Standard Webhooks specification: verify `webhook-signature` with your endpoint secret before trusting the body. Your endpoint's own headers (set on the endpoint) come too.
     */
    post: operations['onCreditNoteCreated'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'customer.created': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The customer.created event
     * @description Sent when a customer is created. Signed per the Standard Webhooks specification: verify `webhook-signature` with your endpoint secret before trusting the body. Your endpoint's own headers (set on the endpoint) come too.
     */
    post: operations['onCustomerCreated'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'customer.updated': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The customer.updated event
     * @description Sent when a customer changes. Signed per the Standard Webhooks specification: verify `webhook-signature` with your endpoint secret before trusting the body. Your endpoint's own headers (set on the endpoint) come too.
     */
    post: operations['onCustomerUpdated'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'customer.deleted': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The customer.deleted event
     * @description Sent when a customer is deleted (`data` is its id only). Signed per the Standard Webhooks specification: verify `webhook-signature` with your endpoint secret before trusting the body. Your endpoint's own headers (set on the endpoint) come too.
     */
    post: operations['onCustomerDeleted'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'payment.completed': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The payment.completed event
     * @description Sent when a payment completes. Signed per the Standard Webhooks specification: verify `webhook-signature` with your endpoint secret before trusting the body. Your endpoint's own headers (set on the endpoint) come too.
     */
    post: operations['onPaymentCompleted'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'payment.failed': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The payment.failed event
     * @description Sent when a payment fails. Signed per the Standard Webhooks specification: verify `webhook-signature` with your endpoint secret before trusting the body. Your endpoint's own headers (set on the endpoint) come too.
     */
    post: operations['onPaymentFailed'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'payment.refunded': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The payment.refunded event
     * @description Sent when a payment is refunded, in part or in full. Signed per the Standard Webhooks specification: verify `webhook-signature` with your endpoint secret before trusting the body. Your endpoint's own headers (set on the endpoint) come too.
     */
    post: operations['onPaymentRefunded'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'product.created': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The product.created event
     * @description Sent when a product is created. Signed per the Standard Webhooks specification: verify `webhook-signature` with your endpoint secret before trusting the body. Your endpoint's own headers (set on the endpoint) come too.
     */
    post: operations['onProductCreated'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'product.updated': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The product.updated event
     * @description Sent when a product changes (its stock included). Signed per the Standard Webhooks specification: verify `webhook-signature` with your endpoint secret before trusting the body. Your endpoint's own headers (set on the endpoint) come too.
     */
    post: operations['onProductUpdated'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'product.deleted': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The product.deleted event
     * @description Sent when a product is deleted (`data` is its id only). Signed per the Standard Webhooks specification: verify `webhook-signature` with your endpoint secret before trusting the body. Your endpoint's own headers (set on the endpoint) come too.
     */
    post: operations['onProductDeleted'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'tax_rate.created': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The tax_rate.created event
     * @description Sent when a tax rate is created. Signed per the Standard Webhooks specification: verify `webhook-signature` with your endpoint secret before trusting the body. Your endpoint's own headers (set on the endpoint) come too.
     */
    post: operations['onTaxRateCreated'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'tax_rate.updated': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The tax_rate.updated event
     * @description Sent when a tax rate changes. Signed per the Standard Webhooks specification: verify `webhook-signature` with your endpoint secret before trusting the body. Your endpoint's own headers (set on the endpoint) come too.
     */
    post: operations['onTaxRateUpdated'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'tax_rate.deleted': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The tax_rate.deleted event
     * @description Sent when a tax rate is deleted (`data` is the rate as it was). Signed per the Standard Webhooks specification: verify `webhook-signature` with your endpoint secret before trusting the body. Your endpoint's own headers (set on the endpoint) come too.
     */
    post: operations['onTaxRateDeleted'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'subscription.created': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The subscription.created event
     * @description Sent when a recurring invoice schedule is created. Signed per the Standard Webhooks specification: verify `webhook-signature` with your endpoint secret before trusting the body. Your endpoint's own headers (set on the endpoint) come too.
     */
    post: operations['onSubscriptionCreated'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'subscription.updated': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The subscription.updated event
     * @description Sent when a recurring invoice schedule is edited, paused or resumed. Signed per the Standard Webhooks specification: verify `webhook-signature` with your endpoint secret before trusting the body. Your endpoint's own headers (set on the endpoint) come too.
     */
    post: operations['onSubscriptionUpdated'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'subscription.cancelled': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The subscription.cancelled event
     * @description Sent when a recurring invoice schedule is cancelled. Signed per the Standard Webhooks specification: verify `webhook-signature` with your endpoint secret before trusting the body. Your endpoint's own headers (set on the endpoint) come too.
     */
    post: operations['onSubscriptionCancelled'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'webhook.test': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The webhook.test event
     * @description Sent by the `testWebhook` operation (or the Test button) only, never by a real change. Signed per the Standard Webhooks specification: verify `webhook-signature` with your endpoint secret before trusting the body. Your endpoint's own headers (set on the endpoint) come too.
     */
    post: operations['onWebhookTest'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export interface components {
  schemas: {
    Error: {
      statusCode: number;
      error: string;
      message: string;
      issues?: {
        path: string;
        message: string;
        bt?: string;
      }[];
      permission?: string;
      /** @constant */
      twoFactorRequired?: true;
      /** @constant */
      twoFactorEnrollmentRequired?: true;
      /**
       * @description What went wrong, for programs (the status alone can mean several things).
       * @enum {string}
       */
      code:
        | 'parameter_unknown'
        | 'parameter_invalid'
        | 'parameter_missing'
        | 'body_invalid'
        | 'idempotency_key_invalid'
        | 'api_version_invalid'
        | 'api_key_invalid'
        | 'scope_missing'
        | 'api_access_not_in_plan'
        | 'plan_limit_reached'
        | 'resource_missing'
        | 'route_unknown'
        | 'method_not_allowed'
        | 'resource_already_exists'
        | 'resource_state_invalid'
        | 'idempotency_key_in_use'
        | 'body_too_large'
        | 'media_type_unsupported'
        | 'idempotency_key_reused'
        | 'request_unprocessable'
        | 'rate_limited'
        | 'internal_error'
        | 'provider_error'
        | 'service_unavailable'
        | 'service_timeout';
      param?: string;
    };
    Customer: {
      id: number;
      name: string;
      email: string;
      phone: string | null;
      address: string | null;
      company: string | null;
      taxId: string | null;
      /** @default null */
      street: string | null;
      /** @default null */
      postalCode: string | null;
      /** @default null */
      city: string | null;
      /** @default null */
      country: string | null;
      /** @default null */
      buyerReference: string | null;
      currency: string;
      language: string;
      paymentTerms: number;
      creditLimit: string | null;
      /** @enum {string} */
      customerType: 'individual' | 'business';
      industry: string | null;
      website: string | null;
      isActive: boolean;
      tags: string[];
      customFields: {
        [key: string]: unknown;
      };
      /**
       * @description Your own keys and text values on this object (`{}` when none).
       * @default {}
       */
      metadata: {
        [key: string]: string;
      };
      userId: string | null;
      createdAt: string;
      updatedAt: string;
      creditBalance?: string;
      creditBalances?: {
        currency: string;
        amount: string;
      }[];
    };
    /** @description A page of a list, newest first; `has_more`: whether more items follow in the direction of paging. */
    CustomerList: {
      /** @constant */
      object: 'list';
      data: components['schemas']['Customer'][];
      has_more: boolean;
    };
    Invoice: {
      id: number;
      invoiceNumber: string;
      customerId: number;
      customer: {
        id: number;
        name: string;
        email: string;
        phone: string | null;
        address: string | null;
        company: string | null;
        taxId?: string | null;
        /** @default null */
        street: string | null;
        /** @default null */
        postalCode: string | null;
        /** @default null */
        city: string | null;
        /** @default null */
        country: string | null;
      } | null;
      /**
       * @description Legacy status, derived: draft or cancelled by `lifecycle` (draft, void); else paid, refunded or credited by `paymentStatus`; else `overdue` when marked overdue, `viewed` when `viewedAt` is set, otherwise `sent`. Read `lifecycle`, `paymentStatus`, `sentAt`/`viewedAt` and `overdue` instead.
       * @enum {string}
       */
      status: 'draft' | 'sent' | 'viewed' | 'paid' | 'overdue' | 'cancelled' | 'refunded' | 'credited';
      /**
       * @description The document: draft, issued (has its legal number) or void (cancelled).
       * @enum {string}
       */
      lifecycle: 'draft' | 'issued' | 'void';
      /**
       * @description What money did: unpaid, partial, paid, refunded (everything paid given back) or credited (credit notes took the whole total back).
       * @enum {string}
       */
      paymentStatus: 'unpaid' | 'partial' | 'paid' | 'refunded' | 'credited';
      /** @description Issued, due date in the past and money still open. */
      overdue: boolean;
      issueDate: string;
      dueDate: string;
      currency: string;
      exchangeRate: string;
      subtotal: string;
      taxRate: string;
      taxAmount: string;
      discountAmount: string;
      shippingAmount: string;
      total: string;
      totalInBaseCurrency: string;
      notes: string | null;
      terms: string | null;
      paymentInstructions: string | null;
      sentAt: string | null;
      viewedAt: string | null;
      paidAt: string | null;
      remindersSent: number;
      lastReminderAt: string | null;
      recurringInvoiceId: number | null;
      /** @default null */
      quoteId: number | null;
      templateId: number | null;
      amountPaid: string;
      balanceDue: string;
      /** @default 0.00 */
      creditedAmount: string;
      /** @default 0.00 */
      creditApplied: string;
      publicToken?: string;
      /**
       * @description Your own keys and text values on this object (`{}` when none).
       * @default {}
       */
      metadata: {
        [key: string]: string;
      };
      createdAt: string;
      updatedAt: string;
      items?: {
        id: number;
        productId: number | null;
        description: string;
        quantity: string;
        rate: string;
        amount: string;
        taxRate: string;
        taxAmount: string;
        taxRateId: number | null;
        taxRateName: string | null;
        taxType: string | null;
        discountShare?: string;
        shippingShare?: string;
      }[];
    };
    /** @description A page of a list, newest first; `has_more`: whether more items follow in the direction of paging. */
    InvoiceList: {
      /** @constant */
      object: 'list';
      data: components['schemas']['Invoice'][];
      has_more: boolean;
    };
    ListQuotesItem: {
      id: number;
      quoteNumber: string;
      /** @enum {string} */
      status: 'draft' | 'sent' | 'viewed' | 'accepted' | 'declined' | 'expired' | 'converted';
      customerId: number;
      customer: {
        id: number;
        name: string;
        email: string;
        phone: string | null;
        address: string | null;
        company: string | null;
        taxId?: string | null;
        /** @default null */
        street: string | null;
        /** @default null */
        postalCode: string | null;
        /** @default null */
        city: string | null;
        /** @default null */
        country: string | null;
      } | null;
      issueDate: string;
      validUntil: string;
      currency: string;
      subtotal: string;
      taxAmount: string;
      discountAmount: string;
      shippingAmount: string;
      total: string;
      exchangeRate: string;
      totalInBaseCurrency: string;
      notes: string | null;
      terms: string | null;
      templateId: number | null;
      publicToken?: string;
      sentAt: string | null;
      viewedAt: string | null;
      acceptedAt: string | null;
      acceptedBy: {
        name: string;
        ip: string | null;
        userAgent: string | null;
      } | null;
      declinedAt: string | null;
      declineReason: string | null;
      convertedInvoiceId: number | null;
      /**
       * @description Your own keys and text values on this object (`{}` when none).
       * @default {}
       */
      metadata: {
        [key: string]: string;
      };
      createdAt: string;
      updatedAt: string;
      items?: {
        id: number;
        productId: number | null;
        description: string;
        quantity: string;
        rate: string;
        amount: string;
        taxRate: string;
        taxAmount: string;
        taxRateId: number | null;
        taxRateName: string | null;
        taxType: string | null;
        discountShare?: string;
        shippingShare?: string;
      }[];
    };
    /** @description A page of a list, newest first; `has_more`: whether more items follow in the direction of paging. */
    ListQuotesList: {
      /** @constant */
      object: 'list';
      data: components['schemas']['ListQuotesItem'][];
      has_more: boolean;
    };
    ConvertQuoteItem: {
      invoiceId: number;
    };
    CreditNote: {
      id: number;
      creditNoteNumber: string;
      invoiceId: number;
      invoiceNumber: string;
      invoiceIssueDate: string;
      customerId: number;
      customer: {
        name: string;
        email: string | null;
        company?: string | null;
        address?: string | null;
        taxId?: string | null;
        /** @default null */
        street: string | null;
        /** @default null */
        postalCode: string | null;
        /** @default null */
        city: string | null;
        /** @default null */
        country: string | null;
      } | null;
      issueDate: string;
      currency: string;
      reason: string;
      /** @enum {string} */
      resolution: 'reduce_balance' | 'refund' | 'credit';
      subtotal: string;
      taxAmount: string;
      total: string;
      exchangeRate: string;
      totalInBaseCurrency: string;
      refundStatus: ('pending' | 'refunded' | 'failed') | null;
      refundedAmount: string;
      items?: {
        id: number;
        productId: number | null;
        description: string;
        quantity: string;
        rate: string;
        amount: string;
        taxRate: string;
        taxAmount: string;
        taxRateId: number | null;
        taxRateName: string | null;
        taxType: string | null;
        discountShare?: string;
        shippingShare?: string;
        invoiceItemId: number | null;
      }[];
      taxLines: {
        taxRateId: number | null;
        name: string | null;
        type: string | null;
        rate: string;
        taxableAmount: string;
        taxAmount: string;
      }[];
      /**
       * @description Your own keys and text values on this object (`{}` when none).
       * @default {}
       */
      metadata: {
        [key: string]: string;
      };
      createdAt: string;
      createdBy: string | null;
    };
    /** @description A page of a list, newest first; `has_more`: whether more items follow in the direction of paging. */
    CreditNoteList: {
      /** @constant */
      object: 'list';
      data: components['schemas']['CreditNote'][];
      has_more: boolean;
    };
    TaxRate: {
      id: number;
      name: string;
      jurisdiction: string;
      rate: string;
      /** @enum {string} */
      type: 'sales_tax' | 'vat' | 'gst' | 'service_tax' | 'withholding' | 'other';
      isActive: boolean;
      startDate: string;
      endDate: string | null;
      description: string | null;
      taxNumber: string | null;
      /** @default null */
      category: ('S' | 'Z' | 'E' | 'AE' | 'K' | 'G' | 'O') | null;
      /** @default null */
      exemptionReason: string | null;
      /** @default null */
      exemptionReasonCode: string | null;
      createdAt: string;
      updatedAt: string;
    };
    /** @description A page of a list, newest first; `has_more`: whether more items follow in the direction of paging. */
    TaxRateList: {
      /** @constant */
      object: 'list';
      data: components['schemas']['TaxRate'][];
      has_more: boolean;
    };
    RecurringInvoice: {
      id: number;
      name: string;
      customerId: number;
      customer: {
        id: number;
        name: string;
      } | null;
      /** @enum {string} */
      frequency: 'weekly' | 'monthly' | 'quarterly' | 'annually';
      startDate: string;
      endDate: string | null;
      nextInvoiceDate: string | null;
      lastInvoiceDate: string | null;
      isActive: boolean;
      autoSend: boolean;
      currency: string;
      total: string;
      totalInvoicesGenerated: number;
      notes: string | null;
      items: {
        id: number;
        productId: number | null;
        description: string;
        quantity: string;
        amount: string;
        taxRate: string;
        taxAmount: string;
        taxRateId: number | null;
        taxRateName: string | null;
        taxType: string | null;
        discountShare?: string;
        shippingShare?: string;
        unitPrice: string;
      }[];
      /**
       * @description Your own keys and text values on this object (`{}` when none).
       * @default {}
       */
      metadata: {
        [key: string]: string;
      };
      createdAt: string;
      updatedAt: string;
    };
    /** @description A page of a list, newest first; `has_more`: whether more items follow in the direction of paging. */
    RecurringInvoiceList: {
      /** @constant */
      object: 'list';
      data: components['schemas']['RecurringInvoice'][];
      has_more: boolean;
    };
    RunRecurringInvoiceItem: {
      generated: number;
      invoices: {
        id: number;
        invoiceNumber: string;
        issueDate: string;
      }[];
      schedule: {
        id: number;
        name: string;
        customerId: number;
        customer: {
          id: number;
          name: string;
        } | null;
        /** @enum {string} */
        frequency: 'weekly' | 'monthly' | 'quarterly' | 'annually';
        startDate: string;
        endDate: string | null;
        nextInvoiceDate: string | null;
        lastInvoiceDate: string | null;
        isActive: boolean;
        autoSend: boolean;
        currency: string;
        total: string;
        totalInvoicesGenerated: number;
        notes: string | null;
        items: {
          id: number;
          productId: number | null;
          description: string;
          quantity: string;
          amount: string;
          taxRate: string;
          taxAmount: string;
          taxRateId: number | null;
          taxRateName: string | null;
          taxType: string | null;
          discountShare?: string;
          shippingShare?: string;
          unitPrice: string;
        }[];
        /**
         * @description Your own keys and text values on this object (`{}` when none).
         * @default {}
         */
        metadata: {
          [key: string]: string;
        };
        createdAt: string;
        updatedAt: string;
      };
    };
    Payment: {
      id: number;
      invoiceId: number;
      amount: string;
      currency: string;
      exchangeRate: string;
      amountInBaseCurrency: string;
      refundedAmount: string;
      paymentDate: string;
      /** @enum {string} */
      paymentMethod: 'credit_card' | 'bank_transfer' | 'paypal' | 'stripe' | 'cash' | 'check' | 'other';
      paymentProcessor: string | null;
      transactionId: string | null;
      reference: string | null;
      /** @enum {string} */
      status: 'pending' | 'completed' | 'failed' | 'refunded' | 'cancelled' | 'overpaid';
      fees: string;
      notes: string | null;
      /**
       * @description Your own keys and text values on this object (`{}` when none).
       * @default {}
       */
      metadata: {
        [key: string]: string;
      };
      createdAt: string;
    };
    /** @description A page of a list, newest first; `has_more`: whether more items follow in the direction of paging. */
    PaymentList: {
      /** @constant */
      object: 'list';
      data: components['schemas']['Payment'][];
      has_more: boolean;
    };
    Product: {
      id: number;
      name: string;
      sku: string | null;
      description: string | null;
      category: string | null;
      price: string;
      currency: string;
      taxRate: string;
      unitOfMeasure: string | null;
      isActive: boolean;
      trackInventory: boolean;
      stockQuantity: number | null;
      lowStockThreshold: number;
      stockStatus: ('in_stock' | 'low_stock' | 'out_of_stock') | null;
      revenue: string;
      /**
       * @description Your own keys and text values on this object (`{}` when none).
       * @default {}
       */
      metadata: {
        [key: string]: string;
      };
      createdAt: string;
      updatedAt: string;
    };
    /** @description A page of a list, newest first; `has_more`: whether more items follow in the direction of paging. */
    ProductList: {
      /** @constant */
      object: 'list';
      data: components['schemas']['Product'][];
      has_more: boolean;
    };
    WebhookEndpoint: {
      id: number;
      name: string;
      url: string;
      events: (
        | 'invoice.created'
        | 'invoice.updated'
        | 'invoice.paid'
        | 'invoice.overdue'
        | 'invoice.sent'
        | 'invoice.voided'
        | 'invoice.deleted'
        | 'quote.created'
        | 'quote.updated'
        | 'quote.sent'
        | 'quote.accepted'
        | 'quote.declined'
        | 'quote.expired'
        | 'quote.converted'
        | 'quote.deleted'
        | 'credit_note.created'
        | 'customer.created'
        | 'customer.updated'
        | 'customer.deleted'
        | 'payment.completed'
        | 'payment.failed'
        | 'payment.refunded'
        | 'product.created'
        | 'product.updated'
        | 'product.deleted'
        | 'tax_rate.created'
        | 'tax_rate.updated'
        | 'tax_rate.deleted'
        | 'subscription.created'
        | 'subscription.updated'
        | 'subscription.cancelled'
      )[];
      isActive: boolean;
      retryAttempts: number;
      timeoutSeconds: number;
      headers: {
        [key: string]: string;
      };
      secretHint: string;
      lastTriggeredAt: string | null;
      failingSince: string | null;
      disabledAt: string | null;
      disabledReason: string | null;
      createdAt: string;
      updatedAt: string;
    };
    /** @description A page of a list, newest first; `has_more`: whether more items follow in the direction of paging. */
    WebhookEndpointList: {
      /** @constant */
      object: 'list';
      data: components['schemas']['WebhookEndpoint'][];
      has_more: boolean;
    };
    WebhookEndpointCreated: {
      webhook: {
        id: number;
        name: string;
        url: string;
        events: (
          | 'invoice.created'
          | 'invoice.updated'
          | 'invoice.paid'
          | 'invoice.overdue'
          | 'invoice.sent'
          | 'invoice.voided'
          | 'invoice.deleted'
          | 'quote.created'
          | 'quote.updated'
          | 'quote.sent'
          | 'quote.accepted'
          | 'quote.declined'
          | 'quote.expired'
          | 'quote.converted'
          | 'quote.deleted'
          | 'credit_note.created'
          | 'customer.created'
          | 'customer.updated'
          | 'customer.deleted'
          | 'payment.completed'
          | 'payment.failed'
          | 'payment.refunded'
          | 'product.created'
          | 'product.updated'
          | 'product.deleted'
          | 'tax_rate.created'
          | 'tax_rate.updated'
          | 'tax_rate.deleted'
          | 'subscription.created'
          | 'subscription.updated'
          | 'subscription.cancelled'
        )[];
        isActive: boolean;
        retryAttempts: number;
        timeoutSeconds: number;
        headers: {
          [key: string]: string;
        };
        secretHint: string;
        lastTriggeredAt: string | null;
        failingSince: string | null;
        disabledAt: string | null;
        disabledReason: string | null;
        createdAt: string;
        updatedAt: string;
      };
      secret: string;
    };
    WebhookDelivery: {
      id: number;
      webhookId: number;
      messageId: string;
      eventType: string;
      eventData: unknown;
      /** @enum {string} */
      status: 'pending' | 'success' | 'failed' | 'retrying';
      attempts: number;
      responseStatus: number | null;
      responseBody: string | null;
      errorMessage: string | null;
      durationMs: number | null;
      deliveredAt: string | null;
      nextRetryAt: string | null;
      lastAttemptAt: string | null;
      createdAt: string;
    };
    /** @description A page of a list, newest first; `has_more`: whether more items follow in the direction of paging. */
    WebhookDeliveryList: {
      /** @constant */
      object: 'list';
      data: components['schemas']['WebhookDelivery'][];
      has_more: boolean;
    };
    RotateSecretWebhookItem: {
      webhook: {
        id: number;
        name: string;
        url: string;
        events: (
          | 'invoice.created'
          | 'invoice.updated'
          | 'invoice.paid'
          | 'invoice.overdue'
          | 'invoice.sent'
          | 'invoice.voided'
          | 'invoice.deleted'
          | 'quote.created'
          | 'quote.updated'
          | 'quote.sent'
          | 'quote.accepted'
          | 'quote.declined'
          | 'quote.expired'
          | 'quote.converted'
          | 'quote.deleted'
          | 'credit_note.created'
          | 'customer.created'
          | 'customer.updated'
          | 'customer.deleted'
          | 'payment.completed'
          | 'payment.failed'
          | 'payment.refunded'
          | 'product.created'
          | 'product.updated'
          | 'product.deleted'
          | 'tax_rate.created'
          | 'tax_rate.updated'
          | 'tax_rate.deleted'
          | 'subscription.created'
          | 'subscription.updated'
          | 'subscription.cancelled'
        )[];
        isActive: boolean;
        retryAttempts: number;
        timeoutSeconds: number;
        headers: {
          [key: string]: string;
        };
        secretHint: string;
        lastTriggeredAt: string | null;
        failingSince: string | null;
        disabledAt: string | null;
        disabledReason: string | null;
        createdAt: string;
        updatedAt: string;
      };
      secret: string;
      previousSecretExpiresAt: string;
    };
    ListEventsItem: {
      id: number;
      /** @constant */
      object: 'event';
      /** @enum {string} */
      type:
        | 'invoice.created'
        | 'invoice.updated'
        | 'invoice.paid'
        | 'invoice.overdue'
        | 'invoice.sent'
        | 'invoice.voided'
        | 'invoice.deleted'
        | 'quote.created'
        | 'quote.updated'
        | 'quote.sent'
        | 'quote.accepted'
        | 'quote.declined'
        | 'quote.expired'
        | 'quote.converted'
        | 'quote.deleted'
        | 'credit_note.created'
        | 'customer.created'
        | 'customer.updated'
        | 'customer.deleted'
        | 'payment.completed'
        | 'payment.failed'
        | 'payment.refunded'
        | 'product.created'
        | 'product.updated'
        | 'product.deleted'
        | 'tax_rate.created'
        | 'tax_rate.updated'
        | 'tax_rate.deleted'
        | 'subscription.created'
        | 'subscription.updated'
        | 'subscription.cancelled';
      createdAt: string;
      data: {
        [key: string]: unknown;
      };
    };
    /** @description A page of a list, newest first; `has_more`: whether more items follow in the direction of paging. */
    ListEventsList: {
      /** @constant */
      object: 'list';
      data: components['schemas']['ListEventsItem'][];
      has_more: boolean;
    };
    DashboardStats: {
      period: ('7d' | '30d' | '90d' | '1y') | null;
      periodStart: string | null;
      currency: string | null;
      totalRevenue: number;
      outstanding: number;
      overdue: number;
      totalCustomers: number;
      newCustomersThisMonth: number;
      totalInvoices: number;
      paidInvoices: number;
      overdueInvoices: number;
      pendingInvoices: number;
      averageInvoiceValue: number;
      dueSoonInvoices: number;
      paymentSuccessRate: number;
      revenueByMonth: {
        month: string;
        revenue: number;
      }[];
      currencyBreakdown: {
        currency: string;
        total: number;
      }[];
      baseCurrency: string;
      byCurrency: {
        currency: string;
        revenue: number;
        revenueInBase: number;
        outstanding: number;
        outstandingInBase: number;
        overdue: number;
        overdueInBase: number;
      }[];
      topCustomers: {
        id: number;
        name: string;
        company: string | null;
        totalSpent: number;
      }[];
      recentInvoices: {
        id: number;
        invoiceNumber: string;
        customerId: number;
        customer: {
          id: number;
          name: string;
          email: string;
          phone: string | null;
          address: string | null;
          company: string | null;
          taxId?: string | null;
          /** @default null */
          street: string | null;
          /** @default null */
          postalCode: string | null;
          /** @default null */
          city: string | null;
          /** @default null */
          country: string | null;
        } | null;
        /**
         * @description Legacy status, derived: draft or cancelled by `lifecycle` (draft, void); else paid, refunded or credited by `paymentStatus`; else `overdue` when marked overdue, `viewed` when `viewedAt` is set, otherwise `sent`. Read `lifecycle`, `paymentStatus`, `sentAt`/`viewedAt` and `overdue` instead.
         * @enum {string}
         */
        status: 'draft' | 'sent' | 'viewed' | 'paid' | 'overdue' | 'cancelled' | 'refunded' | 'credited';
        /**
         * @description The document: draft, issued (has its legal number) or void (cancelled).
         * @enum {string}
         */
        lifecycle: 'draft' | 'issued' | 'void';
        /**
         * @description What money did: unpaid, partial, paid, refunded (everything paid given back) or credited (credit notes took the whole total back).
         * @enum {string}
         */
        paymentStatus: 'unpaid' | 'partial' | 'paid' | 'refunded' | 'credited';
        /** @description Issued, due date in the past and money still open. */
        overdue: boolean;
        issueDate: string;
        dueDate: string;
        currency: string;
        exchangeRate: string;
        subtotal: string;
        taxRate: string;
        taxAmount: string;
        discountAmount: string;
        shippingAmount: string;
        total: string;
        totalInBaseCurrency: string;
        notes: string | null;
        terms: string | null;
        paymentInstructions: string | null;
        sentAt: string | null;
        viewedAt: string | null;
        paidAt: string | null;
        remindersSent: number;
        lastReminderAt: string | null;
        recurringInvoiceId: number | null;
        /** @default null */
        quoteId: number | null;
        templateId: number | null;
        amountPaid: string;
        balanceDue: string;
        /** @default 0.00 */
        creditedAmount: string;
        /** @default 0.00 */
        creditApplied: string;
        publicToken?: string;
        /**
         * @description Your own keys and text values on this object (`{}` when none).
         * @default {}
         */
        metadata: {
          [key: string]: string;
        };
        createdAt: string;
        updatedAt: string;
        items?: {
          id: number;
          productId: number | null;
          description: string;
          quantity: string;
          rate: string;
          amount: string;
          taxRate: string;
          taxAmount: string;
          taxRateId: number | null;
          taxRateName: string | null;
          taxType: string | null;
          discountShare?: string;
          shippingShare?: string;
        }[];
      }[];
      monthlyRecurringRevenue: {
        currency: string;
        amount: string;
      }[];
      paymentMethodStats: {
        method: string;
        amount: number;
        count: number;
      }[];
      revenueGrowth: number | null;
      previousRevenue: number;
      averageDaysToPayment: number | null;
      customerRetentionRate: number | null;
      automationRate: number | null;
      customerLifetimeValue: number | null;
      churnRate: number | null;
      customerAcquisitionCost: number | null;
    };
    InvoiceEventData: {
      id: number;
      invoiceNumber: string;
      customerId: number;
      customer: {
        id: number;
        name: string;
        email: string;
        phone: string | null;
        address: string | null;
        company: string | null;
        taxId?: string | null;
        /** @default null */
        street: string | null;
        /** @default null */
        postalCode: string | null;
        /** @default null */
        city: string | null;
        /** @default null */
        country: string | null;
      } | null;
      /**
       * @description Legacy status, derived: draft or cancelled by `lifecycle` (draft, void); else paid, refunded or credited by `paymentStatus`; else `overdue` when marked overdue, `viewed` when `viewedAt` is set, otherwise `sent`. Read `lifecycle`, `paymentStatus`, `sentAt`/`viewedAt` and `overdue` instead.
       * @enum {string}
       */
      status: 'draft' | 'sent' | 'viewed' | 'paid' | 'overdue' | 'cancelled' | 'refunded' | 'credited';
      /**
       * @description The document: draft, issued (has its legal number) or void (cancelled).
       * @enum {string}
       */
      lifecycle?: 'draft' | 'issued' | 'void';
      /**
       * @description What money did: unpaid, partial, paid, refunded (everything paid given back) or credited (credit notes took the whole total back).
       * @enum {string}
       */
      paymentStatus?: 'unpaid' | 'partial' | 'paid' | 'refunded' | 'credited';
      /** @description Issued, due date in the past and money still open. */
      overdue?: boolean;
      issueDate: string;
      dueDate: string;
      currency: string;
      exchangeRate: string;
      subtotal: string;
      taxRate: string;
      taxAmount: string;
      discountAmount: string;
      shippingAmount: string;
      total: string;
      totalInBaseCurrency: string;
      notes: string | null;
      terms: string | null;
      paymentInstructions: string | null;
      sentAt: string | null;
      viewedAt: string | null;
      paidAt: string | null;
      remindersSent: number;
      lastReminderAt: string | null;
      recurringInvoiceId: number | null;
      /** @default null */
      quoteId: number | null;
      templateId: number | null;
      amountPaid: string;
      balanceDue: string;
      /** @default 0.00 */
      creditedAmount: string;
      /** @default 0.00 */
      creditApplied: string;
      /**
       * @description Your own keys and text values on this object (`{}` when none).
       * @default {}
       */
      metadata: {
        [key: string]: string;
      };
      createdAt: string;
      updatedAt: string;
      productLines?: {
        productId: number;
        quantity: string;
        amount: string;
      }[];
      lines?: {
        description: string;
        quantity: string;
        rate: string;
        productId: number | null;
        taxRateId: number | null;
      }[];
      taxLines?: {
        taxRateId: number | null;
        name: string | null;
        type: string | null;
        rate: string;
        taxableAmount: string;
        taxAmount: string;
      }[];
    };
    QuoteCreatedData: {
      id: number;
      quoteNumber: string;
      /** @enum {string} */
      status: 'draft' | 'sent' | 'viewed' | 'accepted' | 'declined' | 'expired' | 'converted';
      customerId: number;
      customer: {
        id: number;
        name: string;
        email: string;
        phone: string | null;
        address: string | null;
        company: string | null;
        taxId?: string | null;
        /** @default null */
        street: string | null;
        /** @default null */
        postalCode: string | null;
        /** @default null */
        city: string | null;
        /** @default null */
        country: string | null;
      } | null;
      issueDate: string;
      validUntil: string;
      currency: string;
      subtotal: string;
      taxAmount: string;
      discountAmount: string;
      shippingAmount: string;
      total: string;
      exchangeRate?: string;
      totalInBaseCurrency?: string;
      notes: string | null;
      terms: string | null;
      templateId: number | null;
      sentAt: string | null;
      viewedAt: string | null;
      acceptedAt: string | null;
      acceptedBy: {
        name: string;
        ip: string | null;
        userAgent: string | null;
      } | null;
      declinedAt: string | null;
      declineReason: string | null;
      convertedInvoiceId: number | null;
      /**
       * @description Your own keys and text values on this object (`{}` when none).
       * @default {}
       */
      metadata: {
        [key: string]: string;
      };
      createdAt: string;
      updatedAt: string;
    };
    CreditNoteCreatedData: {
      id: number;
      creditNoteNumber: string;
      invoiceId: number;
      invoiceNumber: string;
      invoiceIssueDate: string;
      customerId: number;
      customer: {
        name: string;
        email: string | null;
        company?: string | null;
        address?: string | null;
        taxId?: string | null;
        /** @default null */
        street: string | null;
        /** @default null */
        postalCode: string | null;
        /** @default null */
        city: string | null;
        /** @default null */
        country: string | null;
      } | null;
      issueDate: string;
      currency: string;
      reason: string;
      /** @enum {string} */
      resolution: 'reduce_balance' | 'refund' | 'credit';
      subtotal: string;
      taxAmount: string;
      total: string;
      exchangeRate?: string;
      totalInBaseCurrency?: string;
      refundStatus: ('pending' | 'refunded' | 'failed') | null;
      refundedAmount: string;
      items: {
        id: number;
        productId: number | null;
        description: string;
        quantity: string;
        rate: string;
        amount: string;
        taxRate: string;
        taxAmount: string;
        taxRateId: number | null;
        taxRateName: string | null;
        taxType: string | null;
        discountShare?: string;
        shippingShare?: string;
        invoiceItemId: number | null;
      }[];
      taxLines: {
        taxRateId: number | null;
        name: string | null;
        type: string | null;
        rate: string;
        taxableAmount: string;
        taxAmount: string;
      }[];
      /**
       * @description Your own keys and text values on this object (`{}` when none).
       * @default {}
       */
      metadata: {
        [key: string]: string;
      };
      createdAt: string;
      createdBy: string | null;
    };
    CustomerDeletedData: {
      id: number;
    };
    PaymentEventData: {
      id: number;
      invoiceId: number;
      amount: string;
      currency: string;
      exchangeRate: string;
      amountInBaseCurrency: string;
      refundedAmount: string;
      paymentDate: string;
      /** @enum {string} */
      paymentMethod: 'credit_card' | 'bank_transfer' | 'paypal' | 'stripe' | 'cash' | 'check' | 'other';
      paymentProcessor: string | null;
      transactionId: string | null;
      reference: string | null;
      /** @enum {string} */
      status: 'pending' | 'completed' | 'failed' | 'refunded' | 'cancelled' | 'overpaid';
      fees: string;
      notes: string | null;
      /**
       * @description Your own keys and text values on this object (`{}` when none).
       * @default {}
       */
      metadata: {
        [key: string]: string;
      };
      createdAt: string;
      invoiceNumber: string;
      invoiceExchangeRate?: string | null;
    };
    ProductDeletedData: {
      id: number;
    };
    SubscriptionEventData: {
      id: number;
      name: string;
      customerId: number;
      customer: {
        id: number;
        name: string;
      } | null;
      /** @enum {string} */
      frequency: 'weekly' | 'monthly' | 'quarterly' | 'annually';
      startDate: string;
      endDate: string | null;
      nextInvoiceDate: string | null;
      lastInvoiceDate: string | null;
      isActive: boolean;
      autoSend: boolean;
      currency: string;
      total: string;
      totalInvoicesGenerated: number;
      notes: string | null;
      /**
       * @description Your own keys and text values on this object (`{}` when none).
       * @default {}
       */
      metadata: {
        [key: string]: string;
      };
      createdAt: string;
      updatedAt: string;
    };
    InvoiceCreatedEvent: {
      /** @description The event's id in the events log (`getEvent`): the same on every retry. */
      id: number;
      /** @constant */
      type: 'invoice.created';
      /**
       * Format: date-time
       * @description When the event happened.
       */
      timestamp: string;
      data: components['schemas']['InvoiceEventData'];
    };
    InvoiceUpdatedEvent: {
      /** @description The event's id in the events log (`getEvent`): the same on every retry. */
      id: number;
      /** @constant */
      type: 'invoice.updated';
      /**
       * Format: date-time
       * @description When the event happened.
       */
      timestamp: string;
      data: components['schemas']['InvoiceEventData'];
    };
    InvoicePaidEvent: {
      /** @description The event's id in the events log (`getEvent`): the same on every retry. */
      id: number;
      /** @constant */
      type: 'invoice.paid';
      /**
       * Format: date-time
       * @description When the event happened.
       */
      timestamp: string;
      data: components['schemas']['InvoiceEventData'];
    };
    InvoiceOverdueEvent: {
      /** @description The event's id in the events log (`getEvent`): the same on every retry. */
      id: number;
      /** @constant */
      type: 'invoice.overdue';
      /**
       * Format: date-time
       * @description When the event happened.
       */
      timestamp: string;
      data: components['schemas']['InvoiceEventData'];
    };
    InvoiceSentEvent: {
      /** @description The event's id in the events log (`getEvent`): the same on every retry. */
      id: number;
      /** @constant */
      type: 'invoice.sent';
      /**
       * Format: date-time
       * @description When the event happened.
       */
      timestamp: string;
      data: components['schemas']['InvoiceEventData'];
    };
    InvoiceVoidedEvent: {
      /** @description The event's id in the events log (`getEvent`): the same on every retry. */
      id: number;
      /** @constant */
      type: 'invoice.voided';
      /**
       * Format: date-time
       * @description When the event happened.
       */
      timestamp: string;
      data: components['schemas']['InvoiceEventData'];
    };
    InvoiceDeletedEvent: {
      /** @description The event's id in the events log (`getEvent`): the same on every retry. */
      id: number;
      /** @constant */
      type: 'invoice.deleted';
      /**
       * Format: date-time
       * @description When the event happened.
       */
      timestamp: string;
      data: components['schemas']['InvoiceEventData'];
    };
    QuoteCreatedEvent: {
      /** @description The event's id in the events log (`getEvent`): the same on every retry. */
      id: number;
      /** @constant */
      type: 'quote.created';
      /**
       * Format: date-time
       * @description When the event happened.
       */
      timestamp: string;
      data: components['schemas']['QuoteCreatedData'];
    };
    QuoteUpdatedEvent: {
      /** @description The event's id in the events log (`getEvent`): the same on every retry. */
      id: number;
      /** @constant */
      type: 'quote.updated';
      /**
       * Format: date-time
       * @description When the event happened.
       */
      timestamp: string;
      data: components['schemas']['QuoteCreatedData'];
    };
    QuoteSentEvent: {
      /** @description The event's id in the events log (`getEvent`): the same on every retry. */
      id: number;
      /** @constant */
      type: 'quote.sent';
      /**
       * Format: date-time
       * @description When the event happened.
       */
      timestamp: string;
      data: components['schemas']['QuoteCreatedData'];
    };
    QuoteAcceptedEvent: {
      /** @description The event's id in the events log (`getEvent`): the same on every retry. */
      id: number;
      /** @constant */
      type: 'quote.accepted';
      /**
       * Format: date-time
       * @description When the event happened.
       */
      timestamp: string;
      data: components['schemas']['QuoteCreatedData'];
    };
    QuoteDeclinedEvent: {
      /** @description The event's id in the events log (`getEvent`): the same on every retry. */
      id: number;
      /** @constant */
      type: 'quote.declined';
      /**
       * Format: date-time
       * @description When the event happened.
       */
      timestamp: string;
      data: components['schemas']['QuoteCreatedData'];
    };
    QuoteExpiredEvent: {
      /** @description The event's id in the events log (`getEvent`): the same on every retry. */
      id: number;
      /** @constant */
      type: 'quote.expired';
      /**
       * Format: date-time
       * @description When the event happened.
       */
      timestamp: string;
      data: components['schemas']['QuoteCreatedData'];
    };
    QuoteConvertedEvent: {
      /** @description The event's id in the events log (`getEvent`): the same on every retry. */
      id: number;
      /** @constant */
      type: 'quote.converted';
      /**
       * Format: date-time
       * @description When the event happened.
       */
      timestamp: string;
      data: components['schemas']['QuoteCreatedData'];
    };
    QuoteDeletedEvent: {
      /** @description The event's id in the events log (`getEvent`): the same on every retry. */
      id: number;
      /** @constant */
      type: 'quote.deleted';
      /**
       * Format: date-time
       * @description When the event happened.
       */
      timestamp: string;
      data: components['schemas']['QuoteCreatedData'];
    };
    CreditNoteCreatedEvent: {
      /** @description The event's id in the events log (`getEvent`): the same on every retry. */
      id: number;
      /** @constant */
      type: 'credit_note.created';
      /**
       * Format: date-time
       * @description When the event happened.
       */
      timestamp: string;
      data: components['schemas']['CreditNoteCreatedData'];
    };
    CustomerCreatedEvent: {
      /** @description The event's id in the events log (`getEvent`): the same on every retry. */
      id: number;
      /** @constant */
      type: 'customer.created';
      /**
       * Format: date-time
       * @description When the event happened.
       */
      timestamp: string;
      data: components['schemas']['Customer'];
    };
    CustomerUpdatedEvent: {
      /** @description The event's id in the events log (`getEvent`): the same on every retry. */
      id: number;
      /** @constant */
      type: 'customer.updated';
      /**
       * Format: date-time
       * @description When the event happened.
       */
      timestamp: string;
      data: components['schemas']['Customer'];
    };
    CustomerDeletedEvent: {
      /** @description The event's id in the events log (`getEvent`): the same on every retry. */
      id: number;
      /** @constant */
      type: 'customer.deleted';
      /**
       * Format: date-time
       * @description When the event happened.
       */
      timestamp: string;
      data: components['schemas']['CustomerDeletedData'];
    };
    PaymentCompletedEvent: {
      /** @description The event's id in the events log (`getEvent`): the same on every retry. */
      id: number;
      /** @constant */
      type: 'payment.completed';
      /**
       * Format: date-time
       * @description When the event happened.
       */
      timestamp: string;
      data: components['schemas']['PaymentEventData'];
    };
    PaymentFailedEvent: {
      /** @description The event's id in the events log (`getEvent`): the same on every retry. */
      id: number;
      /** @constant */
      type: 'payment.failed';
      /**
       * Format: date-time
       * @description When the event happened.
       */
      timestamp: string;
      data: components['schemas']['PaymentEventData'];
    };
    PaymentRefundedEvent: {
      /** @description The event's id in the events log (`getEvent`): the same on every retry. */
      id: number;
      /** @constant */
      type: 'payment.refunded';
      /**
       * Format: date-time
       * @description When the event happened.
       */
      timestamp: string;
      data: components['schemas']['PaymentEventData'];
    };
    ProductCreatedEvent: {
      /** @description The event's id in the events log (`getEvent`): the same on every retry. */
      id: number;
      /** @constant */
      type: 'product.created';
      /**
       * Format: date-time
       * @description When the event happened.
       */
      timestamp: string;
      data: components['schemas']['Product'];
    };
    ProductUpdatedEvent: {
      /** @description The event's id in the events log (`getEvent`): the same on every retry. */
      id: number;
      /** @constant */
      type: 'product.updated';
      /**
       * Format: date-time
       * @description When the event happened.
       */
      timestamp: string;
      data: components['schemas']['Product'];
    };
    ProductDeletedEvent: {
      /** @description The event's id in the events log (`getEvent`): the same on every retry. */
      id: number;
      /** @constant */
      type: 'product.deleted';
      /**
       * Format: date-time
       * @description When the event happened.
       */
      timestamp: string;
      data: components['schemas']['ProductDeletedData'];
    };
    TaxRateCreatedEvent: {
      /** @description The event's id in the events log (`getEvent`): the same on every retry. */
      id: number;
      /** @constant */
      type: 'tax_rate.created';
      /**
       * Format: date-time
       * @description When the event happened.
       */
      timestamp: string;
      data: components['schemas']['TaxRate'];
    };
    TaxRateUpdatedEvent: {
      /** @description The event's id in the events log (`getEvent`): the same on every retry. */
      id: number;
      /** @constant */
      type: 'tax_rate.updated';
      /**
       * Format: date-time
       * @description When the event happened.
       */
      timestamp: string;
      data: components['schemas']['TaxRate'];
    };
    TaxRateDeletedEvent: {
      /** @description The event's id in the events log (`getEvent`): the same on every retry. */
      id: number;
      /** @constant */
      type: 'tax_rate.deleted';
      /**
       * Format: date-time
       * @description When the event happened.
       */
      timestamp: string;
      data: components['schemas']['TaxRate'];
    };
    SubscriptionCreatedEvent: {
      /** @description The event's id in the events log (`getEvent`): the same on every retry. */
      id: number;
      /** @constant */
      type: 'subscription.created';
      /**
       * Format: date-time
       * @description When the event happened.
       */
      timestamp: string;
      data: components['schemas']['SubscriptionEventData'];
    };
    SubscriptionUpdatedEvent: {
      /** @description The event's id in the events log (`getEvent`): the same on every retry. */
      id: number;
      /** @constant */
      type: 'subscription.updated';
      /**
       * Format: date-time
       * @description When the event happened.
       */
      timestamp: string;
      data: components['schemas']['SubscriptionEventData'];
    };
    SubscriptionCancelledEvent: {
      /** @description The event's id in the events log (`getEvent`): the same on every retry. */
      id: number;
      /** @constant */
      type: 'subscription.cancelled';
      /**
       * Format: date-time
       * @description When the event happened.
       */
      timestamp: string;
      data: components['schemas']['SubscriptionEventData'];
    };
    WebhookTestEvent: {
      /** @constant */
      type: 'webhook.test';
      /**
       * Format: date-time
       * @description When the event happened.
       */
      timestamp: string;
      data: {
        webhookId: number;
        name: string;
        message: string;
      };
    };
  };
  responses: {
    /**
     * @description No API key, or not a valid one. Such an answer carries no rate-limit headers.
     *
     *     - `api_key_invalid`: No API key, or a malformed, mistyped, unknown, expired or revoked one.
     */
    Unauthorized: {
      headers: {
        'Billpoint-Version': components['headers']['Billpoint-Version'];
        'Request-Id': components['headers']['Request-Id'];
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['Error'] & {
          /** @enum {string} */
          code?: 'api_key_invalid';
        };
      };
    };
    /**
     * @description The key or the plan does not allow this.
     *
     *     - `scope_missing`: The key lacks the scope the operation needs; the message names it.
     *     - `api_access_not_in_plan`: The organization's plan does not include API access.
     *     - `plan_limit_reached`: The organization's plan allows no more of this resource.
     */
    Forbidden: {
      headers: {
        'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
        'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
        'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
        'RateLimit-Policy': components['headers']['RateLimit-Policy'];
        RateLimit: components['headers']['RateLimit'];
        'Billpoint-Version': components['headers']['Billpoint-Version'];
        'Request-Id': components['headers']['Request-Id'];
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['Error'] & {
          /** @enum {string} */
          code?: 'scope_missing' | 'api_access_not_in_plan' | 'plan_limit_reached';
        };
      };
    };
    /**
     * @description The path has no operation with this method; `Allow` lists those it has.
     *
     *     - `method_not_allowed`: The path has no operation with this method; `Allow` lists those it has.
     */
    MethodNotAllowed: {
      headers: {
        'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
        'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
        'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
        'RateLimit-Policy': components['headers']['RateLimit-Policy'];
        RateLimit: components['headers']['RateLimit'];
        'Billpoint-Version': components['headers']['Billpoint-Version'];
        'Request-Id': components['headers']['Request-Id'];
        Allow: components['headers']['Allow'];
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['Error'] & {
          /** @enum {string} */
          code?: 'method_not_allowed';
        };
      };
    };
    /**
     * @description The key's hourly allowance is spent.
     *
     *     - `rate_limited`: The key's hourly allowance is spent; `Retry-After` says when to retry.
     */
    TooManyRequests: {
      headers: {
        'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
        'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
        'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
        'RateLimit-Policy': components['headers']['RateLimit-Policy'];
        RateLimit: components['headers']['RateLimit'];
        'Billpoint-Version': components['headers']['Billpoint-Version'];
        'Request-Id': components['headers']['Request-Id'];
        'Retry-After': components['headers']['Retry-After'];
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['Error'] & {
          /** @enum {string} */
          code?: 'rate_limited';
        };
      };
    };
    /**
     * @description Something went wrong on our side.
     *
     *     - `internal_error`: Something went wrong on our side; retrying with the same Idempotency-Key is safe.
     */
    InternalError: {
      headers: {
        'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
        'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
        'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
        'RateLimit-Policy': components['headers']['RateLimit-Policy'];
        RateLimit: components['headers']['RateLimit'];
        'Billpoint-Version': components['headers']['Billpoint-Version'];
        'Request-Id': components['headers']['Request-Id'];
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['Error'] & {
          /** @enum {string} */
          code?: 'internal_error';
        };
      };
    };
    /**
     * @description A payment provider or mail server failed.
     *
     *     - `provider_error`: A payment provider or mail server failed.
     */
    ProviderError: {
      headers: {
        'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
        'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
        'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
        'RateLimit-Policy': components['headers']['RateLimit-Policy'];
        RateLimit: components['headers']['RateLimit'];
        'Billpoint-Version': components['headers']['Billpoint-Version'];
        'Request-Id': components['headers']['Request-Id'];
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['Error'] & {
          /** @enum {string} */
          code?: 'provider_error';
        };
      };
    };
    /**
     * @description A service is briefly unavailable.
     *
     *     - `service_unavailable`: A service is briefly unavailable; retry after `Retry-After` seconds.
     */
    ServiceUnavailable: {
      headers: {
        'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
        'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
        'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
        'RateLimit-Policy': components['headers']['RateLimit-Policy'];
        RateLimit: components['headers']['RateLimit'];
        'Billpoint-Version': components['headers']['Billpoint-Version'];
        'Request-Id': components['headers']['Request-Id'];
        'Retry-After': components['headers']['Retry-After'];
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['Error'] & {
          /** @enum {string} */
          code?: 'service_unavailable';
        };
      };
    };
    /**
     * @description A service took too long to answer.
     *
     *     - `service_timeout`: A service took too long to answer; retry with the same Idempotency-Key.
     */
    GatewayTimeout: {
      headers: {
        'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
        'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
        'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
        'RateLimit-Policy': components['headers']['RateLimit-Policy'];
        RateLimit: components['headers']['RateLimit'];
        'Billpoint-Version': components['headers']['Billpoint-Version'];
        'Request-Id': components['headers']['Request-Id'];
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['Error'] & {
          /** @enum {string} */
          code?: 'service_timeout';
        };
      };
    };
    /**
     * @description A parameter, field or header is wrong: `param` names it, `issues` lists every field problem.
     *
     *     - `parameter_unknown`: A query parameter or body field the operation does not take; `param` names it.
     *     - `parameter_invalid`: A parameter or field breaks its rule; `param` names it and `issues` lists every one.
     *     - `parameter_missing`: A required parameter or field is missing; `param` names it.
     *     - `body_invalid`: The body is not a JSON object (malformed JSON, or not UTF-8).
     *     - `idempotency_key_invalid`: The Idempotency-Key header is not 1–255 printable characters.
     *     - `api_version_invalid`: The Billpoint-Version header names no version of the API.
     */
    BadRequest: {
      headers: {
        'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
        'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
        'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
        'RateLimit-Policy': components['headers']['RateLimit-Policy'];
        RateLimit: components['headers']['RateLimit'];
        'Billpoint-Version': components['headers']['Billpoint-Version'];
        'Request-Id': components['headers']['Request-Id'];
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['Error'] & {
          /** @enum {string} */
          code?:
            | 'parameter_unknown'
            | 'parameter_invalid'
            | 'parameter_missing'
            | 'body_invalid'
            | 'idempotency_key_invalid'
            | 'api_version_invalid';
        };
      };
    };
    /**
     * @description The body is too large.
     *
     *     - `body_too_large`: The body is larger than 1 MiB.
     */
    BodyTooLarge: {
      headers: {
        'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
        'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
        'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
        'RateLimit-Policy': components['headers']['RateLimit-Policy'];
        RateLimit: components['headers']['RateLimit'];
        'Billpoint-Version': components['headers']['Billpoint-Version'];
        'Request-Id': components['headers']['Request-Id'];
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['Error'] & {
          /** @enum {string} */
          code?: 'body_too_large';
        };
      };
    };
    /**
     * @description The body is not JSON.
     *
     *     - `media_type_unsupported`: A body that is not `application/json`.
     */
    UnsupportedMediaType: {
      headers: {
        'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
        'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
        'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
        'RateLimit-Policy': components['headers']['RateLimit-Policy'];
        RateLimit: components['headers']['RateLimit'];
        'Billpoint-Version': components['headers']['Billpoint-Version'];
        'Request-Id': components['headers']['Request-Id'];
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['Error'] & {
          /** @enum {string} */
          code?: 'media_type_unsupported';
        };
      };
    };
    /**
     * @description No such resource in your organization.
     *
     *     - `resource_missing`: No such resource in your organization.
     *     - `route_unknown`: No operation at this path.
     */
    NotFound: {
      headers: {
        'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
        'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
        'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
        'RateLimit-Policy': components['headers']['RateLimit-Policy'];
        RateLimit: components['headers']['RateLimit'];
        'Billpoint-Version': components['headers']['Billpoint-Version'];
        'Request-Id': components['headers']['Request-Id'];
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['Error'] & {
          /** @enum {string} */
          code?: 'resource_missing' | 'route_unknown';
        };
      };
    };
    /**
     * @description The request is well-formed but cannot be carried out.
     *
     *     - `idempotency_key_reused`: This Idempotency-Key was used with another request in the last 24 h.
     *     - `request_unprocessable`: The request is valid but cannot be carried out (sending to a customer without an e-mail address).
     */
    Unprocessable: {
      headers: {
        'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
        'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
        'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
        'RateLimit-Policy': components['headers']['RateLimit-Policy'];
        RateLimit: components['headers']['RateLimit'];
        'Billpoint-Version': components['headers']['Billpoint-Version'];
        'Request-Id': components['headers']['Request-Id'];
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['Error'] & {
          /** @enum {string} */
          code?: 'idempotency_key_reused' | 'request_unprocessable';
        };
      };
    };
  };
  parameters: {
    /** @description The API version to answer with; without it, the organization's version. */
    BillpointVersion: '2026-11-26';
    /** @description Makes a retry safe: the same key and request within 24 h replay the first answer (with `Idempotent-Replayed: true`). */
    IdempotencyKey: string;
  };
  requestBodies: never;
  headers: {
    /** @description The key's requests per hour. */
    'X-RateLimit-Limit': number;
    /** @description Requests left in the current window. */
    'X-RateLimit-Remaining': number;
    /** @description Seconds until the window resets. */
    'X-RateLimit-Reset': number;
    /** @description The key's quota policy as the IETF RateLimit fields write it: `"api-key";q=<requests>;w=<seconds>`. */
    'RateLimit-Policy': string;
    /** @description What is left of the quota now: `"api-key";r=<remaining>;t=<seconds until the window resets>`. */
    RateLimit: string;
    /** @description The id of this request, as our logs and traces know it: quote it when you ask for support. */
    'Request-Id': string;
    /** @description The API version that answered. */
    'Billpoint-Version': '2026-11-26';
    /** @description `true` on an answer replayed for a repeated Idempotency-Key. */
    'Idempotent-Replayed': 'true';
    /** @description Seconds to wait before retrying. */
    'Retry-After': number;
    /** @description The methods the path has. */
    Allow: string;
  };
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  listCustomers: {
    parameters: {
      query?: {
        limit?: number;
        starting_after?: number;
        ending_before?: number;
        search?: string;
        /** @description Only the objects whose metadata holds every pair given, written `metadata[key]=value` (`?metadata[order_ref]=A-17&metadata[channel]=shop`). */
        metadata?: {
          [key: string]: string;
        };
      };
      header?: {
        /** @description The API version to answer with; without it, the organization's version. */
        'Billpoint-Version'?: components['parameters']['BillpointVersion'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description List customers */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CustomerList'];
        };
      };
      /**
       * @description A parameter, field or header is wrong: `param` names it, `issues` lists every field problem.
       *
       *     - `parameter_unknown`: A query parameter or body field the operation does not take; `param` names it.
       *     - `parameter_invalid`: A parameter or field breaks its rule; `param` names it and `issues` lists every one.
       *     - `parameter_missing`: A required parameter or field is missing; `param` names it.
       *     - `api_version_invalid`: The Billpoint-Version header names no version of the API.
       */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'parameter_unknown' | 'parameter_invalid' | 'parameter_missing' | 'api_version_invalid';
          };
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      405: components['responses']['MethodNotAllowed'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      502: components['responses']['ProviderError'];
      503: components['responses']['ServiceUnavailable'];
      504: components['responses']['GatewayTimeout'];
    };
  };
  createCustomer: {
    parameters: {
      query?: never;
      header?: {
        /** @description The API version to answer with; without it, the organization's version. */
        'Billpoint-Version'?: components['parameters']['BillpointVersion'];
        /** @description Makes a retry safe: the same key and request within 24 h replay the first answer (with `Idempotent-Replayed: true`). */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name: string;
          /**
           * Format: email
           * @description An e-mail address (spaces around it are trimmed).
           */
          email: string;
          phone?: string | null;
          address?: string | null;
          company?: string | null;
          taxId?: string | null;
          street?: string | null;
          postalCode?: string | null;
          city?: string | null;
          /** @description ISO 3166-1 alpha-2 country code (DE, FR, …); empty or null: none. */
          country?: string | null;
          buyerReference?: string | null;
          /** @description An ISO 4217 currency code, e.g. USD; any case (upper-cased when stored and answered). */
          currency?: string;
          /** @default en */
          language?: string;
          /** @description Days, 0–3650. Text is read as a number; text that is not a number counts as 0. */
          paymentTerms?: number | string;
          /** @description An amount ≥ 0 with at most 2 decimals, as text ("5000.50") or number; empty or null: none. */
          creditLimit?: string | number | null;
          /**
           * @default business
           * @enum {string}
           */
          customerType?: 'individual' | 'business';
          industry?: string | null;
          website?: string | null;
          /** @default true */
          isActive?: boolean;
          /** @default [] */
          tags?: string[];
          /** @description Your own keys and text values: at most 50 keys, a key 1–40 characters without `[` or `]`, a value at most 500 characters. On an update the keys sent are merged into the stored ones and a key sent as `""` is removed; `{}` changes nothing. */
          metadata?: {
            [key: string]: string;
          };
        };
      };
    };
    responses: {
      /** @description Create a customer */
      201: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Customer'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      405: components['responses']['MethodNotAllowed'];
      /**
       * @description The request conflicts with the state of the resource or with a request still running.
       *
       *     - `idempotency_key_in_use`: A request with this Idempotency-Key is still running; retry it in a moment.
       */
      409: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'idempotency_key_in_use';
          };
        };
      };
      413: components['responses']['BodyTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      /**
       * @description The request is well-formed but cannot be carried out.
       *
       *     - `idempotency_key_reused`: This Idempotency-Key was used with another request in the last 24 h.
       */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'idempotency_key_reused';
          };
        };
      };
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      502: components['responses']['ProviderError'];
      503: components['responses']['ServiceUnavailable'];
      504: components['responses']['GatewayTimeout'];
    };
  };
  getCustomer: {
    parameters: {
      query?: never;
      header?: {
        /** @description The API version to answer with; without it, the organization's version. */
        'Billpoint-Version'?: components['parameters']['BillpointVersion'];
      };
      path: {
        /** @description The customer's id. */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Get a customer */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Customer'];
        };
      };
      /**
       * @description A parameter, field or header is wrong: `param` names it, `issues` lists every field problem.
       *
       *     - `parameter_unknown`: A query parameter or body field the operation does not take; `param` names it.
       *     - `parameter_invalid`: A parameter or field breaks its rule; `param` names it and `issues` lists every one.
       *     - `parameter_missing`: A required parameter or field is missing; `param` names it.
       *     - `api_version_invalid`: The Billpoint-Version header names no version of the API.
       */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'parameter_unknown' | 'parameter_invalid' | 'parameter_missing' | 'api_version_invalid';
          };
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      405: components['responses']['MethodNotAllowed'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      502: components['responses']['ProviderError'];
      503: components['responses']['ServiceUnavailable'];
      504: components['responses']['GatewayTimeout'];
    };
  };
  deleteCustomer: {
    parameters: {
      query?: never;
      header?: {
        /** @description The API version to answer with; without it, the organization's version. */
        'Billpoint-Version'?: components['parameters']['BillpointVersion'];
      };
      path: {
        /** @description The customer's id. */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Delete a customer */
      204: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /**
       * @description A parameter, field or header is wrong: `param` names it, `issues` lists every field problem.
       *
       *     - `parameter_unknown`: A query parameter or body field the operation does not take; `param` names it.
       *     - `parameter_invalid`: A parameter or field breaks its rule; `param` names it and `issues` lists every one.
       *     - `parameter_missing`: A required parameter or field is missing; `param` names it.
       *     - `api_version_invalid`: The Billpoint-Version header names no version of the API.
       */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'parameter_unknown' | 'parameter_invalid' | 'parameter_missing' | 'api_version_invalid';
          };
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      405: components['responses']['MethodNotAllowed'];
      /**
       * @description The request conflicts with the state of the resource or with a request still running.
       *
       *     - `resource_state_invalid`: The resource's state does not allow this (an invoice that is no longer a draft, an invoice already paid).
       */
      409: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'resource_state_invalid';
          };
        };
      };
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      502: components['responses']['ProviderError'];
      503: components['responses']['ServiceUnavailable'];
      504: components['responses']['GatewayTimeout'];
    };
  };
  updateCustomer: {
    parameters: {
      query?: never;
      header?: {
        /** @description The API version to answer with; without it, the organization's version. */
        'Billpoint-Version'?: components['parameters']['BillpointVersion'];
      };
      path: {
        /** @description The customer's id. */
        id: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name?: string;
          /**
           * Format: email
           * @description An e-mail address (spaces around it are trimmed).
           */
          email?: string;
          phone?: string | null;
          address?: string | null;
          company?: string | null;
          taxId?: string | null;
          street?: string | null;
          postalCode?: string | null;
          city?: string | null;
          /** @description ISO 3166-1 alpha-2 country code (DE, FR, …); empty or null: none. */
          country?: string | null;
          buyerReference?: string | null;
          /** @description An ISO 4217 currency code, e.g. USD; any case (upper-cased when stored and answered). */
          currency?: string;
          language?: string;
          /** @description Days, 0–3650. Text is read as a number; text that is not a number counts as 0. */
          paymentTerms?: number | string;
          /** @description An amount ≥ 0 with at most 2 decimals, as text ("5000.50") or number; empty or null: none. */
          creditLimit?: string | number | null;
          /** @enum {string} */
          customerType?: 'individual' | 'business';
          industry?: string | null;
          website?: string | null;
          isActive?: boolean;
          tags?: string[];
          /** @description Your own keys and text values: at most 50 keys, a key 1–40 characters without `[` or `]`, a value at most 500 characters. On an update the keys sent are merged into the stored ones and a key sent as `""` is removed; `{}` changes nothing. */
          metadata?: {
            [key: string]: string;
          };
        };
      };
    };
    responses: {
      /** @description Update a customer */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Customer'];
        };
      };
      /**
       * @description A parameter, field or header is wrong: `param` names it, `issues` lists every field problem.
       *
       *     - `parameter_unknown`: A query parameter or body field the operation does not take; `param` names it.
       *     - `parameter_invalid`: A parameter or field breaks its rule; `param` names it and `issues` lists every one.
       *     - `parameter_missing`: A required parameter or field is missing; `param` names it.
       *     - `body_invalid`: The body is not a JSON object (malformed JSON, or not UTF-8).
       *     - `api_version_invalid`: The Billpoint-Version header names no version of the API.
       */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'parameter_unknown' | 'parameter_invalid' | 'parameter_missing' | 'body_invalid' | 'api_version_invalid';
          };
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      405: components['responses']['MethodNotAllowed'];
      /**
       * @description The request conflicts with the state of the resource or with a request still running.
       *
       *     - `resource_state_invalid`: The resource's state does not allow this (an invoice that is no longer a draft, an invoice already paid).
       */
      409: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'resource_state_invalid';
          };
        };
      };
      413: components['responses']['BodyTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      502: components['responses']['ProviderError'];
      503: components['responses']['ServiceUnavailable'];
      504: components['responses']['GatewayTimeout'];
    };
  };
  listInvoices: {
    parameters: {
      query?: {
        limit?: number;
        starting_after?: number;
        ending_before?: number;
        status?: 'draft' | 'sent' | 'viewed' | 'paid' | 'overdue' | 'cancelled' | 'refunded' | 'credited';
        customerId?: number;
        createdFrom?: string;
        createdTo?: string;
        recurringInvoiceId?: number;
        /** @description Only the objects whose metadata holds every pair given, written `metadata[key]=value` (`?metadata[order_ref]=A-17&metadata[channel]=shop`). */
        metadata?: {
          [key: string]: string;
        };
      };
      header?: {
        /** @description The API version to answer with; without it, the organization's version. */
        'Billpoint-Version'?: components['parameters']['BillpointVersion'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description List invoices */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['InvoiceList'];
        };
      };
      /**
       * @description A parameter, field or header is wrong: `param` names it, `issues` lists every field problem.
       *
       *     - `parameter_unknown`: A query parameter or body field the operation does not take; `param` names it.
       *     - `parameter_invalid`: A parameter or field breaks its rule; `param` names it and `issues` lists every one.
       *     - `parameter_missing`: A required parameter or field is missing; `param` names it.
       *     - `api_version_invalid`: The Billpoint-Version header names no version of the API.
       */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'parameter_unknown' | 'parameter_invalid' | 'parameter_missing' | 'api_version_invalid';
          };
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      405: components['responses']['MethodNotAllowed'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      502: components['responses']['ProviderError'];
      503: components['responses']['ServiceUnavailable'];
      504: components['responses']['GatewayTimeout'];
    };
  };
  createInvoice: {
    parameters: {
      query?: never;
      header?: {
        /** @description The API version to answer with; without it, the organization's version. */
        'Billpoint-Version'?: components['parameters']['BillpointVersion'];
        /** @description Makes a retry safe: the same key and request within 24 h replay the first answer (with `Idempotent-Replayed: true`). */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          invoice: {
            /** @description A customer id (a number, or its digits as text). */
            customerId: number | string;
            invoiceNumber?: string | null;
            issueDate?: string | null;
            /** @description A calendar date, YYYY-MM-DD (an ISO 8601 date-time is taken at the date it names). */
            dueDate: string;
            status?: string | null;
            /** @description An ISO 4217 currency code, e.g. USD; any case (upper-cased when stored and answered). */
            currency?: string;
            exchangeRate?: (string | number) | null;
            /** @description A percentage from 0 to 100 with at most 2 decimals, as text ("19.5") or number; empty text counts as 0. */
            taxRate?: string | number;
            /** @description A number ≥ 0 and at most 99999999999 with at most 3 decimals, as text ("12.50") or number. */
            discountAmount?: string | number;
            /** @description A number ≥ 0 and at most 99999999999 with at most 3 decimals, as text ("12.50") or number. */
            shippingAmount?: string | number;
            notes?: string | null;
            terms?: string | null;
            paymentInstructions?: string | null;
            templateId?: number | null;
            /** @description Your own keys and text values: at most 50 keys, a key 1–40 characters without `[` or `]`, a value at most 500 characters. On an update the keys sent are merged into the stored ones and a key sent as `""` is removed; `{}` changes nothing. */
            metadata?: {
              [key: string]: string;
            };
            subtotal?: string | number | null;
            taxAmount?: string | number | null;
            total?: string | number | null;
          };
          items: {
            description: string;
            /** @description A number ≥ 0 and at most 1000000000 with at most 4 decimals, as text ("12.50") or number. */
            quantity: string | number;
            /** @description A number ≥ 0 and at most 99999999999 with at most 4 decimals, as text ("12.50") or number. */
            rate: string | number;
            amount?: string | number | null;
            taxRate?: (string | number) | null;
            taxAmount?: string | number | null;
            productId?: number | null;
            taxRateId?: number | null;
          }[];
        };
      };
    };
    responses: {
      /** @description Create an invoice */
      201: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Invoice'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      405: components['responses']['MethodNotAllowed'];
      /**
       * @description The request conflicts with the state of the resource or with a request still running.
       *
       *     - `resource_already_exists`: A resource with this unique value exists (an invoice number).
       *     - `idempotency_key_in_use`: A request with this Idempotency-Key is still running; retry it in a moment.
       */
      409: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'resource_already_exists' | 'idempotency_key_in_use';
          };
        };
      };
      413: components['responses']['BodyTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      /**
       * @description The request is well-formed but cannot be carried out.
       *
       *     - `idempotency_key_reused`: This Idempotency-Key was used with another request in the last 24 h.
       */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'idempotency_key_reused';
          };
        };
      };
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      502: components['responses']['ProviderError'];
      503: components['responses']['ServiceUnavailable'];
      504: components['responses']['GatewayTimeout'];
    };
  };
  getInvoice: {
    parameters: {
      query?: never;
      header?: {
        /** @description The API version to answer with; without it, the organization's version. */
        'Billpoint-Version'?: components['parameters']['BillpointVersion'];
      };
      path: {
        /** @description The invoice's id. */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Get an invoice */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Invoice'];
        };
      };
      /**
       * @description A parameter, field or header is wrong: `param` names it, `issues` lists every field problem.
       *
       *     - `parameter_unknown`: A query parameter or body field the operation does not take; `param` names it.
       *     - `parameter_invalid`: A parameter or field breaks its rule; `param` names it and `issues` lists every one.
       *     - `parameter_missing`: A required parameter or field is missing; `param` names it.
       *     - `api_version_invalid`: The Billpoint-Version header names no version of the API.
       */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'parameter_unknown' | 'parameter_invalid' | 'parameter_missing' | 'api_version_invalid';
          };
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      405: components['responses']['MethodNotAllowed'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      502: components['responses']['ProviderError'];
      503: components['responses']['ServiceUnavailable'];
      504: components['responses']['GatewayTimeout'];
    };
  };
  deleteInvoice: {
    parameters: {
      query?: never;
      header?: {
        /** @description The API version to answer with; without it, the organization's version. */
        'Billpoint-Version'?: components['parameters']['BillpointVersion'];
      };
      path: {
        /** @description The invoice's id. */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Delete an invoice */
      204: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /**
       * @description A parameter, field or header is wrong: `param` names it, `issues` lists every field problem.
       *
       *     - `parameter_unknown`: A query parameter or body field the operation does not take; `param` names it.
       *     - `parameter_invalid`: A parameter or field breaks its rule; `param` names it and `issues` lists every one.
       *     - `parameter_missing`: A required parameter or field is missing; `param` names it.
       *     - `api_version_invalid`: The Billpoint-Version header names no version of the API.
       */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'parameter_unknown' | 'parameter_invalid' | 'parameter_missing' | 'api_version_invalid';
          };
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      405: components['responses']['MethodNotAllowed'];
      /**
       * @description The request conflicts with the state of the resource or with a request still running.
       *
       *     - `resource_state_invalid`: The resource's state does not allow this (an invoice that is no longer a draft, an invoice already paid).
       */
      409: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'resource_state_invalid';
          };
        };
      };
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      502: components['responses']['ProviderError'];
      503: components['responses']['ServiceUnavailable'];
      504: components['responses']['GatewayTimeout'];
    };
  };
  updateInvoice: {
    parameters: {
      query?: never;
      header?: {
        /** @description The API version to answer with; without it, the organization's version. */
        'Billpoint-Version'?: components['parameters']['BillpointVersion'];
      };
      path: {
        /** @description The invoice's id. */
        id: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description A customer id (a number, or its digits as text). */
          customerId?: number | string;
          /** @description A calendar date, YYYY-MM-DD (an ISO 8601 date-time is taken at the date it names). */
          issueDate?: string;
          /** @description A calendar date, YYYY-MM-DD (an ISO 8601 date-time is taken at the date it names). */
          dueDate?: string;
          /** @description An ISO 4217 currency code, e.g. USD; any case (upper-cased when stored and answered). */
          currency?: string;
          /** @description Units of the base currency per unit of the invoice currency: a number > 0 with at most 6 decimals, as text or number. */
          exchangeRate?: string | number;
          /** @description A percentage from 0 to 100 with at most 2 decimals, as text ("19.5") or number; empty text counts as 0. */
          taxRate?: string | number;
          /** @description A number ≥ 0 and at most 99999999999 with at most 3 decimals, as text ("12.50") or number. */
          discountAmount?: string | number;
          /** @description A number ≥ 0 and at most 99999999999 with at most 3 decimals, as text ("12.50") or number. */
          shippingAmount?: string | number;
          notes?: string | null;
          terms?: string | null;
          paymentInstructions?: string | null;
          templateId?: number | null;
          /** @description Your own keys and text values: at most 50 keys, a key 1–40 characters without `[` or `]`, a value at most 500 characters. On an update the keys sent are merged into the stored ones and a key sent as `""` is removed; `{}` changes nothing. */
          metadata?: {
            [key: string]: string;
          };
          items?: {
            id?: number | null;
            description: string;
            /** @description A number ≥ 0 and at most 1000000000 with at most 4 decimals, as text ("12.50") or number. */
            quantity: string | number;
            /** @description A number ≥ 0 and at most 99999999999 with at most 4 decimals, as text ("12.50") or number. */
            rate: string | number;
            amount?: string | number | null;
            taxRate?: (string | number) | null;
            taxAmount?: string | number | null;
            productId?: number | null;
            taxRateId?: number | null;
          }[];
        };
      };
    };
    responses: {
      /** @description Update an invoice */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Invoice'];
        };
      };
      /**
       * @description A parameter, field or header is wrong: `param` names it, `issues` lists every field problem.
       *
       *     - `parameter_unknown`: A query parameter or body field the operation does not take; `param` names it.
       *     - `parameter_invalid`: A parameter or field breaks its rule; `param` names it and `issues` lists every one.
       *     - `parameter_missing`: A required parameter or field is missing; `param` names it.
       *     - `body_invalid`: The body is not a JSON object (malformed JSON, or not UTF-8).
       *     - `api_version_invalid`: The Billpoint-Version header names no version of the API.
       */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'parameter_unknown' | 'parameter_invalid' | 'parameter_missing' | 'body_invalid' | 'api_version_invalid';
          };
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      405: components['responses']['MethodNotAllowed'];
      /**
       * @description The request conflicts with the state of the resource or with a request still running.
       *
       *     - `resource_state_invalid`: The resource's state does not allow this (an invoice that is no longer a draft, an invoice already paid).
       */
      409: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'resource_state_invalid';
          };
        };
      };
      413: components['responses']['BodyTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      502: components['responses']['ProviderError'];
      503: components['responses']['ServiceUnavailable'];
      504: components['responses']['GatewayTimeout'];
    };
  };
  sendInvoice: {
    parameters: {
      query?: never;
      header?: {
        /** @description The API version to answer with; without it, the organization's version. */
        'Billpoint-Version'?: components['parameters']['BillpointVersion'];
        /** @description Makes a retry safe: the same key and request within 24 h replay the first answer (with `Idempotent-Replayed: true`). */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
      };
      path: {
        /** @description The invoice's id. */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Send an invoice to its customer by e-mail */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Invoice'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      405: components['responses']['MethodNotAllowed'];
      /**
       * @description The request conflicts with the state of the resource or with a request still running.
       *
       *     - `resource_state_invalid`: The resource's state does not allow this (an invoice that is no longer a draft, an invoice already paid).
       *     - `idempotency_key_in_use`: A request with this Idempotency-Key is still running; retry it in a moment.
       */
      409: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'resource_state_invalid' | 'idempotency_key_in_use';
          };
        };
      };
      413: components['responses']['BodyTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      422: components['responses']['Unprocessable'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      502: components['responses']['ProviderError'];
      503: components['responses']['ServiceUnavailable'];
      504: components['responses']['GatewayTimeout'];
    };
  };
  getInvoicePdf: {
    parameters: {
      query?: never;
      header?: {
        /** @description The API version to answer with; without it, the organization's version. */
        'Billpoint-Version'?: components['parameters']['BillpointVersion'];
      };
      path: {
        /** @description The invoice's id. */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Download an invoice as PDF */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/pdf': string;
        };
      };
      /**
       * @description A parameter, field or header is wrong: `param` names it, `issues` lists every field problem.
       *
       *     - `parameter_unknown`: A query parameter or body field the operation does not take; `param` names it.
       *     - `parameter_invalid`: A parameter or field breaks its rule; `param` names it and `issues` lists every one.
       *     - `parameter_missing`: A required parameter or field is missing; `param` names it.
       *     - `api_version_invalid`: The Billpoint-Version header names no version of the API.
       */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'parameter_unknown' | 'parameter_invalid' | 'parameter_missing' | 'api_version_invalid';
          };
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      405: components['responses']['MethodNotAllowed'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      502: components['responses']['ProviderError'];
      503: components['responses']['ServiceUnavailable'];
      504: components['responses']['GatewayTimeout'];
    };
  };
  getInvoiceEInvoice: {
    parameters: {
      query: {
        format: 'ubl' | 'cii' | 'xrechnung' | 'xrechnung-ubl' | 'xrechnung-cii' | 'factur-x';
      };
      header?: {
        /** @description The API version to answer with; without it, the organization's version. */
        'Billpoint-Version'?: components['parameters']['BillpointVersion'];
      };
      path: {
        /** @description The invoice's id. */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Download an invoice as an EN 16931 e-invoice */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/xml': string;
          'application/pdf': string;
        };
      };
      /**
       * @description A parameter, field or header is wrong: `param` names it, `issues` lists every field problem.
       *
       *     - `parameter_unknown`: A query parameter or body field the operation does not take; `param` names it.
       *     - `parameter_invalid`: A parameter or field breaks its rule; `param` names it and `issues` lists every one.
       *     - `parameter_missing`: A required parameter or field is missing; `param` names it.
       *     - `api_version_invalid`: The Billpoint-Version header names no version of the API.
       */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'parameter_unknown' | 'parameter_invalid' | 'parameter_missing' | 'api_version_invalid';
          };
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      405: components['responses']['MethodNotAllowed'];
      /**
       * @description The request is well-formed but cannot be carried out.
       *
       *     - `request_unprocessable`: The request is valid but cannot be carried out (sending to a customer without an e-mail address).
       */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'request_unprocessable';
          };
        };
      };
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      502: components['responses']['ProviderError'];
      503: components['responses']['ServiceUnavailable'];
      504: components['responses']['GatewayTimeout'];
    };
  };
  voidInvoice: {
    parameters: {
      query?: never;
      header?: {
        /** @description The API version to answer with; without it, the organization's version. */
        'Billpoint-Version'?: components['parameters']['BillpointVersion'];
        /** @description Makes a retry safe: the same key and request within 24 h replay the first answer (with `Idempotent-Replayed: true`). */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
      };
      path: {
        /** @description The invoice's id. */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Void an invoice */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Invoice'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      405: components['responses']['MethodNotAllowed'];
      /**
       * @description The request conflicts with the state of the resource or with a request still running.
       *
       *     - `resource_state_invalid`: The resource's state does not allow this (an invoice that is no longer a draft, an invoice already paid).
       *     - `idempotency_key_in_use`: A request with this Idempotency-Key is still running; retry it in a moment.
       */
      409: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'resource_state_invalid' | 'idempotency_key_in_use';
          };
        };
      };
      413: components['responses']['BodyTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      /**
       * @description The request is well-formed but cannot be carried out.
       *
       *     - `idempotency_key_reused`: This Idempotency-Key was used with another request in the last 24 h.
       */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'idempotency_key_reused';
          };
        };
      };
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      502: components['responses']['ProviderError'];
      503: components['responses']['ServiceUnavailable'];
      504: components['responses']['GatewayTimeout'];
    };
  };
  listQuotes: {
    parameters: {
      query?: {
        limit?: number;
        starting_after?: number;
        ending_before?: number;
        status?: 'draft' | 'sent' | 'viewed' | 'accepted' | 'declined' | 'expired' | 'converted';
        customerId?: number;
        /** @description Only the objects whose metadata holds every pair given, written `metadata[key]=value` (`?metadata[order_ref]=A-17&metadata[channel]=shop`). */
        metadata?: {
          [key: string]: string;
        };
      };
      header?: {
        /** @description The API version to answer with; without it, the organization's version. */
        'Billpoint-Version'?: components['parameters']['BillpointVersion'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description List quotes */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ListQuotesList'];
        };
      };
      /**
       * @description A parameter, field or header is wrong: `param` names it, `issues` lists every field problem.
       *
       *     - `parameter_unknown`: A query parameter or body field the operation does not take; `param` names it.
       *     - `parameter_invalid`: A parameter or field breaks its rule; `param` names it and `issues` lists every one.
       *     - `parameter_missing`: A required parameter or field is missing; `param` names it.
       *     - `api_version_invalid`: The Billpoint-Version header names no version of the API.
       */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'parameter_unknown' | 'parameter_invalid' | 'parameter_missing' | 'api_version_invalid';
          };
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      405: components['responses']['MethodNotAllowed'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      502: components['responses']['ProviderError'];
      503: components['responses']['ServiceUnavailable'];
      504: components['responses']['GatewayTimeout'];
    };
  };
  createQuote: {
    parameters: {
      query?: never;
      header?: {
        /** @description The API version to answer with; without it, the organization's version. */
        'Billpoint-Version'?: components['parameters']['BillpointVersion'];
        /** @description Makes a retry safe: the same key and request within 24 h replay the first answer (with `Idempotent-Replayed: true`). */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          quote: {
            /** @description A customer id (a number, or its digits as text). */
            customerId: number | string;
            issueDate?: string | null;
            /** @description A calendar date, YYYY-MM-DD (an ISO 8601 date-time is taken at the date it names). */
            validUntil: string;
            /** @description An ISO 4217 currency code, e.g. USD; any case (upper-cased when stored and answered). */
            currency?: string;
            exchangeRate?: (string | number) | null;
            /** @description A number ≥ 0 and at most 99999999999 with at most 3 decimals, as text ("12.50") or number. */
            discountAmount?: string | number;
            /** @description A number ≥ 0 and at most 99999999999 with at most 3 decimals, as text ("12.50") or number. */
            shippingAmount?: string | number;
            notes?: string | null;
            terms?: string | null;
            templateId?: number | null;
            /** @description Your own keys and text values: at most 50 keys, a key 1–40 characters without `[` or `]`, a value at most 500 characters. On an update the keys sent are merged into the stored ones and a key sent as `""` is removed; `{}` changes nothing. */
            metadata?: {
              [key: string]: string;
            };
            quoteNumber?: string | null;
            status?: string | null;
            subtotal?: string | number | null;
            taxAmount?: string | number | null;
            total?: string | number | null;
          };
          items: {
            description: string;
            /** @description A number ≥ 0 and at most 1000000000 with at most 4 decimals, as text ("12.50") or number. */
            quantity: string | number;
            /** @description A number ≥ 0 and at most 99999999999 with at most 4 decimals, as text ("12.50") or number. */
            rate: string | number;
            amount?: string | number | null;
            taxRate?: (string | number) | null;
            taxAmount?: string | number | null;
            productId?: number | null;
            taxRateId?: number | null;
          }[];
        };
      };
    };
    responses: {
      /** @description Create a quote */
      201: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ListQuotesItem'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      405: components['responses']['MethodNotAllowed'];
      /**
       * @description The request conflicts with the state of the resource or with a request still running.
       *
       *     - `idempotency_key_in_use`: A request with this Idempotency-Key is still running; retry it in a moment.
       */
      409: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'idempotency_key_in_use';
          };
        };
      };
      413: components['responses']['BodyTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      /**
       * @description The request is well-formed but cannot be carried out.
       *
       *     - `idempotency_key_reused`: This Idempotency-Key was used with another request in the last 24 h.
       */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'idempotency_key_reused';
          };
        };
      };
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      502: components['responses']['ProviderError'];
      503: components['responses']['ServiceUnavailable'];
      504: components['responses']['GatewayTimeout'];
    };
  };
  getQuote: {
    parameters: {
      query?: never;
      header?: {
        /** @description The API version to answer with; without it, the organization's version. */
        'Billpoint-Version'?: components['parameters']['BillpointVersion'];
      };
      path: {
        /** @description The quote's id. */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Get a quote */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ListQuotesItem'];
        };
      };
      /**
       * @description A parameter, field or header is wrong: `param` names it, `issues` lists every field problem.
       *
       *     - `parameter_unknown`: A query parameter or body field the operation does not take; `param` names it.
       *     - `parameter_invalid`: A parameter or field breaks its rule; `param` names it and `issues` lists every one.
       *     - `parameter_missing`: A required parameter or field is missing; `param` names it.
       *     - `api_version_invalid`: The Billpoint-Version header names no version of the API.
       */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'parameter_unknown' | 'parameter_invalid' | 'parameter_missing' | 'api_version_invalid';
          };
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      405: components['responses']['MethodNotAllowed'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      502: components['responses']['ProviderError'];
      503: components['responses']['ServiceUnavailable'];
      504: components['responses']['GatewayTimeout'];
    };
  };
  deleteQuote: {
    parameters: {
      query?: never;
      header?: {
        /** @description The API version to answer with; without it, the organization's version. */
        'Billpoint-Version'?: components['parameters']['BillpointVersion'];
      };
      path: {
        /** @description The quote's id. */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Delete a quote */
      204: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /**
       * @description A parameter, field or header is wrong: `param` names it, `issues` lists every field problem.
       *
       *     - `parameter_unknown`: A query parameter or body field the operation does not take; `param` names it.
       *     - `parameter_invalid`: A parameter or field breaks its rule; `param` names it and `issues` lists every one.
       *     - `parameter_missing`: A required parameter or field is missing; `param` names it.
       *     - `api_version_invalid`: The Billpoint-Version header names no version of the API.
       */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'parameter_unknown' | 'parameter_invalid' | 'parameter_missing' | 'api_version_invalid';
          };
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      405: components['responses']['MethodNotAllowed'];
      /**
       * @description The request conflicts with the state of the resource or with a request still running.
       *
       *     - `resource_state_invalid`: The resource's state does not allow this (an invoice that is no longer a draft, an invoice already paid).
       */
      409: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'resource_state_invalid';
          };
        };
      };
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      502: components['responses']['ProviderError'];
      503: components['responses']['ServiceUnavailable'];
      504: components['responses']['GatewayTimeout'];
    };
  };
  updateQuote: {
    parameters: {
      query?: never;
      header?: {
        /** @description The API version to answer with; without it, the organization's version. */
        'Billpoint-Version'?: components['parameters']['BillpointVersion'];
      };
      path: {
        /** @description The quote's id. */
        id: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description A customer id (a number, or its digits as text). */
          customerId?: number | string;
          /** @description A calendar date, YYYY-MM-DD (an ISO 8601 date-time is taken at the date it names). */
          issueDate?: string;
          /** @description A calendar date, YYYY-MM-DD (an ISO 8601 date-time is taken at the date it names). */
          validUntil?: string;
          /** @description An ISO 4217 currency code, e.g. USD; any case (upper-cased when stored and answered). */
          currency?: string;
          /** @description Units of the base currency per unit of the invoice currency: a number > 0 with at most 6 decimals, as text or number. */
          exchangeRate?: string | number;
          /** @description A number ≥ 0 and at most 99999999999 with at most 3 decimals, as text ("12.50") or number. */
          discountAmount?: string | number;
          /** @description A number ≥ 0 and at most 99999999999 with at most 3 decimals, as text ("12.50") or number. */
          shippingAmount?: string | number;
          notes?: string | null;
          terms?: string | null;
          templateId?: number | null;
          /** @description Your own keys and text values: at most 50 keys, a key 1–40 characters without `[` or `]`, a value at most 500 characters. On an update the keys sent are merged into the stored ones and a key sent as `""` is removed; `{}` changes nothing. */
          metadata?: {
            [key: string]: string;
          };
          items?: {
            id?: number | null;
            description: string;
            /** @description A number ≥ 0 and at most 1000000000 with at most 4 decimals, as text ("12.50") or number. */
            quantity: string | number;
            /** @description A number ≥ 0 and at most 99999999999 with at most 4 decimals, as text ("12.50") or number. */
            rate: string | number;
            amount?: string | number | null;
            taxRate?: (string | number) | null;
            taxAmount?: string | number | null;
            productId?: number | null;
            taxRateId?: number | null;
          }[];
        };
      };
    };
    responses: {
      /** @description Update a quote */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ListQuotesItem'];
        };
      };
      /**
       * @description A parameter, field or header is wrong: `param` names it, `issues` lists every field problem.
       *
       *     - `parameter_unknown`: A query parameter or body field the operation does not take; `param` names it.
       *     - `parameter_invalid`: A parameter or field breaks its rule; `param` names it and `issues` lists every one.
       *     - `parameter_missing`: A required parameter or field is missing; `param` names it.
       *     - `body_invalid`: The body is not a JSON object (malformed JSON, or not UTF-8).
       *     - `api_version_invalid`: The Billpoint-Version header names no version of the API.
       */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'parameter_unknown' | 'parameter_invalid' | 'parameter_missing' | 'body_invalid' | 'api_version_invalid';
          };
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      405: components['responses']['MethodNotAllowed'];
      /**
       * @description The request conflicts with the state of the resource or with a request still running.
       *
       *     - `resource_state_invalid`: The resource's state does not allow this (an invoice that is no longer a draft, an invoice already paid).
       */
      409: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'resource_state_invalid';
          };
        };
      };
      413: components['responses']['BodyTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      502: components['responses']['ProviderError'];
      503: components['responses']['ServiceUnavailable'];
      504: components['responses']['GatewayTimeout'];
    };
  };
  sendQuote: {
    parameters: {
      query?: never;
      header?: {
        /** @description The API version to answer with; without it, the organization's version. */
        'Billpoint-Version'?: components['parameters']['BillpointVersion'];
        /** @description Makes a retry safe: the same key and request within 24 h replay the first answer (with `Idempotent-Replayed: true`). */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
      };
      path: {
        /** @description The quote's id. */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Send a quote to its customer by e-mail */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ListQuotesItem'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      405: components['responses']['MethodNotAllowed'];
      /**
       * @description The request conflicts with the state of the resource or with a request still running.
       *
       *     - `resource_state_invalid`: The resource's state does not allow this (an invoice that is no longer a draft, an invoice already paid).
       *     - `idempotency_key_in_use`: A request with this Idempotency-Key is still running; retry it in a moment.
       */
      409: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'resource_state_invalid' | 'idempotency_key_in_use';
          };
        };
      };
      413: components['responses']['BodyTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      422: components['responses']['Unprocessable'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      502: components['responses']['ProviderError'];
      503: components['responses']['ServiceUnavailable'];
      504: components['responses']['GatewayTimeout'];
    };
  };
  acceptQuote: {
    parameters: {
      query?: never;
      header?: {
        /** @description The API version to answer with; without it, the organization's version. */
        'Billpoint-Version'?: components['parameters']['BillpointVersion'];
        /** @description Makes a retry safe: the same key and request within 24 h replay the first answer (with `Idempotent-Replayed: true`). */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
      };
      path: {
        /** @description The quote's id. */
        id: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name: string;
        };
      };
    };
    responses: {
      /** @description Record the customer's acceptance of a quote */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ListQuotesItem'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      405: components['responses']['MethodNotAllowed'];
      /**
       * @description The request conflicts with the state of the resource or with a request still running.
       *
       *     - `resource_state_invalid`: The resource's state does not allow this (an invoice that is no longer a draft, an invoice already paid).
       *     - `idempotency_key_in_use`: A request with this Idempotency-Key is still running; retry it in a moment.
       */
      409: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'resource_state_invalid' | 'idempotency_key_in_use';
          };
        };
      };
      413: components['responses']['BodyTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      /**
       * @description The request is well-formed but cannot be carried out.
       *
       *     - `idempotency_key_reused`: This Idempotency-Key was used with another request in the last 24 h.
       */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'idempotency_key_reused';
          };
        };
      };
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      502: components['responses']['ProviderError'];
      503: components['responses']['ServiceUnavailable'];
      504: components['responses']['GatewayTimeout'];
    };
  };
  declineQuote: {
    parameters: {
      query?: never;
      header?: {
        /** @description The API version to answer with; without it, the organization's version. */
        'Billpoint-Version'?: components['parameters']['BillpointVersion'];
        /** @description Makes a retry safe: the same key and request within 24 h replay the first answer (with `Idempotent-Replayed: true`). */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
      };
      path: {
        /** @description The quote's id. */
        id: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          reason?: string | null;
        };
      };
    };
    responses: {
      /** @description Record that the customer declined a quote */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ListQuotesItem'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      405: components['responses']['MethodNotAllowed'];
      /**
       * @description The request conflicts with the state of the resource or with a request still running.
       *
       *     - `resource_state_invalid`: The resource's state does not allow this (an invoice that is no longer a draft, an invoice already paid).
       *     - `idempotency_key_in_use`: A request with this Idempotency-Key is still running; retry it in a moment.
       */
      409: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'resource_state_invalid' | 'idempotency_key_in_use';
          };
        };
      };
      413: components['responses']['BodyTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      /**
       * @description The request is well-formed but cannot be carried out.
       *
       *     - `idempotency_key_reused`: This Idempotency-Key was used with another request in the last 24 h.
       */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'idempotency_key_reused';
          };
        };
      };
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      502: components['responses']['ProviderError'];
      503: components['responses']['ServiceUnavailable'];
      504: components['responses']['GatewayTimeout'];
    };
  };
  getQuotePdf: {
    parameters: {
      query?: never;
      header?: {
        /** @description The API version to answer with; without it, the organization's version. */
        'Billpoint-Version'?: components['parameters']['BillpointVersion'];
      };
      path: {
        /** @description The quote's id. */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Download a quote as PDF */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/pdf': string;
        };
      };
      /**
       * @description A parameter, field or header is wrong: `param` names it, `issues` lists every field problem.
       *
       *     - `parameter_unknown`: A query parameter or body field the operation does not take; `param` names it.
       *     - `parameter_invalid`: A parameter or field breaks its rule; `param` names it and `issues` lists every one.
       *     - `parameter_missing`: A required parameter or field is missing; `param` names it.
       *     - `api_version_invalid`: The Billpoint-Version header names no version of the API.
       */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'parameter_unknown' | 'parameter_invalid' | 'parameter_missing' | 'api_version_invalid';
          };
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      405: components['responses']['MethodNotAllowed'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      502: components['responses']['ProviderError'];
      503: components['responses']['ServiceUnavailable'];
      504: components['responses']['GatewayTimeout'];
    };
  };
  convertQuote: {
    parameters: {
      query?: never;
      header?: {
        /** @description The API version to answer with; without it, the organization's version. */
        'Billpoint-Version'?: components['parameters']['BillpointVersion'];
        /** @description Makes a retry safe: the same key and request within 24 h replay the first answer (with `Idempotent-Replayed: true`). */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
      };
      path: {
        /** @description The quote's id. */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Convert a quote into a draft invoice */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ConvertQuoteItem'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      405: components['responses']['MethodNotAllowed'];
      /**
       * @description The request conflicts with the state of the resource or with a request still running.
       *
       *     - `resource_state_invalid`: The resource's state does not allow this (an invoice that is no longer a draft, an invoice already paid).
       *     - `idempotency_key_in_use`: A request with this Idempotency-Key is still running; retry it in a moment.
       */
      409: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'resource_state_invalid' | 'idempotency_key_in_use';
          };
        };
      };
      413: components['responses']['BodyTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      /**
       * @description The request is well-formed but cannot be carried out.
       *
       *     - `idempotency_key_reused`: This Idempotency-Key was used with another request in the last 24 h.
       */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'idempotency_key_reused';
          };
        };
      };
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      502: components['responses']['ProviderError'];
      503: components['responses']['ServiceUnavailable'];
      504: components['responses']['GatewayTimeout'];
    };
  };
  listCreditNotes: {
    parameters: {
      query?: {
        limit?: number;
        starting_after?: number;
        ending_before?: number;
        invoiceId?: number;
        customerId?: number;
        /** @description Only the objects whose metadata holds every pair given, written `metadata[key]=value` (`?metadata[order_ref]=A-17&metadata[channel]=shop`). */
        metadata?: {
          [key: string]: string;
        };
      };
      header?: {
        /** @description The API version to answer with; without it, the organization's version. */
        'Billpoint-Version'?: components['parameters']['BillpointVersion'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description List credit notes */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CreditNoteList'];
        };
      };
      /**
       * @description A parameter, field or header is wrong: `param` names it, `issues` lists every field problem.
       *
       *     - `parameter_unknown`: A query parameter or body field the operation does not take; `param` names it.
       *     - `parameter_invalid`: A parameter or field breaks its rule; `param` names it and `issues` lists every one.
       *     - `parameter_missing`: A required parameter or field is missing; `param` names it.
       *     - `api_version_invalid`: The Billpoint-Version header names no version of the API.
       */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'parameter_unknown' | 'parameter_invalid' | 'parameter_missing' | 'api_version_invalid';
          };
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      405: components['responses']['MethodNotAllowed'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      502: components['responses']['ProviderError'];
      503: components['responses']['ServiceUnavailable'];
      504: components['responses']['GatewayTimeout'];
    };
  };
  createCreditNote: {
    parameters: {
      query?: never;
      header?: {
        /** @description The API version to answer with; without it, the organization's version. */
        'Billpoint-Version'?: components['parameters']['BillpointVersion'];
        /** @description Makes a retry safe: the same key and request within 24 h replay the first answer (with `Idempotent-Replayed: true`). */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description The corrected invoice's id (a number, or its digits as text). */
          invoiceId: number | string;
          reason: string;
          /** @enum {string} */
          resolution: 'reduce_balance' | 'refund' | 'credit';
          items?: {
            description: string;
            /** @description A number ≥ 0 and at most 1000000000 with at most 4 decimals, as text ("12.50") or number. */
            quantity: string | number;
            /** @description A number ≥ 0 and at most 99999999999 with at most 4 decimals, as text ("12.50") or number. */
            rate: string | number;
            amount?: string | number | null;
            taxRate?: (string | number) | null;
            taxAmount?: string | number | null;
            productId?: number | null;
            taxRateId?: number | null;
            invoiceItemId?: number | null;
          }[];
          /** @description A gross amount > 0 with at most 3 decimals, as text ("12.50") or number (the currency's own minor units are checked too). */
          amount?: string | number;
          /** @description Your own keys and text values: at most 50 keys, a key 1–40 characters without `[` or `]`, a value at most 500 characters. On an update the keys sent are merged into the stored ones and a key sent as `""` is removed; `{}` changes nothing. */
          metadata?: {
            [key: string]: string;
          };
        };
      };
    };
    responses: {
      /** @description Issue a credit note for an invoice */
      201: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CreditNote'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      405: components['responses']['MethodNotAllowed'];
      /**
       * @description The request conflicts with the state of the resource or with a request still running.
       *
       *     - `resource_state_invalid`: The resource's state does not allow this (an invoice that is no longer a draft, an invoice already paid).
       *     - `idempotency_key_in_use`: A request with this Idempotency-Key is still running; retry it in a moment.
       */
      409: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'resource_state_invalid' | 'idempotency_key_in_use';
          };
        };
      };
      413: components['responses']['BodyTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      /**
       * @description The request is well-formed but cannot be carried out.
       *
       *     - `idempotency_key_reused`: This Idempotency-Key was used with another request in the last 24 h.
       */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'idempotency_key_reused';
          };
        };
      };
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      502: components['responses']['ProviderError'];
      503: components['responses']['ServiceUnavailable'];
      504: components['responses']['GatewayTimeout'];
    };
  };
  getCreditNote: {
    parameters: {
      query?: never;
      header?: {
        /** @description The API version to answer with; without it, the organization's version. */
        'Billpoint-Version'?: components['parameters']['BillpointVersion'];
      };
      path: {
        /** @description The credit-note's id. */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Retrieve a credit note */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CreditNote'];
        };
      };
      /**
       * @description A parameter, field or header is wrong: `param` names it, `issues` lists every field problem.
       *
       *     - `parameter_unknown`: A query parameter or body field the operation does not take; `param` names it.
       *     - `parameter_invalid`: A parameter or field breaks its rule; `param` names it and `issues` lists every one.
       *     - `parameter_missing`: A required parameter or field is missing; `param` names it.
       *     - `api_version_invalid`: The Billpoint-Version header names no version of the API.
       */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'parameter_unknown' | 'parameter_invalid' | 'parameter_missing' | 'api_version_invalid';
          };
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      405: components['responses']['MethodNotAllowed'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      502: components['responses']['ProviderError'];
      503: components['responses']['ServiceUnavailable'];
      504: components['responses']['GatewayTimeout'];
    };
  };
  getCreditNotePdf: {
    parameters: {
      query?: never;
      header?: {
        /** @description The API version to answer with; without it, the organization's version. */
        'Billpoint-Version'?: components['parameters']['BillpointVersion'];
      };
      path: {
        /** @description The credit-note's id. */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Download a credit note as PDF */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/pdf': string;
        };
      };
      /**
       * @description A parameter, field or header is wrong: `param` names it, `issues` lists every field problem.
       *
       *     - `parameter_unknown`: A query parameter or body field the operation does not take; `param` names it.
       *     - `parameter_invalid`: A parameter or field breaks its rule; `param` names it and `issues` lists every one.
       *     - `parameter_missing`: A required parameter or field is missing; `param` names it.
       *     - `api_version_invalid`: The Billpoint-Version header names no version of the API.
       */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'parameter_unknown' | 'parameter_invalid' | 'parameter_missing' | 'api_version_invalid';
          };
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      405: components['responses']['MethodNotAllowed'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      502: components['responses']['ProviderError'];
      503: components['responses']['ServiceUnavailable'];
      504: components['responses']['GatewayTimeout'];
    };
  };
  getCreditNoteEInvoice: {
    parameters: {
      query: {
        format: 'ubl' | 'cii' | 'xrechnung' | 'xrechnung-ubl' | 'xrechnung-cii' | 'factur-x';
      };
      header?: {
        /** @description The API version to answer with; without it, the organization's version. */
        'Billpoint-Version'?: components['parameters']['BillpointVersion'];
      };
      path: {
        /** @description The credit-note's id. */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Download a credit note as an EN 16931 e-invoice */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/xml': string;
          'application/pdf': string;
        };
      };
      /**
       * @description A parameter, field or header is wrong: `param` names it, `issues` lists every field problem.
       *
       *     - `parameter_unknown`: A query parameter or body field the operation does not take; `param` names it.
       *     - `parameter_invalid`: A parameter or field breaks its rule; `param` names it and `issues` lists every one.
       *     - `parameter_missing`: A required parameter or field is missing; `param` names it.
       *     - `api_version_invalid`: The Billpoint-Version header names no version of the API.
       */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'parameter_unknown' | 'parameter_invalid' | 'parameter_missing' | 'api_version_invalid';
          };
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      405: components['responses']['MethodNotAllowed'];
      /**
       * @description The request is well-formed but cannot be carried out.
       *
       *     - `request_unprocessable`: The request is valid but cannot be carried out (sending to a customer without an e-mail address).
       */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'request_unprocessable';
          };
        };
      };
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      502: components['responses']['ProviderError'];
      503: components['responses']['ServiceUnavailable'];
      504: components['responses']['GatewayTimeout'];
    };
  };
  listTaxRates: {
    parameters: {
      query?: {
        limit?: number;
        starting_after?: number;
        ending_before?: number;
        active?: 'true' | 'false';
      };
      header?: {
        /** @description The API version to answer with; without it, the organization's version. */
        'Billpoint-Version'?: components['parameters']['BillpointVersion'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description List tax rates */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TaxRateList'];
        };
      };
      /**
       * @description A parameter, field or header is wrong: `param` names it, `issues` lists every field problem.
       *
       *     - `parameter_unknown`: A query parameter or body field the operation does not take; `param` names it.
       *     - `parameter_invalid`: A parameter or field breaks its rule; `param` names it and `issues` lists every one.
       *     - `parameter_missing`: A required parameter or field is missing; `param` names it.
       *     - `api_version_invalid`: The Billpoint-Version header names no version of the API.
       */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'parameter_unknown' | 'parameter_invalid' | 'parameter_missing' | 'api_version_invalid';
          };
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      405: components['responses']['MethodNotAllowed'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      502: components['responses']['ProviderError'];
      503: components['responses']['ServiceUnavailable'];
      504: components['responses']['GatewayTimeout'];
    };
  };
  createTaxRate: {
    parameters: {
      query?: never;
      header?: {
        /** @description The API version to answer with; without it, the organization's version. */
        'Billpoint-Version'?: components['parameters']['BillpointVersion'];
        /** @description Makes a retry safe: the same key and request within 24 h replay the first answer (with `Idempotent-Replayed: true`). */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name: string;
          jurisdiction: string;
          rate: string | number;
          /**
           * @default sales_tax
           * @enum {string}
           */
          type?: 'sales_tax' | 'vat' | 'gst' | 'service_tax' | 'withholding' | 'other';
          /** @default true */
          isActive?: boolean;
          /** @description A calendar date, YYYY-MM-DD (an ISO 8601 date-time is taken at the date it names). */
          startDate: string;
          endDate?: string | null;
          description?: string | null;
          taxNumber?: string | null;
          category?: ('S' | 'Z' | 'E' | 'AE' | 'K' | 'G' | 'O') | null;
          exemptionReason?: string | null;
          exemptionReasonCode?: string | null;
        };
      };
    };
    responses: {
      /** @description Create a tax rate */
      201: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TaxRate'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      405: components['responses']['MethodNotAllowed'];
      /**
       * @description The request conflicts with the state of the resource or with a request still running.
       *
       *     - `idempotency_key_in_use`: A request with this Idempotency-Key is still running; retry it in a moment.
       */
      409: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'idempotency_key_in_use';
          };
        };
      };
      413: components['responses']['BodyTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      /**
       * @description The request is well-formed but cannot be carried out.
       *
       *     - `idempotency_key_reused`: This Idempotency-Key was used with another request in the last 24 h.
       */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'idempotency_key_reused';
          };
        };
      };
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      502: components['responses']['ProviderError'];
      503: components['responses']['ServiceUnavailable'];
      504: components['responses']['GatewayTimeout'];
    };
  };
  getTaxRate: {
    parameters: {
      query?: never;
      header?: {
        /** @description The API version to answer with; without it, the organization's version. */
        'Billpoint-Version'?: components['parameters']['BillpointVersion'];
      };
      path: {
        /** @description The tax-rate's id. */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Retrieve a tax rate */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TaxRate'];
        };
      };
      /**
       * @description A parameter, field or header is wrong: `param` names it, `issues` lists every field problem.
       *
       *     - `parameter_unknown`: A query parameter or body field the operation does not take; `param` names it.
       *     - `parameter_invalid`: A parameter or field breaks its rule; `param` names it and `issues` lists every one.
       *     - `parameter_missing`: A required parameter or field is missing; `param` names it.
       *     - `api_version_invalid`: The Billpoint-Version header names no version of the API.
       */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'parameter_unknown' | 'parameter_invalid' | 'parameter_missing' | 'api_version_invalid';
          };
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      405: components['responses']['MethodNotAllowed'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      502: components['responses']['ProviderError'];
      503: components['responses']['ServiceUnavailable'];
      504: components['responses']['GatewayTimeout'];
    };
  };
  deleteTaxRate: {
    parameters: {
      query?: never;
      header?: {
        /** @description The API version to answer with; without it, the organization's version. */
        'Billpoint-Version'?: components['parameters']['BillpointVersion'];
      };
      path: {
        /** @description The tax-rate's id. */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Delete a tax rate */
      204: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /**
       * @description A parameter, field or header is wrong: `param` names it, `issues` lists every field problem.
       *
       *     - `parameter_unknown`: A query parameter or body field the operation does not take; `param` names it.
       *     - `parameter_invalid`: A parameter or field breaks its rule; `param` names it and `issues` lists every one.
       *     - `parameter_missing`: A required parameter or field is missing; `param` names it.
       *     - `api_version_invalid`: The Billpoint-Version header names no version of the API.
       */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'parameter_unknown' | 'parameter_invalid' | 'parameter_missing' | 'api_version_invalid';
          };
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      405: components['responses']['MethodNotAllowed'];
      /**
       * @description The request conflicts with the state of the resource or with a request still running.
       *
       *     - `resource_state_invalid`: The resource's state does not allow this (an invoice that is no longer a draft, an invoice already paid).
       */
      409: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'resource_state_invalid';
          };
        };
      };
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      502: components['responses']['ProviderError'];
      503: components['responses']['ServiceUnavailable'];
      504: components['responses']['GatewayTimeout'];
    };
  };
  updateTaxRate: {
    parameters: {
      query?: never;
      header?: {
        /** @description The API version to answer with; without it, the organization's version. */
        'Billpoint-Version'?: components['parameters']['BillpointVersion'];
      };
      path: {
        /** @description The tax-rate's id. */
        id: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name?: string;
          jurisdiction?: string;
          rate?: string | number;
          /** @enum {string} */
          type?: 'sales_tax' | 'vat' | 'gst' | 'service_tax' | 'withholding' | 'other';
          isActive?: boolean;
          /** @description A calendar date, YYYY-MM-DD (an ISO 8601 date-time is taken at the date it names). */
          startDate?: string;
          endDate?: string | null;
          description?: string | null;
          taxNumber?: string | null;
          category?: ('S' | 'Z' | 'E' | 'AE' | 'K' | 'G' | 'O') | null;
          exemptionReason?: string | null;
          exemptionReasonCode?: string | null;
        };
      };
    };
    responses: {
      /** @description Update a tax rate */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TaxRate'];
        };
      };
      /**
       * @description A parameter, field or header is wrong: `param` names it, `issues` lists every field problem.
       *
       *     - `parameter_unknown`: A query parameter or body field the operation does not take; `param` names it.
       *     - `parameter_invalid`: A parameter or field breaks its rule; `param` names it and `issues` lists every one.
       *     - `parameter_missing`: A required parameter or field is missing; `param` names it.
       *     - `body_invalid`: The body is not a JSON object (malformed JSON, or not UTF-8).
       *     - `api_version_invalid`: The Billpoint-Version header names no version of the API.
       */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'parameter_unknown' | 'parameter_invalid' | 'parameter_missing' | 'body_invalid' | 'api_version_invalid';
          };
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      405: components['responses']['MethodNotAllowed'];
      /**
       * @description The request conflicts with the state of the resource or with a request still running.
       *
       *     - `resource_state_invalid`: The resource's state does not allow this (an invoice that is no longer a draft, an invoice already paid).
       */
      409: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'resource_state_invalid';
          };
        };
      };
      413: components['responses']['BodyTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      502: components['responses']['ProviderError'];
      503: components['responses']['ServiceUnavailable'];
      504: components['responses']['GatewayTimeout'];
    };
  };
  listRecurringInvoices: {
    parameters: {
      query?: {
        limit?: number;
        starting_after?: number;
        ending_before?: number;
        status?: 'all' | 'active' | 'inactive';
        frequency?: 'weekly' | 'monthly' | 'quarterly' | 'annually';
        customerId?: number;
        /** @description Only the objects whose metadata holds every pair given, written `metadata[key]=value` (`?metadata[order_ref]=A-17&metadata[channel]=shop`). */
        metadata?: {
          [key: string]: string;
        };
      };
      header?: {
        /** @description The API version to answer with; without it, the organization's version. */
        'Billpoint-Version'?: components['parameters']['BillpointVersion'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description List recurring invoices */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['RecurringInvoiceList'];
        };
      };
      /**
       * @description A parameter, field or header is wrong: `param` names it, `issues` lists every field problem.
       *
       *     - `parameter_unknown`: A query parameter or body field the operation does not take; `param` names it.
       *     - `parameter_invalid`: A parameter or field breaks its rule; `param` names it and `issues` lists every one.
       *     - `parameter_missing`: A required parameter or field is missing; `param` names it.
       *     - `api_version_invalid`: The Billpoint-Version header names no version of the API.
       */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'parameter_unknown' | 'parameter_invalid' | 'parameter_missing' | 'api_version_invalid';
          };
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      405: components['responses']['MethodNotAllowed'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      502: components['responses']['ProviderError'];
      503: components['responses']['ServiceUnavailable'];
      504: components['responses']['GatewayTimeout'];
    };
  };
  createRecurringInvoice: {
    parameters: {
      query?: never;
      header?: {
        /** @description The API version to answer with; without it, the organization's version. */
        'Billpoint-Version'?: components['parameters']['BillpointVersion'];
        /** @description Makes a retry safe: the same key and request within 24 h replay the first answer (with `Idempotent-Replayed: true`). */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name: string;
          customerId: number;
          /** @enum {string} */
          frequency: 'weekly' | 'monthly' | 'quarterly' | 'annually';
          /** @description A calendar date, YYYY-MM-DD (an ISO 8601 date-time is taken at the date it names). */
          startDate: string;
          endDate?: string | null;
          /** @enum {string} */
          currency?: 'USD' | 'EUR' | 'GBP' | 'CAD' | 'AUD' | 'JPY';
          /** @default false */
          autoSend?: boolean;
          notes?: string | null;
          items: {
            description: string;
            quantity: string | number;
            unitPrice: string | number;
            amount?: string | number | null;
            productId?: number | null;
            taxRateId?: number | null;
          }[];
          total?: string | number | null;
          nextInvoiceDate?: string | null;
          isActive?: boolean;
          /** @description Your own keys and text values: at most 50 keys, a key 1–40 characters without `[` or `]`, a value at most 500 characters. On an update the keys sent are merged into the stored ones and a key sent as `""` is removed; `{}` changes nothing. */
          metadata?: {
            [key: string]: string;
          };
        };
      };
    };
    responses: {
      /** @description Create a recurring invoice */
      201: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['RecurringInvoice'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      405: components['responses']['MethodNotAllowed'];
      /**
       * @description The request conflicts with the state of the resource or with a request still running.
       *
       *     - `idempotency_key_in_use`: A request with this Idempotency-Key is still running; retry it in a moment.
       */
      409: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'idempotency_key_in_use';
          };
        };
      };
      413: components['responses']['BodyTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      /**
       * @description The request is well-formed but cannot be carried out.
       *
       *     - `idempotency_key_reused`: This Idempotency-Key was used with another request in the last 24 h.
       */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'idempotency_key_reused';
          };
        };
      };
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      502: components['responses']['ProviderError'];
      503: components['responses']['ServiceUnavailable'];
      504: components['responses']['GatewayTimeout'];
    };
  };
  getRecurringInvoice: {
    parameters: {
      query?: never;
      header?: {
        /** @description The API version to answer with; without it, the organization's version. */
        'Billpoint-Version'?: components['parameters']['BillpointVersion'];
      };
      path: {
        /** @description The recurring-invoice's id. */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Get a recurring invoice */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['RecurringInvoice'];
        };
      };
      /**
       * @description A parameter, field or header is wrong: `param` names it, `issues` lists every field problem.
       *
       *     - `parameter_unknown`: A query parameter or body field the operation does not take; `param` names it.
       *     - `parameter_invalid`: A parameter or field breaks its rule; `param` names it and `issues` lists every one.
       *     - `parameter_missing`: A required parameter or field is missing; `param` names it.
       *     - `api_version_invalid`: The Billpoint-Version header names no version of the API.
       */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'parameter_unknown' | 'parameter_invalid' | 'parameter_missing' | 'api_version_invalid';
          };
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      405: components['responses']['MethodNotAllowed'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      502: components['responses']['ProviderError'];
      503: components['responses']['ServiceUnavailable'];
      504: components['responses']['GatewayTimeout'];
    };
  };
  replaceRecurringInvoice: {
    parameters: {
      query?: never;
      header?: {
        /** @description The API version to answer with; without it, the organization's version. */
        'Billpoint-Version'?: components['parameters']['BillpointVersion'];
      };
      path: {
        /** @description The recurring-invoice's id. */
        id: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name: string;
          customerId: number;
          /** @enum {string} */
          frequency: 'weekly' | 'monthly' | 'quarterly' | 'annually';
          /** @description A calendar date, YYYY-MM-DD (an ISO 8601 date-time is taken at the date it names). */
          startDate: string;
          endDate?: string | null;
          /** @enum {string} */
          currency?: 'USD' | 'EUR' | 'GBP' | 'CAD' | 'AUD' | 'JPY';
          /** @default false */
          autoSend?: boolean;
          notes?: string | null;
          items: {
            description: string;
            quantity: string | number;
            unitPrice: string | number;
            amount?: string | number | null;
            productId?: number | null;
            taxRateId?: number | null;
          }[];
          total?: string | number | null;
          nextInvoiceDate?: string | null;
          isActive?: boolean;
          /** @description Your own keys and text values: at most 50 keys, a key 1–40 characters without `[` or `]`, a value at most 500 characters. On an update the keys sent are merged into the stored ones and a key sent as `""` is removed; `{}` changes nothing. */
          metadata?: {
            [key: string]: string;
          };
        };
      };
    };
    responses: {
      /** @description Replace a recurring invoice */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['RecurringInvoice'];
        };
      };
      /**
       * @description A parameter, field or header is wrong: `param` names it, `issues` lists every field problem.
       *
       *     - `parameter_unknown`: A query parameter or body field the operation does not take; `param` names it.
       *     - `parameter_invalid`: A parameter or field breaks its rule; `param` names it and `issues` lists every one.
       *     - `parameter_missing`: A required parameter or field is missing; `param` names it.
       *     - `body_invalid`: The body is not a JSON object (malformed JSON, or not UTF-8).
       *     - `api_version_invalid`: The Billpoint-Version header names no version of the API.
       */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'parameter_unknown' | 'parameter_invalid' | 'parameter_missing' | 'body_invalid' | 'api_version_invalid';
          };
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      405: components['responses']['MethodNotAllowed'];
      413: components['responses']['BodyTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      502: components['responses']['ProviderError'];
      503: components['responses']['ServiceUnavailable'];
      504: components['responses']['GatewayTimeout'];
    };
  };
  deleteRecurringInvoice: {
    parameters: {
      query?: never;
      header?: {
        /** @description The API version to answer with; without it, the organization's version. */
        'Billpoint-Version'?: components['parameters']['BillpointVersion'];
      };
      path: {
        /** @description The recurring-invoice's id. */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Delete a recurring invoice */
      204: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /**
       * @description A parameter, field or header is wrong: `param` names it, `issues` lists every field problem.
       *
       *     - `parameter_unknown`: A query parameter or body field the operation does not take; `param` names it.
       *     - `parameter_invalid`: A parameter or field breaks its rule; `param` names it and `issues` lists every one.
       *     - `parameter_missing`: A required parameter or field is missing; `param` names it.
       *     - `api_version_invalid`: The Billpoint-Version header names no version of the API.
       */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'parameter_unknown' | 'parameter_invalid' | 'parameter_missing' | 'api_version_invalid';
          };
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      405: components['responses']['MethodNotAllowed'];
      /**
       * @description The request conflicts with the state of the resource or with a request still running.
       *
       *     - `resource_state_invalid`: The resource's state does not allow this (an invoice that is no longer a draft, an invoice already paid).
       */
      409: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'resource_state_invalid';
          };
        };
      };
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      502: components['responses']['ProviderError'];
      503: components['responses']['ServiceUnavailable'];
      504: components['responses']['GatewayTimeout'];
    };
  };
  updateRecurringInvoice: {
    parameters: {
      query?: never;
      header?: {
        /** @description The API version to answer with; without it, the organization's version. */
        'Billpoint-Version'?: components['parameters']['BillpointVersion'];
      };
      path: {
        /** @description The recurring-invoice's id. */
        id: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          isActive: boolean;
        };
      };
    };
    responses: {
      /** @description Pause or resume a recurring invoice */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['RecurringInvoice'];
        };
      };
      /**
       * @description A parameter, field or header is wrong: `param` names it, `issues` lists every field problem.
       *
       *     - `parameter_unknown`: A query parameter or body field the operation does not take; `param` names it.
       *     - `parameter_invalid`: A parameter or field breaks its rule; `param` names it and `issues` lists every one.
       *     - `parameter_missing`: A required parameter or field is missing; `param` names it.
       *     - `body_invalid`: The body is not a JSON object (malformed JSON, or not UTF-8).
       *     - `api_version_invalid`: The Billpoint-Version header names no version of the API.
       */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'parameter_unknown' | 'parameter_invalid' | 'parameter_missing' | 'body_invalid' | 'api_version_invalid';
          };
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      405: components['responses']['MethodNotAllowed'];
      /**
       * @description The request conflicts with the state of the resource or with a request still running.
       *
       *     - `resource_state_invalid`: The resource's state does not allow this (an invoice that is no longer a draft, an invoice already paid).
       */
      409: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'resource_state_invalid';
          };
        };
      };
      413: components['responses']['BodyTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      502: components['responses']['ProviderError'];
      503: components['responses']['ServiceUnavailable'];
      504: components['responses']['GatewayTimeout'];
    };
  };
  runRecurringInvoice: {
    parameters: {
      query?: never;
      header?: {
        /** @description The API version to answer with; without it, the organization's version. */
        'Billpoint-Version'?: components['parameters']['BillpointVersion'];
        /** @description Makes a retry safe: the same key and request within 24 h replay the first answer (with `Idempotent-Replayed: true`). */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
      };
      path: {
        /** @description The recurring-invoice's id. */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Generate the invoices that are due now */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['RunRecurringInvoiceItem'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      405: components['responses']['MethodNotAllowed'];
      /**
       * @description The request conflicts with the state of the resource or with a request still running.
       *
       *     - `resource_state_invalid`: The resource's state does not allow this (an invoice that is no longer a draft, an invoice already paid).
       *     - `idempotency_key_in_use`: A request with this Idempotency-Key is still running; retry it in a moment.
       */
      409: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'resource_state_invalid' | 'idempotency_key_in_use';
          };
        };
      };
      413: components['responses']['BodyTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      /**
       * @description The request is well-formed but cannot be carried out.
       *
       *     - `idempotency_key_reused`: This Idempotency-Key was used with another request in the last 24 h.
       */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'idempotency_key_reused';
          };
        };
      };
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      502: components['responses']['ProviderError'];
      503: components['responses']['ServiceUnavailable'];
      504: components['responses']['GatewayTimeout'];
    };
  };
  listPayments: {
    parameters: {
      query?: {
        limit?: number;
        starting_after?: number;
        ending_before?: number;
        invoiceId?: number;
        /** @description Only the objects whose metadata holds every pair given, written `metadata[key]=value` (`?metadata[order_ref]=A-17&metadata[channel]=shop`). */
        metadata?: {
          [key: string]: string;
        };
      };
      header?: {
        /** @description The API version to answer with; without it, the organization's version. */
        'Billpoint-Version'?: components['parameters']['BillpointVersion'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description List payments */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PaymentList'];
        };
      };
      /**
       * @description A parameter, field or header is wrong: `param` names it, `issues` lists every field problem.
       *
       *     - `parameter_unknown`: A query parameter or body field the operation does not take; `param` names it.
       *     - `parameter_invalid`: A parameter or field breaks its rule; `param` names it and `issues` lists every one.
       *     - `parameter_missing`: A required parameter or field is missing; `param` names it.
       *     - `api_version_invalid`: The Billpoint-Version header names no version of the API.
       */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'parameter_unknown' | 'parameter_invalid' | 'parameter_missing' | 'api_version_invalid';
          };
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      405: components['responses']['MethodNotAllowed'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      502: components['responses']['ProviderError'];
      503: components['responses']['ServiceUnavailable'];
      504: components['responses']['GatewayTimeout'];
    };
  };
  createPayment: {
    parameters: {
      query?: never;
      header?: {
        /** @description The API version to answer with; without it, the organization's version. */
        'Billpoint-Version'?: components['parameters']['BillpointVersion'];
        /** @description Makes a retry safe: the same key and request within 24 h replay the first answer (with `Idempotent-Replayed: true`). */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description The invoice's id (a number, or its digits as text). */
          invoiceId: number | string;
          /** @description An amount > 0 with at most 3 decimals, as text ("12.50") or number (the currency's own minor units are checked too). */
          amount: string | number;
          /** @enum {string} */
          paymentMethod: 'cash' | 'bank_transfer' | 'check' | 'other';
          /** @description A calendar date, YYYY-MM-DD (an ISO 8601 date-time is taken at the date it names). */
          paymentDate?: string;
          reference?: string | null;
          notes?: string | null;
          /** @description Your own keys and text values: at most 50 keys, a key 1–40 characters without `[` or `]`, a value at most 500 characters. On an update the keys sent are merged into the stored ones and a key sent as `""` is removed; `{}` changes nothing. */
          metadata?: {
            [key: string]: string;
          };
        };
      };
    };
    responses: {
      /** @description Record a payment received outside Billpoint */
      201: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Payment'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      405: components['responses']['MethodNotAllowed'];
      /**
       * @description The request conflicts with the state of the resource or with a request still running.
       *
       *     - `resource_state_invalid`: The resource's state does not allow this (an invoice that is no longer a draft, an invoice already paid).
       *     - `idempotency_key_in_use`: A request with this Idempotency-Key is still running; retry it in a moment.
       */
      409: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'resource_state_invalid' | 'idempotency_key_in_use';
          };
        };
      };
      413: components['responses']['BodyTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      /**
       * @description The request is well-formed but cannot be carried out.
       *
       *     - `idempotency_key_reused`: This Idempotency-Key was used with another request in the last 24 h.
       */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'idempotency_key_reused';
          };
        };
      };
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      502: components['responses']['ProviderError'];
      503: components['responses']['ServiceUnavailable'];
      504: components['responses']['GatewayTimeout'];
    };
  };
  getPayment: {
    parameters: {
      query?: never;
      header?: {
        /** @description The API version to answer with; without it, the organization's version. */
        'Billpoint-Version'?: components['parameters']['BillpointVersion'];
      };
      path: {
        /** @description The payment's id. */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Get a payment */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Payment'];
        };
      };
      /**
       * @description A parameter, field or header is wrong: `param` names it, `issues` lists every field problem.
       *
       *     - `parameter_unknown`: A query parameter or body field the operation does not take; `param` names it.
       *     - `parameter_invalid`: A parameter or field breaks its rule; `param` names it and `issues` lists every one.
       *     - `parameter_missing`: A required parameter or field is missing; `param` names it.
       *     - `api_version_invalid`: The Billpoint-Version header names no version of the API.
       */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'parameter_unknown' | 'parameter_invalid' | 'parameter_missing' | 'api_version_invalid';
          };
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      405: components['responses']['MethodNotAllowed'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      502: components['responses']['ProviderError'];
      503: components['responses']['ServiceUnavailable'];
      504: components['responses']['GatewayTimeout'];
    };
  };
  refundPayment: {
    parameters: {
      query?: never;
      header?: {
        /** @description The API version to answer with; without it, the organization's version. */
        'Billpoint-Version'?: components['parameters']['BillpointVersion'];
        /** @description Makes a retry safe: the same key and request within 24 h replay the first answer (with `Idempotent-Replayed: true`). */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
      };
      path: {
        /** @description The payment's id. */
        id: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description An amount > 0 with at most 3 decimals, as text ("12.50") or number (the currency's own minor units are checked too). */
          amount?: string | number;
          reason?: string | null;
        };
      };
    };
    responses: {
      /** @description Refund a payment */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Payment'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      405: components['responses']['MethodNotAllowed'];
      /**
       * @description The request conflicts with the state of the resource or with a request still running.
       *
       *     - `resource_state_invalid`: The resource's state does not allow this (an invoice that is no longer a draft, an invoice already paid).
       *     - `idempotency_key_in_use`: A request with this Idempotency-Key is still running; retry it in a moment.
       */
      409: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'resource_state_invalid' | 'idempotency_key_in_use';
          };
        };
      };
      413: components['responses']['BodyTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      /**
       * @description The request is well-formed but cannot be carried out.
       *
       *     - `idempotency_key_reused`: This Idempotency-Key was used with another request in the last 24 h.
       */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'idempotency_key_reused';
          };
        };
      };
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      502: components['responses']['ProviderError'];
      503: components['responses']['ServiceUnavailable'];
      504: components['responses']['GatewayTimeout'];
    };
  };
  listProducts: {
    parameters: {
      query?: {
        limit?: number;
        starting_after?: number;
        ending_before?: number;
        search?: string;
        /** @description Only the objects whose metadata holds every pair given, written `metadata[key]=value` (`?metadata[order_ref]=A-17&metadata[channel]=shop`). */
        metadata?: {
          [key: string]: string;
        };
      };
      header?: {
        /** @description The API version to answer with; without it, the organization's version. */
        'Billpoint-Version'?: components['parameters']['BillpointVersion'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description List products */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ProductList'];
        };
      };
      /**
       * @description A parameter, field or header is wrong: `param` names it, `issues` lists every field problem.
       *
       *     - `parameter_unknown`: A query parameter or body field the operation does not take; `param` names it.
       *     - `parameter_invalid`: A parameter or field breaks its rule; `param` names it and `issues` lists every one.
       *     - `parameter_missing`: A required parameter or field is missing; `param` names it.
       *     - `api_version_invalid`: The Billpoint-Version header names no version of the API.
       */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'parameter_unknown' | 'parameter_invalid' | 'parameter_missing' | 'api_version_invalid';
          };
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      405: components['responses']['MethodNotAllowed'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      502: components['responses']['ProviderError'];
      503: components['responses']['ServiceUnavailable'];
      504: components['responses']['GatewayTimeout'];
    };
  };
  createProduct: {
    parameters: {
      query?: never;
      header?: {
        /** @description The API version to answer with; without it, the organization's version. */
        'Billpoint-Version'?: components['parameters']['BillpointVersion'];
        /** @description Makes a retry safe: the same key and request within 24 h replay the first answer (with `Idempotent-Replayed: true`). */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name: string;
          sku?: string | null;
          description?: string | null;
          category?:
            ('Software' | 'Hardware' | 'Services' | 'Consulting' | 'Training' | 'Support' | 'Licenses' | 'Subscriptions' | 'Other') | null;
          /** @description Price: a number ≥ 0 with at most 13 digits before the point and 2 after, as text or number. */
          price: string | number;
          /** @enum {string} */
          currency?: 'USD' | 'EUR' | 'GBP' | 'CAD' | 'AUD' | 'JPY';
          /** @description Tax rate: a percentage from 0 to 100 with at most 2 decimals, as text or number; left out, empty or null: 0. */
          taxRate?: string | number | null;
          unitOfMeasure?: string | null;
          /** @default true */
          isActive?: boolean;
          /** @default false */
          trackInventory?: boolean;
          stockQuantity?: number | null;
          lowStockThreshold?: number | null;
          /** @description Your own keys and text values: at most 50 keys, a key 1–40 characters without `[` or `]`, a value at most 500 characters. On an update the keys sent are merged into the stored ones and a key sent as `""` is removed; `{}` changes nothing. */
          metadata?: {
            [key: string]: string;
          };
        };
      };
    };
    responses: {
      /** @description Create a product */
      201: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Product'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      405: components['responses']['MethodNotAllowed'];
      /**
       * @description The request conflicts with the state of the resource or with a request still running.
       *
       *     - `idempotency_key_in_use`: A request with this Idempotency-Key is still running; retry it in a moment.
       */
      409: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'idempotency_key_in_use';
          };
        };
      };
      413: components['responses']['BodyTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      /**
       * @description The request is well-formed but cannot be carried out.
       *
       *     - `idempotency_key_reused`: This Idempotency-Key was used with another request in the last 24 h.
       */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'idempotency_key_reused';
          };
        };
      };
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      502: components['responses']['ProviderError'];
      503: components['responses']['ServiceUnavailable'];
      504: components['responses']['GatewayTimeout'];
    };
  };
  getProduct: {
    parameters: {
      query?: never;
      header?: {
        /** @description The API version to answer with; without it, the organization's version. */
        'Billpoint-Version'?: components['parameters']['BillpointVersion'];
      };
      path: {
        /** @description The product's id. */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Get a product */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Product'];
        };
      };
      /**
       * @description A parameter, field or header is wrong: `param` names it, `issues` lists every field problem.
       *
       *     - `parameter_unknown`: A query parameter or body field the operation does not take; `param` names it.
       *     - `parameter_invalid`: A parameter or field breaks its rule; `param` names it and `issues` lists every one.
       *     - `parameter_missing`: A required parameter or field is missing; `param` names it.
       *     - `api_version_invalid`: The Billpoint-Version header names no version of the API.
       */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'parameter_unknown' | 'parameter_invalid' | 'parameter_missing' | 'api_version_invalid';
          };
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      405: components['responses']['MethodNotAllowed'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      502: components['responses']['ProviderError'];
      503: components['responses']['ServiceUnavailable'];
      504: components['responses']['GatewayTimeout'];
    };
  };
  deleteProduct: {
    parameters: {
      query?: never;
      header?: {
        /** @description The API version to answer with; without it, the organization's version. */
        'Billpoint-Version'?: components['parameters']['BillpointVersion'];
      };
      path: {
        /** @description The product's id. */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Delete a product */
      204: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /**
       * @description A parameter, field or header is wrong: `param` names it, `issues` lists every field problem.
       *
       *     - `parameter_unknown`: A query parameter or body field the operation does not take; `param` names it.
       *     - `parameter_invalid`: A parameter or field breaks its rule; `param` names it and `issues` lists every one.
       *     - `parameter_missing`: A required parameter or field is missing; `param` names it.
       *     - `api_version_invalid`: The Billpoint-Version header names no version of the API.
       */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'parameter_unknown' | 'parameter_invalid' | 'parameter_missing' | 'api_version_invalid';
          };
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      405: components['responses']['MethodNotAllowed'];
      /**
       * @description The request conflicts with the state of the resource or with a request still running.
       *
       *     - `resource_state_invalid`: The resource's state does not allow this (an invoice that is no longer a draft, an invoice already paid).
       */
      409: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'resource_state_invalid';
          };
        };
      };
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      502: components['responses']['ProviderError'];
      503: components['responses']['ServiceUnavailable'];
      504: components['responses']['GatewayTimeout'];
    };
  };
  updateProduct: {
    parameters: {
      query?: never;
      header?: {
        /** @description The API version to answer with; without it, the organization's version. */
        'Billpoint-Version'?: components['parameters']['BillpointVersion'];
      };
      path: {
        /** @description The product's id. */
        id: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name?: string;
          sku?: string | null;
          description?: string | null;
          category?:
            ('Software' | 'Hardware' | 'Services' | 'Consulting' | 'Training' | 'Support' | 'Licenses' | 'Subscriptions' | 'Other') | null;
          /** @description Price: a number ≥ 0 with at most 13 digits before the point and 2 after, as text or number. */
          price?: string | number;
          /** @enum {string} */
          currency?: 'USD' | 'EUR' | 'GBP' | 'CAD' | 'AUD' | 'JPY';
          /** @description Tax rate: a percentage from 0 to 100 with at most 2 decimals, as text or number. */
          taxRate?: string | number;
          unitOfMeasure?: string | null;
          isActive?: boolean;
          trackInventory?: boolean;
          lowStockThreshold?: number | null;
          /** @description Your own keys and text values: at most 50 keys, a key 1–40 characters without `[` or `]`, a value at most 500 characters. On an update the keys sent are merged into the stored ones and a key sent as `""` is removed; `{}` changes nothing. */
          metadata?: {
            [key: string]: string;
          };
        };
      };
    };
    responses: {
      /** @description Update a product */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Product'];
        };
      };
      /**
       * @description A parameter, field or header is wrong: `param` names it, `issues` lists every field problem.
       *
       *     - `parameter_unknown`: A query parameter or body field the operation does not take; `param` names it.
       *     - `parameter_invalid`: A parameter or field breaks its rule; `param` names it and `issues` lists every one.
       *     - `parameter_missing`: A required parameter or field is missing; `param` names it.
       *     - `body_invalid`: The body is not a JSON object (malformed JSON, or not UTF-8).
       *     - `api_version_invalid`: The Billpoint-Version header names no version of the API.
       */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'parameter_unknown' | 'parameter_invalid' | 'parameter_missing' | 'body_invalid' | 'api_version_invalid';
          };
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      405: components['responses']['MethodNotAllowed'];
      /**
       * @description The request conflicts with the state of the resource or with a request still running.
       *
       *     - `resource_state_invalid`: The resource's state does not allow this (an invoice that is no longer a draft, an invoice already paid).
       */
      409: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'resource_state_invalid';
          };
        };
      };
      413: components['responses']['BodyTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      502: components['responses']['ProviderError'];
      503: components['responses']['ServiceUnavailable'];
      504: components['responses']['GatewayTimeout'];
    };
  };
  listWebhooks: {
    parameters: {
      query?: {
        limit?: number;
        starting_after?: number;
        ending_before?: number;
      };
      header?: {
        /** @description The API version to answer with; without it, the organization's version. */
        'Billpoint-Version'?: components['parameters']['BillpointVersion'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description List webhooks */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookEndpointList'];
        };
      };
      /**
       * @description A parameter, field or header is wrong: `param` names it, `issues` lists every field problem.
       *
       *     - `parameter_unknown`: A query parameter or body field the operation does not take; `param` names it.
       *     - `parameter_invalid`: A parameter or field breaks its rule; `param` names it and `issues` lists every one.
       *     - `parameter_missing`: A required parameter or field is missing; `param` names it.
       *     - `api_version_invalid`: The Billpoint-Version header names no version of the API.
       */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'parameter_unknown' | 'parameter_invalid' | 'parameter_missing' | 'api_version_invalid';
          };
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      405: components['responses']['MethodNotAllowed'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      502: components['responses']['ProviderError'];
      503: components['responses']['ServiceUnavailable'];
      504: components['responses']['GatewayTimeout'];
    };
  };
  createWebhook: {
    parameters: {
      query?: never;
      header?: {
        /** @description The API version to answer with; without it, the organization's version. */
        'Billpoint-Version'?: components['parameters']['BillpointVersion'];
        /** @description Makes a retry safe: the same key and request within 24 h replay the first answer (with `Idempotent-Replayed: true`). */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name: string;
          url: string;
          events: (
            | 'invoice.created'
            | 'invoice.updated'
            | 'invoice.paid'
            | 'invoice.overdue'
            | 'invoice.sent'
            | 'invoice.voided'
            | 'invoice.deleted'
            | 'quote.created'
            | 'quote.updated'
            | 'quote.sent'
            | 'quote.accepted'
            | 'quote.declined'
            | 'quote.expired'
            | 'quote.converted'
            | 'quote.deleted'
            | 'credit_note.created'
            | 'customer.created'
            | 'customer.updated'
            | 'customer.deleted'
            | 'payment.completed'
            | 'payment.failed'
            | 'payment.refunded'
            | 'product.created'
            | 'product.updated'
            | 'product.deleted'
            | 'tax_rate.created'
            | 'tax_rate.updated'
            | 'tax_rate.deleted'
            | 'subscription.created'
            | 'subscription.updated'
            | 'subscription.cancelled'
          )[];
          /** @default true */
          isActive?: boolean;
          /** @default 3 */
          retryAttempts?: number;
          /** @default 30 */
          timeoutSeconds?: number;
          /** @default {} */
          headers?: {
            [key: string]: string;
          };
        };
      };
    };
    responses: {
      /** @description Create a webhook endpoint */
      201: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookEndpointCreated'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      405: components['responses']['MethodNotAllowed'];
      /**
       * @description The request conflicts with the state of the resource or with a request still running.
       *
       *     - `idempotency_key_in_use`: A request with this Idempotency-Key is still running; retry it in a moment.
       */
      409: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'idempotency_key_in_use';
          };
        };
      };
      413: components['responses']['BodyTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      /**
       * @description The request is well-formed but cannot be carried out.
       *
       *     - `idempotency_key_reused`: This Idempotency-Key was used with another request in the last 24 h.
       */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'idempotency_key_reused';
          };
        };
      };
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      502: components['responses']['ProviderError'];
      503: components['responses']['ServiceUnavailable'];
      504: components['responses']['GatewayTimeout'];
    };
  };
  getWebhook: {
    parameters: {
      query?: never;
      header?: {
        /** @description The API version to answer with; without it, the organization's version. */
        'Billpoint-Version'?: components['parameters']['BillpointVersion'];
      };
      path: {
        /** @description The webhook endpoint's id. */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Get a webhook endpoint */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookEndpoint'];
        };
      };
      /**
       * @description A parameter, field or header is wrong: `param` names it, `issues` lists every field problem.
       *
       *     - `parameter_unknown`: A query parameter or body field the operation does not take; `param` names it.
       *     - `parameter_invalid`: A parameter or field breaks its rule; `param` names it and `issues` lists every one.
       *     - `parameter_missing`: A required parameter or field is missing; `param` names it.
       *     - `api_version_invalid`: The Billpoint-Version header names no version of the API.
       */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'parameter_unknown' | 'parameter_invalid' | 'parameter_missing' | 'api_version_invalid';
          };
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      405: components['responses']['MethodNotAllowed'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      502: components['responses']['ProviderError'];
      503: components['responses']['ServiceUnavailable'];
      504: components['responses']['GatewayTimeout'];
    };
  };
  deleteWebhook: {
    parameters: {
      query?: never;
      header?: {
        /** @description The API version to answer with; without it, the organization's version. */
        'Billpoint-Version'?: components['parameters']['BillpointVersion'];
      };
      path: {
        /** @description The webhook endpoint's id. */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Delete a webhook endpoint */
      204: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /**
       * @description A parameter, field or header is wrong: `param` names it, `issues` lists every field problem.
       *
       *     - `parameter_unknown`: A query parameter or body field the operation does not take; `param` names it.
       *     - `parameter_invalid`: A parameter or field breaks its rule; `param` names it and `issues` lists every one.
       *     - `parameter_missing`: A required parameter or field is missing; `param` names it.
       *     - `api_version_invalid`: The Billpoint-Version header names no version of the API.
       */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'parameter_unknown' | 'parameter_invalid' | 'parameter_missing' | 'api_version_invalid';
          };
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      405: components['responses']['MethodNotAllowed'];
      /**
       * @description The request conflicts with the state of the resource or with a request still running.
       *
       *     - `resource_state_invalid`: The resource's state does not allow this (an invoice that is no longer a draft, an invoice already paid).
       */
      409: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'resource_state_invalid';
          };
        };
      };
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      502: components['responses']['ProviderError'];
      503: components['responses']['ServiceUnavailable'];
      504: components['responses']['GatewayTimeout'];
    };
  };
  updateWebhook: {
    parameters: {
      query?: never;
      header?: {
        /** @description The API version to answer with; without it, the organization's version. */
        'Billpoint-Version'?: components['parameters']['BillpointVersion'];
      };
      path: {
        /** @description The webhook endpoint's id. */
        id: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name?: string;
          url?: string;
          events?: (
            | 'invoice.created'
            | 'invoice.updated'
            | 'invoice.paid'
            | 'invoice.overdue'
            | 'invoice.sent'
            | 'invoice.voided'
            | 'invoice.deleted'
            | 'quote.created'
            | 'quote.updated'
            | 'quote.sent'
            | 'quote.accepted'
            | 'quote.declined'
            | 'quote.expired'
            | 'quote.converted'
            | 'quote.deleted'
            | 'credit_note.created'
            | 'customer.created'
            | 'customer.updated'
            | 'customer.deleted'
            | 'payment.completed'
            | 'payment.failed'
            | 'payment.refunded'
            | 'product.created'
            | 'product.updated'
            | 'product.deleted'
            | 'tax_rate.created'
            | 'tax_rate.updated'
            | 'tax_rate.deleted'
            | 'subscription.created'
            | 'subscription.updated'
            | 'subscription.cancelled'
          )[];
          isActive?: boolean;
          retryAttempts?: number;
          timeoutSeconds?: number;
          headers?: {
            [key: string]: string;
          };
        };
      };
    };
    responses: {
      /** @description Update a webhook endpoint */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookEndpoint'];
        };
      };
      /**
       * @description A parameter, field or header is wrong: `param` names it, `issues` lists every field problem.
       *
       *     - `parameter_unknown`: A query parameter or body field the operation does not take; `param` names it.
       *     - `parameter_invalid`: A parameter or field breaks its rule; `param` names it and `issues` lists every one.
       *     - `parameter_missing`: A required parameter or field is missing; `param` names it.
       *     - `body_invalid`: The body is not a JSON object (malformed JSON, or not UTF-8).
       *     - `api_version_invalid`: The Billpoint-Version header names no version of the API.
       */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'parameter_unknown' | 'parameter_invalid' | 'parameter_missing' | 'body_invalid' | 'api_version_invalid';
          };
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      405: components['responses']['MethodNotAllowed'];
      /**
       * @description The request conflicts with the state of the resource or with a request still running.
       *
       *     - `resource_state_invalid`: The resource's state does not allow this (an invoice that is no longer a draft, an invoice already paid).
       */
      409: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'resource_state_invalid';
          };
        };
      };
      413: components['responses']['BodyTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      502: components['responses']['ProviderError'];
      503: components['responses']['ServiceUnavailable'];
      504: components['responses']['GatewayTimeout'];
    };
  };
  listWebhookDeliveries: {
    parameters: {
      query?: {
        limit?: number;
        starting_after?: number;
        ending_before?: number;
        status?: 'pending' | 'success' | 'failed' | 'retrying';
      };
      header?: {
        /** @description The API version to answer with; without it, the organization's version. */
        'Billpoint-Version'?: components['parameters']['BillpointVersion'];
      };
      path: {
        /** @description The webhook endpoint's id. */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description List a webhook endpoint's deliveries */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookDeliveryList'];
        };
      };
      /**
       * @description A parameter, field or header is wrong: `param` names it, `issues` lists every field problem.
       *
       *     - `parameter_unknown`: A query parameter or body field the operation does not take; `param` names it.
       *     - `parameter_invalid`: A parameter or field breaks its rule; `param` names it and `issues` lists every one.
       *     - `parameter_missing`: A required parameter or field is missing; `param` names it.
       *     - `api_version_invalid`: The Billpoint-Version header names no version of the API.
       */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'parameter_unknown' | 'parameter_invalid' | 'parameter_missing' | 'api_version_invalid';
          };
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      405: components['responses']['MethodNotAllowed'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      502: components['responses']['ProviderError'];
      503: components['responses']['ServiceUnavailable'];
      504: components['responses']['GatewayTimeout'];
    };
  };
  testWebhook: {
    parameters: {
      query?: never;
      header?: {
        /** @description The API version to answer with; without it, the organization's version. */
        'Billpoint-Version'?: components['parameters']['BillpointVersion'];
        /** @description Makes a retry safe: the same key and request within 24 h replay the first answer (with `Idempotent-Replayed: true`). */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
      };
      path: {
        /** @description The webhook endpoint's id. */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Send a test event (webhook.test) to an endpoint */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookDelivery'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      405: components['responses']['MethodNotAllowed'];
      /**
       * @description The request conflicts with the state of the resource or with a request still running.
       *
       *     - `resource_state_invalid`: The resource's state does not allow this (an invoice that is no longer a draft, an invoice already paid).
       *     - `idempotency_key_in_use`: A request with this Idempotency-Key is still running; retry it in a moment.
       */
      409: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'resource_state_invalid' | 'idempotency_key_in_use';
          };
        };
      };
      413: components['responses']['BodyTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      /**
       * @description The request is well-formed but cannot be carried out.
       *
       *     - `idempotency_key_reused`: This Idempotency-Key was used with another request in the last 24 h.
       */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'idempotency_key_reused';
          };
        };
      };
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      502: components['responses']['ProviderError'];
      503: components['responses']['ServiceUnavailable'];
      504: components['responses']['GatewayTimeout'];
    };
  };
  'rotate-secretWebhook': {
    parameters: {
      query?: never;
      header?: {
        /** @description The API version to answer with; without it, the organization's version. */
        'Billpoint-Version'?: components['parameters']['BillpointVersion'];
        /** @description Makes a retry safe: the same key and request within 24 h replay the first answer (with `Idempotent-Replayed: true`). */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
      };
      path: {
        /** @description The webhook endpoint's id. */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Rotate a webhook endpoint's signing secret */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['RotateSecretWebhookItem'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      405: components['responses']['MethodNotAllowed'];
      /**
       * @description The request conflicts with the state of the resource or with a request still running.
       *
       *     - `resource_state_invalid`: The resource's state does not allow this (an invoice that is no longer a draft, an invoice already paid).
       *     - `idempotency_key_in_use`: A request with this Idempotency-Key is still running; retry it in a moment.
       */
      409: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'resource_state_invalid' | 'idempotency_key_in_use';
          };
        };
      };
      413: components['responses']['BodyTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      /**
       * @description The request is well-formed but cannot be carried out.
       *
       *     - `idempotency_key_reused`: This Idempotency-Key was used with another request in the last 24 h.
       */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'idempotency_key_reused';
          };
        };
      };
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      502: components['responses']['ProviderError'];
      503: components['responses']['ServiceUnavailable'];
      504: components['responses']['GatewayTimeout'];
    };
  };
  getWebhooksDeliveries: {
    parameters: {
      query?: never;
      header?: {
        /** @description The API version to answer with; without it, the organization's version. */
        'Billpoint-Version'?: components['parameters']['BillpointVersion'];
        /** @description Makes a retry safe: the same key and request within 24 h replay the first answer (with `Idempotent-Replayed: true`). */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
      };
      path: {
        /** @description The webhook endpoint's id. */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Send a delivery again now */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookDelivery'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      405: components['responses']['MethodNotAllowed'];
      /**
       * @description The request conflicts with the state of the resource or with a request still running.
       *
       *     - `resource_state_invalid`: The resource's state does not allow this (an invoice that is no longer a draft, an invoice already paid).
       *     - `idempotency_key_in_use`: A request with this Idempotency-Key is still running; retry it in a moment.
       */
      409: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'resource_state_invalid' | 'idempotency_key_in_use';
          };
        };
      };
      413: components['responses']['BodyTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      /**
       * @description The request is well-formed but cannot be carried out.
       *
       *     - `idempotency_key_reused`: This Idempotency-Key was used with another request in the last 24 h.
       */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'idempotency_key_reused';
          };
        };
      };
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      502: components['responses']['ProviderError'];
      503: components['responses']['ServiceUnavailable'];
      504: components['responses']['GatewayTimeout'];
    };
  };
  listEvents: {
    parameters: {
      query?: {
        limit?: number;
        starting_after?: number;
        ending_before?: number;
        type?: string;
        'created[gte]'?: string;
        'created[lte]'?: string;
      };
      header?: {
        /** @description The API version to answer with; without it, the organization's version. */
        'Billpoint-Version'?: components['parameters']['BillpointVersion'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description List events */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ListEventsList'];
        };
      };
      /**
       * @description A parameter, field or header is wrong: `param` names it, `issues` lists every field problem.
       *
       *     - `parameter_unknown`: A query parameter or body field the operation does not take; `param` names it.
       *     - `parameter_invalid`: A parameter or field breaks its rule; `param` names it and `issues` lists every one.
       *     - `parameter_missing`: A required parameter or field is missing; `param` names it.
       *     - `api_version_invalid`: The Billpoint-Version header names no version of the API.
       */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'parameter_unknown' | 'parameter_invalid' | 'parameter_missing' | 'api_version_invalid';
          };
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      405: components['responses']['MethodNotAllowed'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      502: components['responses']['ProviderError'];
      503: components['responses']['ServiceUnavailable'];
      504: components['responses']['GatewayTimeout'];
    };
  };
  getEvent: {
    parameters: {
      query?: never;
      header?: {
        /** @description The API version to answer with; without it, the organization's version. */
        'Billpoint-Version'?: components['parameters']['BillpointVersion'];
      };
      path: {
        /** @description The event's id. */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Get an event */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ListEventsItem'];
        };
      };
      /**
       * @description A parameter, field or header is wrong: `param` names it, `issues` lists every field problem.
       *
       *     - `parameter_unknown`: A query parameter or body field the operation does not take; `param` names it.
       *     - `parameter_invalid`: A parameter or field breaks its rule; `param` names it and `issues` lists every one.
       *     - `parameter_missing`: A required parameter or field is missing; `param` names it.
       *     - `api_version_invalid`: The Billpoint-Version header names no version of the API.
       */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'parameter_unknown' | 'parameter_invalid' | 'parameter_missing' | 'api_version_invalid';
          };
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      405: components['responses']['MethodNotAllowed'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      502: components['responses']['ProviderError'];
      503: components['responses']['ServiceUnavailable'];
      504: components['responses']['GatewayTimeout'];
    };
  };
  getAnalyticsDashboard: {
    parameters: {
      query?: {
        period?: '7d' | '30d' | '90d' | '1y';
        /** @description An ISO 4217 currency code, e.g. USD; any case (upper-cased when stored and answered). */
        currency?: string;
      };
      header?: {
        /** @description The API version to answer with; without it, the organization's version. */
        'Billpoint-Version'?: components['parameters']['BillpointVersion'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The dashboard figures */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DashboardStats'];
        };
      };
      /**
       * @description A parameter, field or header is wrong: `param` names it, `issues` lists every field problem.
       *
       *     - `parameter_unknown`: A query parameter or body field the operation does not take; `param` names it.
       *     - `parameter_invalid`: A parameter or field breaks its rule; `param` names it and `issues` lists every one.
       *     - `parameter_missing`: A required parameter or field is missing; `param` names it.
       *     - `api_version_invalid`: The Billpoint-Version header names no version of the API.
       */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'Billpoint-Version': components['headers']['Billpoint-Version'];
          'Request-Id': components['headers']['Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'] & {
            /** @enum {string} */
            code?: 'parameter_unknown' | 'parameter_invalid' | 'parameter_missing' | 'api_version_invalid';
          };
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      405: components['responses']['MethodNotAllowed'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      502: components['responses']['ProviderError'];
      503: components['responses']['ServiceUnavailable'];
      504: components['responses']['GatewayTimeout'];
    };
  };
  onInvoiceCreated: {
    parameters: {
      query?: never;
      header: {
        /** @description The delivery's message id, the same on every retry: use it to ignore duplicates. */
        'webhook-id': string;
        /** @description Unix seconds of this attempt; reject one more than 5 minutes away from your clock. */
        'webhook-timestamp': string;
        /** @description `v1,<base64 HMAC-SHA256 of "webhook-id.webhook-timestamp.body">` with your endpoint secret (`whsec_…`, base64 after the prefix); space-separated with the previous secret's for 24 h after a rotation. */
        'webhook-signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['InvoiceCreatedEvent'];
      };
    };
    responses: {
      /** @description Any 2xx acknowledges the delivery. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Anything but a 2xx (or no answer within the timeout) is retried with backoff. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  onInvoiceUpdated: {
    parameters: {
      query?: never;
      header: {
        /** @description The delivery's message id, the same on every retry: use it to ignore duplicates. */
        'webhook-id': string;
        /** @description Unix seconds of this attempt; reject one more than 5 minutes away from your clock. */
        'webhook-timestamp': string;
        /** @description `v1,<base64 HMAC-SHA256 of "webhook-id.webhook-timestamp.body">` with your endpoint secret (`whsec_…`, base64 after the prefix); space-separated with the previous secret's for 24 h after a rotation. */
        'webhook-signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['InvoiceUpdatedEvent'];
      };
    };
    responses: {
      /** @description Any 2xx acknowledges the delivery. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Anything but a 2xx (or no answer within the timeout) is retried with backoff. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  onInvoicePaid: {
    parameters: {
      query?: never;
      header: {
        /** @description The delivery's message id, the same on every retry: use it to ignore duplicates. */
        'webhook-id': string;
        /** @description Unix seconds of this attempt; reject one more than 5 minutes away from your clock. */
        'webhook-timestamp': string;
        /** @description `v1,<base64 HMAC-SHA256 of "webhook-id.webhook-timestamp.body">` with your endpoint secret (`whsec_…`, base64 after the prefix); space-separated with the previous secret's for 24 h after a rotation. */
        'webhook-signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['InvoicePaidEvent'];
      };
    };
    responses: {
      /** @description Any 2xx acknowledges the delivery. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Anything but a 2xx (or no answer within the timeout) is retried with backoff. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  onInvoiceOverdue: {
    parameters: {
      query?: never;
      header: {
        /** @description The delivery's message id, the same on every retry: use it to ignore duplicates. */
        'webhook-id': string;
        /** @description Unix seconds of this attempt; reject one more than 5 minutes away from your clock. */
        'webhook-timestamp': string;
        /** @description `v1,<base64 HMAC-SHA256 of "webhook-id.webhook-timestamp.body">` with your endpoint secret (`whsec_…`, base64 after the prefix); space-separated with the previous secret's for 24 h after a rotation. */
        'webhook-signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['InvoiceOverdueEvent'];
      };
    };
    responses: {
      /** @description Any 2xx acknowledges the delivery. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Anything but a 2xx (or no answer within the timeout) is retried with backoff. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  onInvoiceSent: {
    parameters: {
      query?: never;
      header: {
        /** @description The delivery's message id, the same on every retry: use it to ignore duplicates. */
        'webhook-id': string;
        /** @description Unix seconds of this attempt; reject one more than 5 minutes away from your clock. */
        'webhook-timestamp': string;
        /** @description `v1,<base64 HMAC-SHA256 of "webhook-id.webhook-timestamp.body">` with your endpoint secret (`whsec_…`, base64 after the prefix); space-separated with the previous secret's for 24 h after a rotation. */
        'webhook-signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['InvoiceSentEvent'];
      };
    };
    responses: {
      /** @description Any 2xx acknowledges the delivery. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Anything but a 2xx (or no answer within the timeout) is retried with backoff. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  onInvoiceVoided: {
    parameters: {
      query?: never;
      header: {
        /** @description The delivery's message id, the same on every retry: use it to ignore duplicates. */
        'webhook-id': string;
        /** @description Unix seconds of this attempt; reject one more than 5 minutes away from your clock. */
        'webhook-timestamp': string;
        /** @description `v1,<base64 HMAC-SHA256 of "webhook-id.webhook-timestamp.body">` with your endpoint secret (`whsec_…`, base64 after the prefix); space-separated with the previous secret's for 24 h after a rotation. */
        'webhook-signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['InvoiceVoidedEvent'];
      };
    };
    responses: {
      /** @description Any 2xx acknowledges the delivery. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Anything but a 2xx (or no answer within the timeout) is retried with backoff. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  onInvoiceDeleted: {
    parameters: {
      query?: never;
      header: {
        /** @description The delivery's message id, the same on every retry: use it to ignore duplicates. */
        'webhook-id': string;
        /** @description Unix seconds of this attempt; reject one more than 5 minutes away from your clock. */
        'webhook-timestamp': string;
        /** @description `v1,<base64 HMAC-SHA256 of "webhook-id.webhook-timestamp.body">` with your endpoint secret (`whsec_…`, base64 after the prefix); space-separated with the previous secret's for 24 h after a rotation. */
        'webhook-signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['InvoiceDeletedEvent'];
      };
    };
    responses: {
      /** @description Any 2xx acknowledges the delivery. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Anything but a 2xx (or no answer within the timeout) is retried with backoff. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  onQuoteCreated: {
    parameters: {
      query?: never;
      header: {
        /** @description The delivery's message id, the same on every retry: use it to ignore duplicates. */
        'webhook-id': string;
        /** @description Unix seconds of this attempt; reject one more than 5 minutes away from your clock. */
        'webhook-timestamp': string;
        /** @description `v1,<base64 HMAC-SHA256 of "webhook-id.webhook-timestamp.body">` with your endpoint secret (`whsec_…`, base64 after the prefix); space-separated with the previous secret's for 24 h after a rotation. */
        'webhook-signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['QuoteCreatedEvent'];
      };
    };
    responses: {
      /** @description Any 2xx acknowledges the delivery. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Anything but a 2xx (or no answer within the timeout) is retried with backoff. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  onQuoteUpdated: {
    parameters: {
      query?: never;
      header: {
        /** @description The delivery's message id, the same on every retry: use it to ignore duplicates. */
        'webhook-id': string;
        /** @description Unix seconds of this attempt; reject one more than 5 minutes away from your clock. */
        'webhook-timestamp': string;
        /** @description `v1,<base64 HMAC-SHA256 of "webhook-id.webhook-timestamp.body">` with your endpoint secret (`whsec_…`, base64 after the prefix); space-separated with the previous secret's for 24 h after a rotation. */
        'webhook-signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['QuoteUpdatedEvent'];
      };
    };
    responses: {
      /** @description Any 2xx acknowledges the delivery. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Anything but a 2xx (or no answer within the timeout) is retried with backoff. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  onQuoteSent: {
    parameters: {
      query?: never;
      header: {
        /** @description The delivery's message id, the same on every retry: use it to ignore duplicates. */
        'webhook-id': string;
        /** @description Unix seconds of this attempt; reject one more than 5 minutes away from your clock. */
        'webhook-timestamp': string;
        /** @description `v1,<base64 HMAC-SHA256 of "webhook-id.webhook-timestamp.body">` with your endpoint secret (`whsec_…`, base64 after the prefix); space-separated with the previous secret's for 24 h after a rotation. */
        'webhook-signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['QuoteSentEvent'];
      };
    };
    responses: {
      /** @description Any 2xx acknowledges the delivery. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Anything but a 2xx (or no answer within the timeout) is retried with backoff. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  onQuoteAccepted: {
    parameters: {
      query?: never;
      header: {
        /** @description The delivery's message id, the same on every retry: use it to ignore duplicates. */
        'webhook-id': string;
        /** @description Unix seconds of this attempt; reject one more than 5 minutes away from your clock. */
        'webhook-timestamp': string;
        /** @description `v1,<base64 HMAC-SHA256 of "webhook-id.webhook-timestamp.body">` with your endpoint secret (`whsec_…`, base64 after the prefix); space-separated with the previous secret's for 24 h after a rotation. */
        'webhook-signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['QuoteAcceptedEvent'];
      };
    };
    responses: {
      /** @description Any 2xx acknowledges the delivery. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Anything but a 2xx (or no answer within the timeout) is retried with backoff. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  onQuoteDeclined: {
    parameters: {
      query?: never;
      header: {
        /** @description The delivery's message id, the same on every retry: use it to ignore duplicates. */
        'webhook-id': string;
        /** @description Unix seconds of this attempt; reject one more than 5 minutes away from your clock. */
        'webhook-timestamp': string;
        /** @description `v1,<base64 HMAC-SHA256 of "webhook-id.webhook-timestamp.body">` with your endpoint secret (`whsec_…`, base64 after the prefix); space-separated with the previous secret's for 24 h after a rotation. */
        'webhook-signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['QuoteDeclinedEvent'];
      };
    };
    responses: {
      /** @description Any 2xx acknowledges the delivery. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Anything but a 2xx (or no answer within the timeout) is retried with backoff. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  onQuoteExpired: {
    parameters: {
      query?: never;
      header: {
        /** @description The delivery's message id, the same on every retry: use it to ignore duplicates. */
        'webhook-id': string;
        /** @description Unix seconds of this attempt; reject one more than 5 minutes away from your clock. */
        'webhook-timestamp': string;
        /** @description `v1,<base64 HMAC-SHA256 of "webhook-id.webhook-timestamp.body">` with your endpoint secret (`whsec_…`, base64 after the prefix); space-separated with the previous secret's for 24 h after a rotation. */
        'webhook-signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['QuoteExpiredEvent'];
      };
    };
    responses: {
      /** @description Any 2xx acknowledges the delivery. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Anything but a 2xx (or no answer within the timeout) is retried with backoff. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  onQuoteConverted: {
    parameters: {
      query?: never;
      header: {
        /** @description The delivery's message id, the same on every retry: use it to ignore duplicates. */
        'webhook-id': string;
        /** @description Unix seconds of this attempt; reject one more than 5 minutes away from your clock. */
        'webhook-timestamp': string;
        /** @description `v1,<base64 HMAC-SHA256 of "webhook-id.webhook-timestamp.body">` with your endpoint secret (`whsec_…`, base64 after the prefix); space-separated with the previous secret's for 24 h after a rotation. */
        'webhook-signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['QuoteConvertedEvent'];
      };
    };
    responses: {
      /** @description Any 2xx acknowledges the delivery. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Anything but a 2xx (or no answer within the timeout) is retried with backoff. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  onQuoteDeleted: {
    parameters: {
      query?: never;
      header: {
        /** @description The delivery's message id, the same on every retry: use it to ignore duplicates. */
        'webhook-id': string;
        /** @description Unix seconds of this attempt; reject one more than 5 minutes away from your clock. */
        'webhook-timestamp': string;
        /** @description `v1,<base64 HMAC-SHA256 of "webhook-id.webhook-timestamp.body">` with your endpoint secret (`whsec_…`, base64 after the prefix); space-separated with the previous secret's for 24 h after a rotation. */
        'webhook-signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['QuoteDeletedEvent'];
      };
    };
    responses: {
      /** @description Any 2xx acknowledges the delivery. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Anything but a 2xx (or no answer within the timeout) is retried with backoff. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  onCreditNoteCreated: {
    parameters: {
      query?: never;
      header: {
        /** @description The delivery's message id, the same on every retry: use it to ignore duplicates. */
        'webhook-id': string;
        /** @description Unix seconds of this attempt; reject one more than 5 minutes away from your clock. */
        'webhook-timestamp': string;
        /** @description `v1,<base64 HMAC-SHA256 of "webhook-id.webhook-timestamp.body">` with your endpoint secret (`whsec_…`, base64 after the prefix); space-separated with the previous secret's for 24 h after a rotation. */
        'webhook-signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreditNoteCreatedEvent'];
      };
    };
    responses: {
      /** @description Any 2xx acknowledges the delivery. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Anything but a 2xx (or no answer within the timeout) is retried with backoff. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  onCustomerCreated: {
    parameters: {
      query?: never;
      header: {
        /** @description The delivery's message id, the same on every retry: use it to ignore duplicates. */
        'webhook-id': string;
        /** @description Unix seconds of this attempt; reject one more than 5 minutes away from your clock. */
        'webhook-timestamp': string;
        /** @description `v1,<base64 HMAC-SHA256 of "webhook-id.webhook-timestamp.body">` with your endpoint secret (`whsec_…`, base64 after the prefix); space-separated with the previous secret's for 24 h after a rotation. */
        'webhook-signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CustomerCreatedEvent'];
      };
    };
    responses: {
      /** @description Any 2xx acknowledges the delivery. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Anything but a 2xx (or no answer within the timeout) is retried with backoff. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  onCustomerUpdated: {
    parameters: {
      query?: never;
      header: {
        /** @description The delivery's message id, the same on every retry: use it to ignore duplicates. */
        'webhook-id': string;
        /** @description Unix seconds of this attempt; reject one more than 5 minutes away from your clock. */
        'webhook-timestamp': string;
        /** @description `v1,<base64 HMAC-SHA256 of "webhook-id.webhook-timestamp.body">` with your endpoint secret (`whsec_…`, base64 after the prefix); space-separated with the previous secret's for 24 h after a rotation. */
        'webhook-signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CustomerUpdatedEvent'];
      };
    };
    responses: {
      /** @description Any 2xx acknowledges the delivery. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Anything but a 2xx (or no answer within the timeout) is retried with backoff. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  onCustomerDeleted: {
    parameters: {
      query?: never;
      header: {
        /** @description The delivery's message id, the same on every retry: use it to ignore duplicates. */
        'webhook-id': string;
        /** @description Unix seconds of this attempt; reject one more than 5 minutes away from your clock. */
        'webhook-timestamp': string;
        /** @description `v1,<base64 HMAC-SHA256 of "webhook-id.webhook-timestamp.body">` with your endpoint secret (`whsec_…`, base64 after the prefix); space-separated with the previous secret's for 24 h after a rotation. */
        'webhook-signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CustomerDeletedEvent'];
      };
    };
    responses: {
      /** @description Any 2xx acknowledges the delivery. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Anything but a 2xx (or no answer within the timeout) is retried with backoff. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  onPaymentCompleted: {
    parameters: {
      query?: never;
      header: {
        /** @description The delivery's message id, the same on every retry: use it to ignore duplicates. */
        'webhook-id': string;
        /** @description Unix seconds of this attempt; reject one more than 5 minutes away from your clock. */
        'webhook-timestamp': string;
        /** @description `v1,<base64 HMAC-SHA256 of "webhook-id.webhook-timestamp.body">` with your endpoint secret (`whsec_…`, base64 after the prefix); space-separated with the previous secret's for 24 h after a rotation. */
        'webhook-signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['PaymentCompletedEvent'];
      };
    };
    responses: {
      /** @description Any 2xx acknowledges the delivery. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Anything but a 2xx (or no answer within the timeout) is retried with backoff. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  onPaymentFailed: {
    parameters: {
      query?: never;
      header: {
        /** @description The delivery's message id, the same on every retry: use it to ignore duplicates. */
        'webhook-id': string;
        /** @description Unix seconds of this attempt; reject one more than 5 minutes away from your clock. */
        'webhook-timestamp': string;
        /** @description `v1,<base64 HMAC-SHA256 of "webhook-id.webhook-timestamp.body">` with your endpoint secret (`whsec_…`, base64 after the prefix); space-separated with the previous secret's for 24 h after a rotation. */
        'webhook-signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['PaymentFailedEvent'];
      };
    };
    responses: {
      /** @description Any 2xx acknowledges the delivery. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Anything but a 2xx (or no answer within the timeout) is retried with backoff. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  onPaymentRefunded: {
    parameters: {
      query?: never;
      header: {
        /** @description The delivery's message id, the same on every retry: use it to ignore duplicates. */
        'webhook-id': string;
        /** @description Unix seconds of this attempt; reject one more than 5 minutes away from your clock. */
        'webhook-timestamp': string;
        /** @description `v1,<base64 HMAC-SHA256 of "webhook-id.webhook-timestamp.body">` with your endpoint secret (`whsec_…`, base64 after the prefix); space-separated with the previous secret's for 24 h after a rotation. */
        'webhook-signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['PaymentRefundedEvent'];
      };
    };
    responses: {
      /** @description Any 2xx acknowledges the delivery. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Anything but a 2xx (or no answer within the timeout) is retried with backoff. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  onProductCreated: {
    parameters: {
      query?: never;
      header: {
        /** @description The delivery's message id, the same on every retry: use it to ignore duplicates. */
        'webhook-id': string;
        /** @description Unix seconds of this attempt; reject one more than 5 minutes away from your clock. */
        'webhook-timestamp': string;
        /** @description `v1,<base64 HMAC-SHA256 of "webhook-id.webhook-timestamp.body">` with your endpoint secret (`whsec_…`, base64 after the prefix); space-separated with the previous secret's for 24 h after a rotation. */
        'webhook-signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ProductCreatedEvent'];
      };
    };
    responses: {
      /** @description Any 2xx acknowledges the delivery. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Anything but a 2xx (or no answer within the timeout) is retried with backoff. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  onProductUpdated: {
    parameters: {
      query?: never;
      header: {
        /** @description The delivery's message id, the same on every retry: use it to ignore duplicates. */
        'webhook-id': string;
        /** @description Unix seconds of this attempt; reject one more than 5 minutes away from your clock. */
        'webhook-timestamp': string;
        /** @description `v1,<base64 HMAC-SHA256 of "webhook-id.webhook-timestamp.body">` with your endpoint secret (`whsec_…`, base64 after the prefix); space-separated with the previous secret's for 24 h after a rotation. */
        'webhook-signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ProductUpdatedEvent'];
      };
    };
    responses: {
      /** @description Any 2xx acknowledges the delivery. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Anything but a 2xx (or no answer within the timeout) is retried with backoff. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  onProductDeleted: {
    parameters: {
      query?: never;
      header: {
        /** @description The delivery's message id, the same on every retry: use it to ignore duplicates. */
        'webhook-id': string;
        /** @description Unix seconds of this attempt; reject one more than 5 minutes away from your clock. */
        'webhook-timestamp': string;
        /** @description `v1,<base64 HMAC-SHA256 of "webhook-id.webhook-timestamp.body">` with your endpoint secret (`whsec_…`, base64 after the prefix); space-separated with the previous secret's for 24 h after a rotation. */
        'webhook-signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ProductDeletedEvent'];
      };
    };
    responses: {
      /** @description Any 2xx acknowledges the delivery. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Anything but a 2xx (or no answer within the timeout) is retried with backoff. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  onTaxRateCreated: {
    parameters: {
      query?: never;
      header: {
        /** @description The delivery's message id, the same on every retry: use it to ignore duplicates. */
        'webhook-id': string;
        /** @description Unix seconds of this attempt; reject one more than 5 minutes away from your clock. */
        'webhook-timestamp': string;
        /** @description `v1,<base64 HMAC-SHA256 of "webhook-id.webhook-timestamp.body">` with your endpoint secret (`whsec_…`, base64 after the prefix); space-separated with the previous secret's for 24 h after a rotation. */
        'webhook-signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['TaxRateCreatedEvent'];
      };
    };
    responses: {
      /** @description Any 2xx acknowledges the delivery. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Anything but a 2xx (or no answer within the timeout) is retried with backoff. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  onTaxRateUpdated: {
    parameters: {
      query?: never;
      header: {
        /** @description The delivery's message id, the same on every retry: use it to ignore duplicates. */
        'webhook-id': string;
        /** @description Unix seconds of this attempt; reject one more than 5 minutes away from your clock. */
        'webhook-timestamp': string;
        /** @description `v1,<base64 HMAC-SHA256 of "webhook-id.webhook-timestamp.body">` with your endpoint secret (`whsec_…`, base64 after the prefix); space-separated with the previous secret's for 24 h after a rotation. */
        'webhook-signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['TaxRateUpdatedEvent'];
      };
    };
    responses: {
      /** @description Any 2xx acknowledges the delivery. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Anything but a 2xx (or no answer within the timeout) is retried with backoff. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  onTaxRateDeleted: {
    parameters: {
      query?: never;
      header: {
        /** @description The delivery's message id, the same on every retry: use it to ignore duplicates. */
        'webhook-id': string;
        /** @description Unix seconds of this attempt; reject one more than 5 minutes away from your clock. */
        'webhook-timestamp': string;
        /** @description `v1,<base64 HMAC-SHA256 of "webhook-id.webhook-timestamp.body">` with your endpoint secret (`whsec_…`, base64 after the prefix); space-separated with the previous secret's for 24 h after a rotation. */
        'webhook-signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['TaxRateDeletedEvent'];
      };
    };
    responses: {
      /** @description Any 2xx acknowledges the delivery. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Anything but a 2xx (or no answer within the timeout) is retried with backoff. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  onSubscriptionCreated: {
    parameters: {
      query?: never;
      header: {
        /** @description The delivery's message id, the same on every retry: use it to ignore duplicates. */
        'webhook-id': string;
        /** @description Unix seconds of this attempt; reject one more than 5 minutes away from your clock. */
        'webhook-timestamp': string;
        /** @description `v1,<base64 HMAC-SHA256 of "webhook-id.webhook-timestamp.body">` with your endpoint secret (`whsec_…`, base64 after the prefix); space-separated with the previous secret's for 24 h after a rotation. */
        'webhook-signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SubscriptionCreatedEvent'];
      };
    };
    responses: {
      /** @description Any 2xx acknowledges the delivery. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Anything but a 2xx (or no answer within the timeout) is retried with backoff. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  onSubscriptionUpdated: {
    parameters: {
      query?: never;
      header: {
        /** @description The delivery's message id, the same on every retry: use it to ignore duplicates. */
        'webhook-id': string;
        /** @description Unix seconds of this attempt; reject one more than 5 minutes away from your clock. */
        'webhook-timestamp': string;
        /** @description `v1,<base64 HMAC-SHA256 of "webhook-id.webhook-timestamp.body">` with your endpoint secret (`whsec_…`, base64 after the prefix); space-separated with the previous secret's for 24 h after a rotation. */
        'webhook-signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SubscriptionUpdatedEvent'];
      };
    };
    responses: {
      /** @description Any 2xx acknowledges the delivery. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Anything but a 2xx (or no answer within the timeout) is retried with backoff. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  onSubscriptionCancelled: {
    parameters: {
      query?: never;
      header: {
        /** @description The delivery's message id, the same on every retry: use it to ignore duplicates. */
        'webhook-id': string;
        /** @description Unix seconds of this attempt; reject one more than 5 minutes away from your clock. */
        'webhook-timestamp': string;
        /** @description `v1,<base64 HMAC-SHA256 of "webhook-id.webhook-timestamp.body">` with your endpoint secret (`whsec_…`, base64 after the prefix); space-separated with the previous secret's for 24 h after a rotation. */
        'webhook-signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SubscriptionCancelledEvent'];
      };
    };
    responses: {
      /** @description Any 2xx acknowledges the delivery. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Anything but a 2xx (or no answer within the timeout) is retried with backoff. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  onWebhookTest: {
    parameters: {
      query?: never;
      header: {
        /** @description The delivery's message id, the same on every retry: use it to ignore duplicates. */
        'webhook-id': string;
        /** @description Unix seconds of this attempt; reject one more than 5 minutes away from your clock. */
        'webhook-timestamp': string;
        /** @description `v1,<base64 HMAC-SHA256 of "webhook-id.webhook-timestamp.body">` with your endpoint secret (`whsec_…`, base64 after the prefix); space-separated with the previous secret's for 24 h after a rotation. */
        'webhook-signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['WebhookTestEvent'];
      };
    };
    responses: {
      /** @description Any 2xx acknowledges the delivery. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Anything but a 2xx (or no answer within the timeout) is retried with backoff. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
}
