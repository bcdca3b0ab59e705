import { z } from 'zod';

/**
 * A quote's life: draft → sent → viewed (its public page opened) → accepted | declined | expired → converted (an
 * invoice was made from it). A quote is converted from draft, sent, viewed or accepted, once.
 */
export const QuoteStatuses = ['draft', 'sent', 'viewed', 'accepted', 'declined', 'expired', 'converted'] as const;
export const QuoteStatus = z.enum(QuoteStatuses, { error: `Status must be one of ${QuoteStatuses.join(', ')}` });
export type QuoteStatus = z.infer<typeof QuoteStatus>;

/** Statuses in which the quote's fields and lines can still be changed (a sent quote stays sent when edited). */
export const QUOTE_EDITABLE: readonly QuoteStatus[] = ['draft', 'sent', 'viewed'];
/** Statuses in which a quote can be deleted: never sent, or no longer open. */
export const QUOTE_DELETABLE: readonly QuoteStatus[] = ['draft', 'declined', 'expired'];
/** Statuses from which a quote can be (re)sent. */
export const QUOTE_SENDABLE: readonly QuoteStatus[] = ['draft', 'sent', 'viewed'];
/** Statuses in which the customer can accept or decline on the public page (before its validUntil day ends). */
export const QUOTE_RESPONDABLE: readonly QuoteStatus[] = ['sent', 'viewed'];
/** Statuses from which a quote converts into a draft invoice. */
export const QUOTE_CONVERTIBLE: readonly QuoteStatus[] = ['draft', 'sent', 'viewed', 'accepted'];
