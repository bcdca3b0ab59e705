import * as React from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Check, X } from 'lucide-react';
import { QuoteAcceptBody, type PublicQuote } from '@billpoint/proto';
import { TextField } from '@/components/form-fields';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Form } from '@/components/ui/form';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { formatInvoiceDate, formatMoney } from '@/lib/format';
import { useAcceptQuote, useDeclineQuote } from '../api/public-quote';

/** A refused answer: the name's message under the field, else what the server said (the quote expired meanwhile …). */
function refused(error: Error, onField?: (message: string) => void) {
  const body = error instanceof ApiError ? error.body : undefined;
  const issue = body?.issues?.find((i) => i.path === 'name');
  if (issue && onField) return onField(issue.message);
  toast({ variant: 'destructive', title: 'Your answer was not recorded', description: body?.message ?? 'Please try again in a moment.' });
}

function DeclineDialog({ token, open, onOpenChange }: { token: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const [reason, setReason] = React.useState('');
  const decline = useDeclineQuote(token);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Decline this quote?</DialogTitle>
          <DialogDescription>The seller will see that you declined it. Telling them why is optional.</DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor="decline-reason">Reason (optional)</Label>
          <Textarea id="decline-reason" rows={3} maxLength={2000} value={reason} onChange={(e) => setReason(e.target.value)} />
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            disabled={decline.isPending}
            onClick={() => decline.mutate({ reason: reason.trim() || null }, { onError: (e) => refused(e) })}
          >
            {decline.isPending ? 'Declining...' : 'Decline quote'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** Accept (with the full name, required) or decline (with an optional reason) an open quote. */
export function QuoteResponsePanel({ quote }: { quote: PublicQuote }) {
  const token = quote.id;
  const [declining, setDeclining] = React.useState(false);
  const accept = useAcceptQuote(token);
  const form = useForm<QuoteAcceptBody>({ resolver: zodResolver(QuoteAcceptBody), defaultValues: { name: '' } });
  const submit = form.handleSubmit((values) =>
    accept.mutate(values, { onError: (e) => refused(e, (message) => form.setError('name', { message })) }),
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your answer</CardTitle>
        <CardDescription>
          Accept the quote for {formatMoney(quote.total, quote.currency)} by {formatInvoiceDate(quote.validUntil)}, or decline it.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <Form {...form}>
          <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4" aria-label="Accept the quote">
            <TextField control={form.control} name="name" label="Your full name" autoComplete="name" />
            <p className="text-xs text-muted-foreground">
              By accepting you agree to the quote as shown, in your name. The time of your answer is recorded.
            </p>
            <Button type="submit" className="w-full" disabled={accept.isPending}>
              <Check aria-hidden="true" />
              {accept.isPending ? 'Accepting...' : 'Accept quote'}
            </Button>
          </form>
        </Form>
        <Button variant="outline" className="w-full" onClick={() => setDeclining(true)}>
          <X aria-hidden="true" />
          Decline
        </Button>
        <DeclineDialog token={token} open={declining} onOpenChange={setDeclining} />
      </CardContent>
    </Card>
  );
}
