import {
  QUOTE_CONVERTIBLE,
  QUOTE_DELETABLE,
  QUOTE_EDITABLE,
  QUOTE_SENDABLE,
  type Permission,
  type Quote,
  type QuoteStatus,
} from '@billpoint/proto';

/** What the member may do with a quote: each action needs its permission and a status that allows it. */
export type QuoteActions = {
  send: boolean;
  /** Sent before: the button says "Send again". */
  resend: boolean;
  edit: boolean;
  remove: boolean;
  convert: boolean;
  /** The public page exists once the quote was sent (a draft has none). */
  copyLink: boolean;
  /** The invoice it was converted into. */
  invoiceId: number | null;
};

export function quoteActions(
  quote: Pick<Quote, 'status' | 'publicToken' | 'convertedInvoiceId'>,
  can: (p: Permission) => boolean,
): QuoteActions {
  const is = (statuses: readonly QuoteStatus[]) => statuses.includes(quote.status);
  return {
    send: can('quotes.send') && is(QUOTE_SENDABLE),
    resend: quote.status !== 'draft',
    edit: can('quotes.write') && is(QUOTE_EDITABLE),
    remove: can('quotes.delete') && is(QUOTE_DELETABLE),
    convert: can('quotes.convert') && is(QUOTE_CONVERTIBLE),
    copyLink: Boolean(quote.publicToken) && quote.status !== 'draft',
    invoiceId: quote.status === 'converted' ? quote.convertedInvoiceId : null,
  };
}
