import type * as React from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Customer } from '@billpoint/proto';
import { CustomerField } from '@/components/customer-field';
import { CurrencyField } from '@/components/currency-field';
import { DateField } from '@/components/date-field';
import { ExchangeRateField } from '@/components/exchange-rate-field';
import { FormActions } from '@/components/form-actions';
import { TextField } from '@/components/form-fields';
import { ItemsEditor } from '@/components/items-editor';
import { TemplateField } from '@/components/template-field';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Form } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/hooks/use-toast';
import { ApiError, refusalMessage } from '@/lib/api-client';
import { formIssues } from '@/lib/api-issues';
import { formatLongDate, parseDate } from '@/lib/format';
import { isHandledGlobally } from '@/lib/query-client';
import { isQuoteFormField, quoteFormSchema, type QuoteFormInput, type QuoteFormOutput } from '../lib/quote-form';

export type QuoteForm = UseFormReturn<QuoteFormInput, unknown, QuoteFormOutput>;

export function useQuoteForm(defaultValues: QuoteFormInput): QuoteForm {
  return useForm<QuoteFormInput, unknown, QuoteFormOutput>({ resolver: zodResolver(quoteFormSchema), defaultValues });
}

/** A refused save: the server's field messages under their fields, and a toast (a plan limit's own words on a 403). */
export function showSaveError(form: QuoteForm, error: Error, title: string) {
  if (isHandledGlobally(error)) return;
  for (const issue of formIssues(error instanceof ApiError ? error.body : undefined, isQuoteFormField))
    form.setError(issue.name as never, { message: issue.message });
  toast({ variant: 'destructive', title, description: refusalMessage(error) ?? 'Check the highlighted fields and try again.' });
}

function ReadOnlyField({ id, label, value }: { id: string; label: string; value: string }) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} value={value} readOnly className="bg-muted/50" />
    </div>
  );
}

/**
 * The quote's fields (create and edit): number (read-only), customer, issue date (read-only), valid until (not before
 * the issue date), template; the lines with the invoice's editor (products, tax rates, running totals); notes, terms.
 */
export function QuoteFormFields({
  form,
  number,
  onSubmit,
  onCancel,
  pending,
  submitLabel,
  pendingLabel,
  current,
  header,
}: {
  form: QuoteForm;
  /** The quote's number; on create, where it comes from. */
  number: string;
  onSubmit: (values: QuoteFormOutput) => void;
  onCancel: () => void;
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
  /** The stored quote's customer on edit. */
  current?: { id: number; name: string; email?: string } | null;
  header?: React.ReactNode;
}) {
  const [issueDate, currency] = useWatch({ control: form.control, name: ['issueDate', 'currency'] });
  // A customer with a currency of its own is quoted in it, unless the user chose the currency.
  const followCustomer = (customer: Customer) => {
    if (customer.currency && !form.getFieldState('currency').isDirty) form.setValue('currency', customer.currency);
  };
  const submit = form.handleSubmit(onSubmit);
  return (
    <Form {...form}>
      <form noValidate onSubmit={(event) => void submit(event)} className="max-w-5xl space-y-6">
        <Card>
          <CardHeader className="flex flex-row items-center justify-between gap-4">
            <CardTitle>Quote Details</CardTitle>
            {header}
          </CardHeader>
          <CardContent className="grid grid-cols-1 gap-4 md:grid-cols-2">
            <ReadOnlyField id="quote-number" label="Quote Number" value={number} />
            <CustomerField control={form.control} name="customerId" current={current} onPick={followCustomer} />
            <ReadOnlyField id="issue-date" label="Issue Date" value={formatLongDate(issueDate)} />
            <DateField control={form.control} name="validUntil" label="Valid Until" disabledBefore={parseDate(issueDate)} />
            <TemplateField control={form.control} name="templateId" setValue={form.setValue} preselectDefault={!current} />
            <CurrencyField control={form.control} name="currency" />
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Quote Items</CardTitle>
          </CardHeader>
          <CardContent>
            <ItemsEditor control={form.control} currency={currency} issueDate={issueDate} removeMode="hide-at-one" label="Quote items">
              {(total) => (
                <ExchangeRateField control={form.control} name="exchangeRate" currency={currency} issueDate={issueDate} total={total} />
              )}
            </ItemsEditor>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Additional Information</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <TextField control={form.control} name="notes" label="Notes" placeholder="Additional notes for the customer..." multiline />
            <TextField control={form.control} name="terms" label="Terms & Conditions" placeholder="Terms of this quote..." multiline />
          </CardContent>
        </Card>

        <FormActions onCancel={onCancel} pending={pending} submitLabel={submitLabel} pendingLabel={pendingLabel} />
      </form>
    </Form>
  );
}
