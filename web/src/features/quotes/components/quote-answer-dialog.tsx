import * as React from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { QuoteAcceptBody, type Quote } from '@billpoint/proto';
import { TextField } from '@/components/form-fields';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Form } from '@/components/ui/form';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { isHandledGlobally } from '@/lib/query-client';
import { useAnswerQuote } from '../api/quote-mutations';

export type AnswerKind = 'accept' | 'decline';

/** A refusal: the name's message under the field, else the server's own words (the quote expired meanwhile …). */
function refused(error: Error, onName: (message: string) => void) {
  if (isHandledGlobally(error)) return;
  const body = error instanceof ApiError ? error.body : undefined;
  const issue = body?.issues?.find((i) => i.path === 'name');
  if (issue) return onName(issue.message);
  toast({ variant: 'destructive', title: 'The answer was not recorded', description: body?.message ?? 'Please try again.' });
}

/**
 * Records the customer's answer given elsewhere (by e-mail, by phone, on paper): who accepted (the customer's name to
 * begin with), or that they declined and, optionally, why. The time is recorded; the public page then shows it answered.
 */
export function QuoteAnswerDialog({ quote, kind, onClose }: { quote: Quote; kind: AnswerKind | null; onClose: () => void }) {
  const [reason, setReason] = React.useState('');
  const form = useForm<QuoteAcceptBody>({ resolver: zodResolver(QuoteAcceptBody), defaultValues: { name: quote.customer?.name ?? '' } });
  const answering = useAnswerQuote({
    onSuccess: (q) => {
      toast({
        title: kind === 'accept' ? 'Quote marked accepted' : 'Quote marked declined',
        description:
          kind === 'accept'
            ? `Quote ${q.quoteNumber} was accepted by ${q.acceptedBy?.name ?? 'the customer'}.`
            : `Quote ${q.quoteNumber} was declined.`,
      });
      onClose();
    },
    onError: (e) => refused(e, (message) => form.setError('name', { message })),
  });
  const accept = form.handleSubmit(({ name }) => answering.mutate({ id: quote.id, answer: { kind: 'accept', name } }));

  return (
    <Dialog open={kind !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        {kind === 'accept' ? (
          <Form {...form}>
            <form noValidate onSubmit={(e) => void accept(e)} className="grid gap-4" aria-label="Mark the quote accepted">
              <DialogHeader>
                <DialogTitle>Mark this quote accepted?</DialogTitle>
                <DialogDescription>
                  For an acceptance the customer gave you directly. Quote {quote.quoteNumber} becomes accepted in the name below, at this
                  time, and can then be converted into an invoice.
                </DialogDescription>
              </DialogHeader>
              <TextField control={form.control} name="name" label="Accepted by" autoComplete="off" />
              <DialogFooter>
                <Button type="button" variant="outline" onClick={onClose}>
                  Cancel
                </Button>
                <Button type="submit" disabled={answering.isPending}>
                  {answering.isPending ? 'Saving...' : 'Mark accepted'}
                </Button>
              </DialogFooter>
            </form>
          </Form>
        ) : (
          <div className="grid gap-4">
            <DialogHeader>
              <DialogTitle>Mark this quote declined?</DialogTitle>
              <DialogDescription>
                For a refusal the customer gave you directly. Quote {quote.quoteNumber} becomes declined and can no longer be accepted.
              </DialogDescription>
            </DialogHeader>
            <div className="grid gap-2">
              <Label htmlFor="quote-decline-reason">Reason (optional)</Label>
              <Textarea id="quote-decline-reason" rows={3} maxLength={2000} value={reason} onChange={(e) => setReason(e.target.value)} />
            </div>
            <DialogFooter>
              <Button variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <Button
                variant="destructive"
                disabled={answering.isPending}
                onClick={() => answering.mutate({ id: quote.id, answer: { kind: 'decline', reason: reason.trim() || null } })}
              >
                {answering.isPending ? 'Saving...' : 'Mark declined'}
              </Button>
            </DialogFooter>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
