import * as React from 'react';
import { Sparkles } from 'lucide-react';
import { INVOICE_DRAFT_MAX_TEXT, type InvoiceDraft } from '@billpoint/proto';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { useDraftInvoice } from '../api/draft-invoice';
import { AiDraftProposal } from './ai-draft-proposal';

const PLACEHOLDER = 'Invoice Acme for 12 hours of design at 95 an hour and 2 Pro Plan licences, due in 14 days';

/** Why a draft failed, in words: the server's message for a refused text, else a general one. */
function problemOf(error: Error): string {
  if (error instanceof ApiError && error.status === 400 && typeof error.body === 'object' && error.body && 'message' in error.body)
    return String((error.body as { message: unknown }).message);
  return 'The draft could not be made. Please try again, or fill in the invoice yourself.';
}

/**
 * "Create with AI" on the invoice create page: a sentence or a pasted e-mail in, a proposal out with each
 * value's confidence and what could not be read; "Use this" fills the form for review. Nothing is saved here.
 */
export function AiDraftDialog({ onUse }: { onUse: (draft: InvoiceDraft, customerId: number | null) => void }) {
  const [open, setOpen] = React.useState(false);
  const [text, setText] = React.useState('');
  const drafting = useDraftInvoice();
  const submit = (event?: React.FormEvent) => {
    event?.preventDefault();
    if (text.trim() && !drafting.isPending) drafting.mutate({ text });
  };
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline">
          <Sparkles aria-hidden="true" />
          Create with AI
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Create with AI</DialogTitle>
          <DialogDescription>
            Describe the invoice in a sentence, or paste the e-mail asking for it. Nothing is saved until you create the invoice.
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-2" onSubmit={submit} noValidate>
          <Label htmlFor="ai-draft-text">What should the invoice say?</Label>
          <Textarea
            id="ai-draft-text"
            value={text}
            maxLength={INVOICE_DRAFT_MAX_TEXT}
            rows={4}
            placeholder={PLACEHOLDER}
            aria-describedby="ai-draft-hint"
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) submit();
            }}
          />
          <p id="ai-draft-hint" className="text-xs text-muted-foreground">
            Ctrl+Enter drafts. Only your own customers, products and tax rates are proposed.
          </p>
          {drafting.isError && (
            <p role="alert" className="text-sm text-destructive">
              {problemOf(drafting.error)}
            </p>
          )}
          <div className="flex justify-end">
            <Button type="submit" disabled={!text.trim() || drafting.isPending}>
              {drafting.isPending ? 'Drafting...' : 'Draft'}
            </Button>
          </div>
        </form>
        {drafting.data && !drafting.isPending && (
          <AiDraftProposal
            draft={drafting.data}
            onUse={(customerId) => {
              onUse(drafting.data, customerId);
              setOpen(false);
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
