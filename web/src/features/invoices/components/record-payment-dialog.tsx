import * as React from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { HandCoins } from 'lucide-react';
import { ManualPaymentMethods, type Invoice } from '@billpoint/proto';
import { fieldIssues, TextField } from '@/components/form-fields';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import { isSettled } from '@/lib/payment-amount';
import { isHandledGlobally } from '@/lib/query-client';
import { useRecordPayment } from '../api/payments';
import {
  MANUAL_METHOD_LABELS,
  RECORD_PAYMENT_FIELDS,
  recordPaymentDefaults,
  recordPaymentSchema,
  toManualPaymentBody,
  type RecordPaymentInput,
  type RecordPaymentOutput,
} from '../lib/record-payment-form';

/** The server's reason when it refused the payment for no field of the form (or no answer at all). */
function refusal(error: Error): string {
  if (error instanceof ApiError) return error.body?.message ?? 'Failed to record the payment. Please try again.';
  return 'Failed to record the payment. Please check your connection and try again.';
}

/** "Record payment": a payment received outside the pay page (cash, bank transfer, check, other). */
export function RecordPaymentDialog({ invoice }: { invoice: Invoice }) {
  const [open, setOpen] = React.useState(false);
  const [problem, setProblem] = React.useState<string>();
  const currency = invoice.currency || 'USD';
  const form = useForm<RecordPaymentInput, unknown, RecordPaymentOutput>({
    resolver: zodResolver(recordPaymentSchema(invoice.balanceDue, currency)),
    defaultValues: recordPaymentDefaults(invoice.balanceDue, currency),
  });
  const recording = useRecordPayment(invoice);
  const closed = isSettled(invoice) || invoice.status === 'cancelled';

  const openChange = (next: boolean) => {
    if (next) {
      form.reset(recordPaymentDefaults(invoice.balanceDue, currency));
      setProblem(undefined);
    }
    setOpen(next);
  };

  const submit = form.handleSubmit((values) => {
    setProblem(undefined);
    recording.mutate(toManualPaymentBody(invoice.id, values), {
      onSuccess: () => {
        toast({ title: 'Payment recorded' });
        setOpen(false);
      },
      onError: (error) => {
        if (isHandledGlobally(error)) return;
        const issues = fieldIssues(error instanceof ApiError ? error.body : undefined, RECORD_PAYMENT_FIELDS);
        issues.forEach((issue) => form.setError(issue.name, { message: issue.message }));
        if (!issues.length) setProblem(refusal(error));
      },
    });
  });

  return (
    <Dialog open={open} onOpenChange={openChange}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" disabled={closed}>
          <HandCoins aria-hidden="true" />
          Record payment
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Record payment</DialogTitle>
          <DialogDescription>
            A payment for invoice {invoice.invoiceNumber} received outside Billpoint. Balance due:{' '}
            {formatMoney(invoice.balanceDue, currency)}.
          </DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
            <TextField control={form.control} name="amount" label={`Amount (${currency})`} inputMode="decimal" />
            <FormField
              control={form.control}
              name="paymentMethod"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Payment method</FormLabel>
                  <Select value={field.value} onValueChange={field.onChange}>
                    <FormControl>
                      <SelectTrigger>
                        <SelectValue />
                      </SelectTrigger>
                    </FormControl>
                    <SelectContent>
                      {ManualPaymentMethods.map((m) => (
                        <SelectItem key={m} value={m}>
                          {MANUAL_METHOD_LABELS[m]}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="paymentDate"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Payment date</FormLabel>
                  <FormControl>
                    <Input type="date" {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <TextField control={form.control} name="reference" label="Reference" placeholder="Transfer or check number" />
            <TextField control={form.control} name="notes" label="Notes" multiline />
            {problem && (
              <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
                {problem}
              </p>
            )}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={recording.isPending}>
                {recording.isPending ? 'Recording...' : 'Record payment'}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
