import * as React from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router-dom';
import { EditFormStatuses, type Invoice } from '@billpoint/proto';
import { InvoiceStatusBadge } from '@/components/invoice-status-badge';
import { FormActions } from '@/components/form-actions';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { TextField } from '@/components/form-fields';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { paths } from '@/config/paths';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { parseDate } from '@/lib/format';
import { useUpdateInvoice } from '../api/update-invoice';
import { formIssues, isFormField } from '@/lib/api-issues';
import {
  INVOICE_ITEM_FIELDS,
  invoiceEditFormSchema,
  invoiceToEditForm,
  toUpdateBody,
  type InvoiceEditFormInput,
  type InvoiceEditFormOutput,
} from '../lib/invoice-form';
import { CustomerField } from '@/components/customer-field';
import { DateField } from '@/components/date-field';
import { ItemsEditor } from '@/components/items-editor';
import { isHandledGlobally } from '@/lib/query-client';
import { TemplateField } from '@/components/template-field';
import { ExchangeRateField } from '@/components/exchange-rate-field';
import { INVOICE_STATUS_LABELS } from '@/lib/labels';

const isField = isFormField(['customerId', 'status', 'issueDate', 'dueDate', 'notes', 'templateId', 'exchangeRate'], INVOICE_ITEM_FIELDS);

/**
 * Invoice edit: customer, status (Draft, Pending, Paid, Overdue; Pending is a sent
 * invoice), dates, notes and items. Saves with PUT, then goes to /invoices.
 */
export function InvoiceEditForm({ invoice }: { invoice: Invoice }) {
  const navigate = useNavigate();
  const id = String(invoice.id);
  const form = useForm<InvoiceEditFormInput, unknown, InvoiceEditFormOutput>({
    resolver: zodResolver(invoiceEditFormSchema),
    defaultValues: invoiceToEditForm(invoice),
  });
  const status = useWatch({ control: form.control, name: 'status' });
  const issueDate = useWatch({ control: form.control, name: 'issueDate' });
  const draft = invoice.status === 'draft';
  // A draft moved to another day takes that day's rate: the typed rate is cleared, its placeholder shows it.
  const firstDay = React.useRef(invoice.issueDate);
  React.useEffect(() => {
    if (!draft || typeof issueDate !== 'string' || issueDate === firstDay.current) return;
    firstDay.current = issueDate;
    form.setValue('exchangeRate', '', { shouldDirty: true });
  }, [draft, issueDate, form]);

  const update = useUpdateInvoice({
    onSuccess: () => {
      toast({ title: 'Invoice updated successfully.' });
      void navigate(paths.invoices.getHref());
    },
    onError: (error) => {
      if (isHandledGlobally(error)) return;
      for (const issue of formIssues(error instanceof ApiError ? error.body : undefined, isField))
        form.setError(issue.name as never, { message: issue.message });
      toast({ variant: 'destructive', title: 'Failed to update invoice. Please try again.' });
    },
  });

  const submit = form.handleSubmit((values) => update.mutate({ id, body: toUpdateBody(values, invoice.status, invoice.exchangeRate) }));

  return (
    <Form {...form}>
      <form noValidate onSubmit={(event) => void submit(event)} className="max-w-5xl space-y-6">
        <Card>
          <CardHeader className="flex flex-row items-center justify-between gap-4">
            <CardTitle>Invoice {invoice.invoiceNumber}</CardTitle>
            <InvoiceStatusBadge screen="view" status={status} />
          </CardHeader>
          <CardContent className="grid grid-cols-1 gap-4 md:grid-cols-2">
            <CustomerField control={form.control} name="customerId" current={invoice.customer} />
            <FormField
              control={form.control}
              name="status"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Status</FormLabel>
                  <Select value={field.value} onValueChange={field.onChange}>
                    <FormControl>
                      <SelectTrigger onBlur={field.onBlur} ref={field.ref}>
                        <SelectValue placeholder="Select a status" />
                      </SelectTrigger>
                    </FormControl>
                    <SelectContent>
                      {EditFormStatuses.map((s) => (
                        <SelectItem key={s} value={s}>
                          {INVOICE_STATUS_LABELS[s]}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                  <FormMessage />
                </FormItem>
              )}
            />
            <DateField control={form.control} name="issueDate" label="Issue Date" />
            <DateField
              control={form.control}
              name="dueDate"
              label="Due Date"
              disabledBefore={typeof issueDate === 'string' && issueDate ? parseDate(issueDate) : undefined}
            />
            <TemplateField control={form.control} name="templateId" />
            <div className="md:col-span-2">
              <TextField control={form.control} name="notes" label="Notes" multiline />
            </div>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Line Items</CardTitle>
          </CardHeader>
          <CardContent>
            <ItemsEditor
              control={form.control}
              currency={invoice.currency || 'USD'}
              defaultTaxRate={invoice.taxRate}
              issueDate={typeof issueDate === 'string' && issueDate ? issueDate : invoice.issueDate}
              removeMode="disable-at-one"
            >
              {(total) => (
                <ExchangeRateField
                  control={form.control}
                  name="exchangeRate"
                  currency={invoice.currency || 'USD'}
                  issueDate={typeof issueDate === 'string' && issueDate ? issueDate : invoice.issueDate}
                  total={total}
                  disabled={!draft}
                />
              )}
            </ItemsEditor>
          </CardContent>
        </Card>

        <FormActions
          onCancel={() => void navigate(paths.invoice.getHref(id))}
          pending={update.isPending}
          submitLabel="Update Invoice"
          pendingLabel="Updating..."
        />
      </form>
    </Form>
  );
}
