import * as React from 'react';
import { FileMinus } from 'lucide-react';
import { compareMoney, type CreditNoteResolution, type Invoice } from '@billpoint/proto';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { useCreateCreditNote } from '@/lib/credit-notes';
import { formatMoney } from '@/lib/format';
import { paymentMethodLabel } from '@/lib/payment-methods';
import { isHandledGlobally } from '@/lib/query-client';
import { usePayments } from '../api/payments';
import {
  availableResolutions,
  checkCreditNoteForm,
  creditableLeft,
  creditFigures,
  hasErrors,
  initialCreditNoteForm,
  REASON_MAX,
  serverErrors,
  toCreditNoteBody,
  type CreditNoteErrors,
  type CreditNoteFormState,
} from '../lib/credit-note-form';
import { CreditLinesField, CreditModeField, CreditTotals, FieldProblem, ResolutionField } from './credit-note-fields';

/** How the invoice's money came in, in words ("Card", "Card and Bank transfer"), from its completed payments. */
function usePaidWith(invoiceId: number, enabled: boolean): string | undefined {
  const { data } = usePayments(enabled ? invoiceId : undefined);
  const methods = [...new Set((data ?? []).filter((p) => p.status === 'completed').map((p) => paymentMethodLabel(p.paymentMethod)))];
  return methods.length ? methods.join(' and ') : undefined;
}

/** The server's reason when it refused the credit note for no field of the form (or no answer at all). */
function refusal(error: Error): string {
  if (error instanceof ApiError) return error.body?.message ?? 'The credit note could not be issued. Please try again.';
  return 'The credit note could not be issued. Please check your connection and try again.';
}

/**
 * "Issue credit note" on an issued invoice: lines of the invoice (a quantity per line) or a gross amount, the reason,
 * and what happens to the money (reduce the balance, refund, customer credit). Totals update as the user types; the
 * checks run on submit and then live; the server's field problems land on the same fields.
 */
export function IssueCreditNoteDialog({ invoice }: { invoice: Invoice }) {
  const currency = invoice.currency || 'USD';
  const items = invoice.items ?? [];
  const allowed = availableResolutions(invoice);
  const [open, setOpen] = React.useState(false);
  const [state, setState] = React.useState<CreditNoteFormState>(() => initialCreditNoteForm(items, allowed));
  const [tried, setTried] = React.useState(false);
  const [fromServer, setFromServer] = React.useState<CreditNoteErrors>({});
  const [problem, setProblem] = React.useState<string>();
  const creating = useCreateCreditNote(invoice.id);
  const paidWith = usePaidWith(invoice.id, open && allowed.includes('refund'));
  const nothingLeft = compareMoney(creditableLeft(invoice), 0) <= 0;

  const figures = creditFigures(invoice, state);
  const errors: CreditNoteErrors = { ...(tried ? checkCreditNoteForm(invoice, state) : {}), ...fromServer };
  const lineErrors = { ...(tried ? checkCreditNoteForm(invoice, state).lines : {}), ...fromServer.lines };

  const change = (next: Partial<CreditNoteFormState>) => {
    setState((s) => ({ ...s, ...next }));
    setFromServer({});
    setProblem(undefined);
  };

  const openChange = (next: boolean) => {
    if (next) {
      setState(initialCreditNoteForm(items, allowed));
      setTried(false);
      setFromServer({});
      setProblem(undefined);
    }
    setOpen(next);
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (hasErrors(checkCreditNoteForm(invoice, state))) return;
    const body = toCreditNoteBody(invoice, state);
    creating.mutate(body, {
      onSuccess: (note) => {
        toast({
          title: 'Credit note issued',
          description: `${note.creditNoteNumber} credits ${formatMoney(note.total, note.currency)} on invoice ${invoice.invoiceNumber}.`,
        });
        setOpen(false);
      },
      onError: (error) => {
        if (isHandledGlobally(error)) return;
        const found = serverErrors(error instanceof ApiError ? (error.body?.issues ?? []) : [], items, body.items);
        setFromServer(found);
        if (!hasErrors(found)) setProblem(refusal(error));
      },
    });
  };

  return (
    <Dialog open={open} onOpenChange={openChange}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" disabled={nothingLeft || allowed.length === 0}>
          <FileMinus aria-hidden="true" />
          Issue credit note
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Issue credit note</DialogTitle>
          <DialogDescription>
            A credit note corrects invoice {invoice.invoiceNumber} without changing it: {formatMoney(creditableLeft(invoice), currency)} of
            its {formatMoney(invoice.total, currency)} can still be credited.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid min-w-0 gap-5">
          <CreditModeField value={state.mode} onChange={(mode) => change({ mode })} />
          {state.mode === 'lines' ? (
            <CreditLinesField
              items={items}
              currency={currency}
              quantities={state.quantities}
              onChange={(id, q) => change({ quantities: { ...state.quantities, [id]: q } })}
              lineErrors={Object.keys(lineErrors).length ? lineErrors : undefined}
              error={errors.items}
            />
          ) : (
            <div className="grid gap-2">
              <Label htmlFor="credit-amount">Amount to credit, tax included ({currency})</Label>
              <Input
                id="credit-amount"
                inputMode="decimal"
                value={state.amount}
                onChange={(e) => change({ amount: e.target.value })}
                aria-invalid={errors.amount ? true : undefined}
                aria-describedby={errors.amount ? 'credit-amount-error' : 'credit-amount-hint'}
              />
              <p id="credit-amount-hint" className="text-xs text-muted-foreground">
                Its tax is split across the invoice’s tax rates in proportion.
              </p>
              <FieldProblem id="credit-amount-error" message={errors.amount} />
            </div>
          )}
          <CreditTotals total={figures.total} taxAmount={figures.taxAmount} left={figures.leftToCredit} currency={currency} />
          <div className="grid gap-2">
            <Label htmlFor="credit-reason">Reason</Label>
            <Textarea
              id="credit-reason"
              rows={2}
              maxLength={REASON_MAX}
              value={state.reason}
              onChange={(e) => change({ reason: e.target.value })}
              aria-invalid={errors.reason ? true : undefined}
              aria-describedby={errors.reason ? 'credit-reason-error' : undefined}
            />
            <FieldProblem id="credit-reason-error" message={errors.reason} />
          </div>
          <ResolutionField
            invoice={invoice}
            allowed={allowed}
            value={state.resolution}
            onChange={(resolution: CreditNoteResolution) => change({ resolution })}
            paidWith={paidWith}
            error={errors.resolution}
          />
          {problem && (
            <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
              {problem}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={creating.isPending}>
              {creating.isPending ? 'Issuing...' : 'Issue credit note'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
