import { QUOTE_SENDABLE, QuoteEvents, type Quote } from '@billpoint/proto';
import {
  addEvent,
  BadGateway,
  Conflict,
  Unprocessable,
  type Identity,
  type Mailer,
  type OutgoingMail,
  type ServiceContext,
} from '@billpoint/kit';
import type { Config } from '../../config.ts';
import { loadSender, type PdfSender } from '../invoice/invoice.send.ts';
import { mailLogoHtml } from '../email-template/logo-header.ts';
import { fromHeader, mailFromOf } from '../readmodel/organization.ts';
import { quoteFilename, quotePdfBuffer } from './quote.pdf.ts';
import { getQuote, lockQuote } from './quote.update.ts';
import { loadQuote, quoteEventData } from './quote.sql.ts';

/** The public page of a quote: `/quote/{token}` under the app's public origin. */
export const quoteLink = (publicUrl: string, q: Quote) => `${publicUrl.replace(/\/$/, '')}/quote/${q.publicToken}`;

/** The quote e-mail (its own wording, not the invoice's): the link to accept or decline it online, the PDF attached. */
export async function quoteMail(q: Quote, sender: PdfSender, to: string, publicUrl: string): Promise<OutgoingMail> {
  const from = sender.name ?? (sender.whiteLabel ? '' : 'Billpoint');
  const link = quoteLink(publicUrl, q);
  const paragraphs = [
    `Hello ${q.customer?.name ?? ''},`.trim(),
    `please find attached quote ${q.quoteNumber} for ${q.total} ${q.currency}, valid until ${q.validUntil}.`,
    `View, accept or decline it online: ${link}`,
  ];
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&#34;');
  return {
    to,
    // The organization as the sender: "{org} via Billpoint", or the organization alone when white-label.
    from: fromHeader(sender.brand, mailFromOf(sender.ctx)),
    subject: `Quote ${q.quoteNumber} from ${from}`,
    text: [...paragraphs.flatMap((p) => [p, '']), 'Thank you,', from].join('\n'),
    // The same words as HTML, under the organization's logo.
    html:
      mailLogoHtml(sender.logoUrl, sender.name, publicUrl) +
      `<div style="font-family: Arial, Helvetica, sans-serif; font-size: 14px; line-height: 1.5; color: #1f2937">` +
      `<p>${esc(paragraphs[0]!)}</p><p>${esc(paragraphs[1]!)}</p>` +
      `<p><a href="${esc(link)}">View, accept or decline it online</a></p><p>Thank you,<br>${esc(from)}</p></div>`,
    attachments: [{ filename: quoteFilename(q), content: await quotePdfBuffer(q, sender), contentType: 'application/pdf' }],
  };
}

const refusal = (q: Quote) => new Conflict(`Quote ${q.quoteNumber} is ${q.status} and can no longer be sent`);

/**
 * POST /api/quotes/{id}/send. Rule: from draft, sent or viewed (sending again is a fresh copy of the current version;
 * a viewed quote stays viewed). The mail goes first; only once the mail server accepted it does one transaction mark
 * the quote sent (a draft becomes sent, sentAt is the first send) with `quote.sent`.
 */
export async function sendQuote(ctx: ServiceContext<Config>, mailer: Mailer, id: Identity, quoteId: number): Promise<Quote> {
  const quote = await getQuote(ctx as ServiceContext, id, quoteId);
  if (!QUOTE_SENDABLE.includes(quote.status)) throw refusal(quote);
  const to = quote.customer?.email?.trim();
  if (!to) throw new Unprocessable('This customer has no e-mail address. Add one to the customer before sending the quote.');
  const mail = await quoteMail(quote, await loadSender(ctx as ServiceContext, id.tenantId), to, ctx.config.PUBLIC_URL);
  try {
    await mailer.send(mail);
  } catch (err) {
    ctx.logger.warn({ err, quoteId, tenantId: id.tenantId }, 'sending the quote e-mail failed');
    throw new BadGateway('The quote could not be sent: the mail server did not accept the message. Please try again.');
  }
  return ctx.tx(id, async (em) => {
    const current = await lockQuote(em, id.tenantId, quoteId);
    if (!QUOTE_SENDABLE.includes(current.status)) throw refusal(current);
    await em.execute(
      `update billing.quotes set status = case when status = 'draft' then 'sent' else status end,
         sent_at = coalesce(sent_at, now()), updated_at = now()
       where id = ? and tenant_id = ?`,
      [quoteId, id.tenantId],
    );
    const sent = (await loadQuote(em, id.tenantId, quoteId))!;
    addEvent(em, { subject: QuoteEvents.Sent, tenantId: id.tenantId, actorId: id.userId, data: quoteEventData(sent) });
    return sent;
  });
}
