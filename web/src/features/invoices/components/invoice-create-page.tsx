import * as React from 'react';
import { useForm } from 'react-hook-form';
import type { Customer, InvoiceDraft } from '@billpoint/proto';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router-dom';
import { startOfToday } from 'date-fns';
import { PageBody, PageHeader } from '@/components/layouts/page-header';
import { FormActions } from '@/components/form-actions';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { TextField } from '@/components/form-fields';
import { Form } from '@/components/ui/form';
import { ExchangeRateField } from '@/components/exchange-rate-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { paths } from '@/config/paths';
import { toast } from '@/hooks/use-toast';
import { ApiError, refusalMessage } from '@/lib/api-client';
import { formatDefaults, formatLongDate, toIsoDate } from '@/lib/format';
import { daysFromToday } from '@/lib/line-items';
import { useCreateInvoice } from '../api/create-invoice';
import { useNextInvoiceNumber } from '../api/get-next-number';
import { formIssues, isFormField } from '@/lib/api-issues';
import {
  INVOICE_ITEM_FIELDS,
  createFormDefaults,
  invoiceCreateFormSchema,
  toCreateBody,
  type InvoiceCreateFormInput,
  type InvoiceCreateFormOutput,
} from '../lib/invoice-form';
import { CustomerField } from '@/components/customer-field';
import { CurrencyField } from '@/components/currency-field';
import { DateField } from '@/components/date-field';
import { ItemsEditor } from '@/components/items-editor';
import { isHandledGlobally } from '@/lib/query-client';
import { TemplateField } from '@/components/template-field';
import { draftToForm } from '../lib/ai-draft';
import { AiDraftDialog } from './ai-draft-dialog';

const isField = isFormField(['customerId', 'dueDate', 'notes', 'terms', 'templateId', 'currency', 'exchangeRate'], INVOICE_ITEM_FIELDS);

function ReadOnlyField({ id, label, value }: { id: string; label: string; value: string }) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} value={value} readOnly placeholder="Loading..." className="bg-muted/50" />
    </div>
  );
}

/**
 * Create Invoice: a draft in USD (or another currency, at the rate in force on its issue date
 * unless one is typed), numbered by the server's next number.
 */
export function InvoiceCreatePage() {
  const navigate = useNavigate();
  const [today] = React.useState(startOfToday);
  const nextNumber = useNextInvoiceNumber();
  const form = useForm<InvoiceCreateFormInput, unknown, InvoiceCreateFormOutput>({
    resolver: zodResolver(invoiceCreateFormSchema),
    defaultValues: createFormDefaults(today),
  });
  const goToList = () => void navigate(paths.invoices.getHref());

  const creation = useCreateInvoice({
    onSuccess: () => {
      toast({ title: 'Success', description: 'Invoice created successfully' });
      goToList();
    },
    onError: (error) => {
      if (isHandledGlobally(error)) return;
      if (error instanceof ApiError && error.status === 409) {
        // The number was taken meanwhile: show the next one and let the user submit again.
        const taken = nextNumber.invoiceNumber;
        void nextNumber.refetch().then(({ data }) =>
          toast({
            variant: 'destructive',
            title: 'Invoice number taken',
            description: `${taken} was just used by another invoice. This invoice will be ${data?.invoiceNumber ?? 'numbered anew'}; select Create Invoice again.`,
          }),
        );
        return;
      }
      for (const issue of formIssues(error instanceof ApiError ? error.body : undefined, isField))
        form.setError(issue.name as never, { message: issue.message });
      // A plan limit (403) says which limit and which plan.
      toast({ variant: 'destructive', title: 'Error', description: refusalMessage(error) ?? 'Failed to create invoice' });
    },
  });

  // An AI draft fills the form for review; it is saved only by Create Invoice.
  const applyDraft = (draft: InvoiceDraft, customerId: number | null) => {
    form.reset(draftToForm(draft, form.getValues(), customerId));
    toast({ title: 'Draft filled in', description: 'Check the invoice, then select Create Invoice.' });
  };
  const [issueDate, currency, discount] = form.watch(['issueDate', 'currency', 'discountAmount']);
  // The customer picked sets what the user has not chosen by hand: the currency (its own) and the due date (its terms).
  const followCustomer = (customer: Customer) => {
    if (customer.currency && !form.getFieldState('currency').isDirty) form.setValue('currency', customer.currency);
    if (!form.getFieldState('dueDate').isDirty) form.setValue('dueDate', daysFromToday(customer.paymentTerms, today));
  };

  const submit = form.handleSubmit((values) => creation.mutate(toCreateBody(values, nextNumber.invoiceNumber, toIsoDate(today))));

  return (
    <>
      <PageHeader
        title="Create Invoice"
        description="Generate a new invoice for your customer"
        actions={<AiDraftDialog onUse={applyDraft} />}
      />
      <PageBody>
        <Form {...form}>
          <form noValidate onSubmit={(event) => void submit(event)} className="max-w-5xl space-y-6">
            <Card>
              <CardHeader>
                <CardTitle>Invoice Details</CardTitle>
              </CardHeader>
              <CardContent className="grid grid-cols-1 gap-4 md:grid-cols-2">
                <ReadOnlyField id="invoice-number" label="Invoice Number" value={nextNumber.invoiceNumber} />
                <CustomerField control={form.control} name="customerId" onPick={followCustomer} />
                <ReadOnlyField id="issue-date" label="Issue Date" value={formatLongDate(issueDate ?? today)} />
                <DateField control={form.control} name="dueDate" label="Due Date" disabledBefore={today} />
                <TemplateField control={form.control} name="templateId" setValue={form.setValue} preselectDefault />
                <CurrencyField control={form.control} name="currency" />
              </CardContent>
            </Card>

            <Card>
              <CardHeader>
                <CardTitle>Invoice Items</CardTitle>
              </CardHeader>
              <CardContent>
                <ItemsEditor
                  control={form.control}
                  issueDate={issueDate ?? toIsoDate(today)}
                  currency={currency ?? formatDefaults().currency}
                  discountAmount={String(discount ?? '0')}
                  removeMode="hide-at-one"
                >
                  {(total) => (
                    <ExchangeRateField
                      control={form.control}
                      name="exchangeRate"
                      currency={currency ?? formatDefaults().currency}
                      issueDate={issueDate ?? toIsoDate(today)}
                      total={total}
                    />
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
                <TextField
                  control={form.control}
                  name="terms"
                  label="Terms & Conditions"
                  placeholder="Payment terms and conditions..."
                  multiline
                />
              </CardContent>
            </Card>

            <FormActions onCancel={goToList} pending={creation.isPending} submitLabel="Create Invoice" pendingLabel="Creating..." />
          </form>
        </Form>
      </PageBody>
    </>
  );
}
