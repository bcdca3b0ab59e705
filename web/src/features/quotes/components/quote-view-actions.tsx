import * as React from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Check, Download, FileOutput, Link2, Pencil, Send, Trash, X } from 'lucide-react';
import type { Quote } from '@billpoint/proto';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { usePermissions } from '@/lib/auth';
import { isHandledGlobally } from '@/lib/query-client';
import { openQuotePdf } from '@/lib/quotes';
import { useConvertQuote, useDeleteQuote, useSendQuote } from '../api/quote-mutations';
import { quoteActions } from '../lib/quote-actions';
import { QuoteAnswerDialog, type AnswerKind } from './quote-answer-dialog';

/** The absolute link of the quote's public page. */
export const quoteLink = (publicToken: string) => `${window.location.origin}${paths.quotePublic.getHref(publicToken)}`;

/** The server's own words for a refusal (409: the quote changed meanwhile, e.g. converted already), else `fallback`. */
const reason = (error: Error, fallback: string) => (error instanceof ApiError && error.body?.message) || fallback;

async function copyLink(token: string) {
  const link = quoteLink(token);
  try {
    await navigator.clipboard.writeText(link);
    toast({ title: 'Quote link copied' });
  } catch {
    // No clipboard (permissions, an insecure origin): the link itself, to copy by hand.
    toast({ variant: 'destructive', title: 'Could not copy the quote link', description: link });
  }
}

/**
 * The view's actions, each only when the quote's status and the member's role allow it: Send (after confirming the
 * address), Copy public link, Download PDF, Mark accepted / Mark declined (an answer the customer gave elsewhere),
 * Convert to invoice (then the new draft invoice), Edit, Delete (confirmed).
 */
export function QuoteViewActions({ quote }: { quote: Quote }) {
  const navigate = useNavigate();
  const allowed = quoteActions(quote, usePermissions());
  const [confirm, setConfirm] = React.useState<'send' | 'delete' | null>(null);
  const [answer, setAnswer] = React.useState<AnswerKind | null>(null);
  const failed = (title: string) => (error: Error) => {
    if (!isHandledGlobally(error)) toast({ variant: 'destructive', title, description: reason(error, 'Please try again.') });
  };
  const sending = useSendQuote({
    onSuccess: () =>
      toast({ title: 'Quote sent', description: `Quote ${quote.quoteNumber} was e-mailed to ${quote.customer?.email ?? 'the customer'}.` }),
    onError: failed('Failed to send the quote'),
  });
  const converting = useConvertQuote({
    onSuccess: ({ invoiceId }) => {
      toast({ title: 'Invoice created', description: `Quote ${quote.quoteNumber} is now a draft invoice.` });
      void navigate(paths.invoice.getHref(invoiceId));
    },
    onError: failed('Failed to convert the quote'),
  });
  const deleting = useDeleteQuote({
    onSuccess: () => {
      toast({ title: 'Quote deleted', description: `Quote ${quote.quoteNumber} was deleted.` });
      void navigate(paths.quotes.getHref());
    },
    onError: failed('Failed to delete the quote'),
  });
  const email = quote.customer?.email;
  // The next step is the main button: sending a draft, converting a quote once sent.
  const draft = quote.status === 'draft';

  return (
    <>
      <Button variant="outline" onClick={() => openQuotePdf(quote.id)}>
        <Download aria-hidden="true" />
        Download PDF
      </Button>
      {allowed.edit && (
        <Button asChild variant="outline">
          <Link to={paths.quoteEdit.getHref(quote.id)}>
            <Pencil aria-hidden="true" />
            Edit
          </Link>
        </Button>
      )}
      {allowed.copyLink && quote.publicToken && (
        <Button variant="outline" onClick={() => void copyLink(quote.publicToken!)}>
          <Link2 aria-hidden="true" />
          Copy public link
        </Button>
      )}
      {allowed.remove && (
        <Button
          variant="outline"
          className="text-destructive hover:text-destructive"
          disabled={deleting.isPending}
          onClick={() => setConfirm('delete')}
        >
          <Trash aria-hidden="true" />
          Delete
        </Button>
      )}
      {allowed.send && (
        <Button variant={draft ? 'default' : 'outline'} disabled={sending.isPending} onClick={() => setConfirm('send')}>
          <Send aria-hidden="true" />
          {sending.isPending ? 'Sending...' : allowed.resend ? 'Send again' : 'Send to Customer'}
        </Button>
      )}
      {allowed.answer && (
        <>
          <Button variant="outline" onClick={() => setAnswer('decline')}>
            <X aria-hidden="true" />
            Mark declined
          </Button>
          <Button variant="outline" onClick={() => setAnswer('accept')}>
            <Check aria-hidden="true" />
            Mark accepted
          </Button>
        </>
      )}
      {allowed.convert && (
        <Button variant={draft ? 'outline' : 'default'} disabled={converting.isPending} onClick={() => converting.mutate(quote.id)}>
          <FileOutput aria-hidden="true" />
          {converting.isPending ? 'Converting...' : 'Convert to invoice'}
        </Button>
      )}
      <ConfirmDialog
        item={confirm === 'send' ? quote : null}
        title={allowed.resend ? 'Send this quote again?' : 'Send this quote?'}
        description={(q) =>
          email
            ? `Quote ${q.quoteNumber} will be e-mailed to ${email}, with a link where the customer can accept or decline it.`
            : `Quote ${q.quoteNumber} will be e-mailed to the customer, with a link where they can accept or decline it.`
        }
        action="Send quote"
        destructive={false}
        onCancel={() => setConfirm(null)}
        onConfirm={(q) => sending.mutate(q.id)}
      />
      {answer && <QuoteAnswerDialog quote={quote} kind={answer} onClose={() => setAnswer(null)} />}
      <ConfirmDialog
        item={confirm === 'delete' ? quote : null}
        title="Delete this quote?"
        description={(q) => `Quote ${q.quoteNumber} will be deleted. This cannot be undone.`}
        onCancel={() => setConfirm(null)}
        onConfirm={(q) => deleting.mutate(q.id)}
      />
    </>
  );
}
