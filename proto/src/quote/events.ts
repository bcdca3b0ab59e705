import type { z } from 'zod';
import { Quote } from './model.ts';

export const QuoteEvents = {
  Created: 'evt.billing.quote.created',
  Updated: 'evt.billing.quote.updated',
  Sent: 'evt.billing.quote.sent',
  Accepted: 'evt.billing.quote.accepted',
  Declined: 'evt.billing.quote.declined',
  Expired: 'evt.billing.quote.expired',
  /** Written in the same transaction as the invoice's `evt.billing.invoice.created` (its quoteId set). */
  Converted: 'evt.billing.quote.converted',
  Deleted: 'evt.billing.quote.deleted',
} as const;
export type QuoteEventName = (typeof QuoteEvents)[keyof typeof QuoteEvents];

/** Payload of every quote event: the quote without its lines or public token. */
export const QuoteEventData = Quote.omit({ items: true, publicToken: true }).extend({
  /** Absent from events published before billing's migration 0022. */
  exchangeRate: Quote.shape.exchangeRate.optional(),
  totalInBaseCurrency: Quote.shape.totalInBaseCurrency.optional(),
});
export type QuoteEventData = z.infer<typeof QuoteEventData>;
