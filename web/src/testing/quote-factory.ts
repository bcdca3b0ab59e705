import type { PublicQuote, Quote } from '@billpoint/proto';

let nextQuoteId = 1;

/** A quote as the API answers it (with customer and one line), USD, a draft by default. */
export function makeQuote(overrides: Partial<Quote> = {}): Quote {
  const id = overrides.id ?? nextQuoteId++;
  return {
    id,
    quoteNumber: `QUO-${String(id).padStart(4, '0')}`,
    status: 'draft',
    customerId: 1,
    customer: { id: 1, name: 'Acme Ltd', email: 'billing@acme.test', phone: null, address: null, company: 'Acme' },
    issueDate: '2026-01-05',
    validUntil: '2026-02-04',
    currency: 'USD',
    subtotal: '99.99',
    taxAmount: '0.00',
    discountAmount: '0.00',
    shippingAmount: '0.00',
    total: '99.99',
    exchangeRate: '1.000000',
    totalInBaseCurrency: '99.99',
    notes: null,
    terms: null,
    templateId: null,
    publicToken: `quote-token-${id}`,
    sentAt: null,
    viewedAt: null,
    acceptedAt: null,
    acceptedBy: null,
    declinedAt: null,
    declineReason: null,
    convertedInvoiceId: null,
    metadata: {},
    createdAt: '2026-01-05T10:00:00.000Z',
    updatedAt: '2026-01-05T10:00:00.000Z',
    items: [
      {
        id: id * 100 + 1,
        productId: null,
        description: 'Consulting',
        quantity: '3.00',
        rate: '33.33',
        amount: '99.99',
        taxRate: '0.00',
        taxAmount: '0.00',
        taxRateId: null,
        taxRateName: null,
        taxType: null,
      },
    ],
    ...overrides,
  };
}

/** The public page's quote: sent, open for an answer. */
export function makePublicQuote(overrides: Partial<PublicQuote> = {}): PublicQuote {
  return {
    id: 'quote-token-1',
    quoteNumber: 'QUO-0001',
    status: 'sent',
    issueDate: '2026-01-05',
    validUntil: '2026-02-04',
    currency: 'USD',
    subtotal: '99.99',
    taxAmount: '0.00',
    discountAmount: '0.00',
    shippingAmount: '0.00',
    total: '99.99',
    notes: null,
    terms: null,
    customer: { name: 'Acme Ltd', email: 'billing@acme.test', address: null },
    items: [{ description: 'Consulting', quantity: '3.00', unitPrice: '33.33', taxRate: '0.00', amount: '99.99' }],
    seller: { name: 'Initrode', logoUrl: null },
    whiteLabel: false,
    canRespond: true,
    acceptedAt: null,
    acceptedByName: null,
    declinedAt: null,
    declineReason: null,
    ...overrides,
  };
}
