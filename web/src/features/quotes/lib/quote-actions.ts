import {
  QUOTE_CONVERTIBLE,
  QUOTE_DELETABLE,
  QUOTE_EDITABLE,
  QUOTE_RESPONDABLE,
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
  /**
   * Recording the customer's answer given elsewhere (by e-mail, on paper): while the customer could still answer on
   * the public page, until the end of the quote's validUntil day (UTC, as the server judges it).
   */
  answer: boolean;
  /** The public page exists once the quote was sent (a draft has none). */
  copyLink: boolean;
  /** The invoice it was converted into. */
  invoiceId: number | null;
};

export function quoteActions(
  quote: Pick<Quote, 'status' | 'publicToken' | 'convertedInvoiceId' | 'validUntil'>,
  can: (p: Permission) => boolean,
  today: string = new Date().toISOString().slice(0, 10),
): QuoteActions {
  const is = (statuses: readonly QuoteStatus[]) => statuses.includes(quote.status);
  return {
    send: can('quotes.send') && is(QUOTE_SENDABLE),
    resend: quote.status !== 'draft',
    edit: can('quotes.write') && is(QUOTE_EDITABLE),
    remove: can('quotes.delete') && is(QUOTE_DELETABLE),
    convert: can('quotes.convert') && is(QUOTE_CONVERTIBLE),
    answer: can('quotes.write') && is(QUOTE_RESPONDABLE) && quote.validUntil >= today,
    copyLink: Boolean(quote.publicToken) && quote.status !== 'draft',
    invoiceId: quote.status === 'converted' ? quote.convertedInvoiceId : null,
  };
}
