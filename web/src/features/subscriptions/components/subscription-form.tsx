import { useNavigate } from 'react-router-dom';
import type { UseFormReturn } from 'react-hook-form';
import { SubscriptionCurrencies, type RecurringInvoice } from '@billpoint/proto';
import { FormActions } from '@/components/form-actions';
import { TextField } from '@/components/form-fields';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Form } from '@/components/ui/form';
import { paths } from '@/config/paths';
import { serverIssues, type SubscriptionFormValues } from '../lib/subscription-form';
import { BasicInformation } from './basic-information';
import { SubscriptionItems } from './subscription-items';
import { SubscriptionPreview } from './subscription-preview';

/** Back to where the user came from; straight to the list when the form was opened directly. */
function useGoBack() {
  const navigate = useNavigate();
  return () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    void (idx > 0 ? navigate(-1) : navigate(paths.subscriptions.getHref()));
  };
}

/** Shows the field problems of a failed save (a 400's issues) under their fields. */
export function showServerIssues(form: UseFormReturn<SubscriptionFormValues>, error: unknown) {
  for (const issue of serverIssues(error, form.getValues())) form.setError(issue.name as never, { message: issue.message });
}

/** The create and edit forms: Basic Information with the Preview beside it, then Items and Notes. */
export function SubscriptionForm({
  form,
  today,
  schedule,
  onSubmit,
  pending,
  submitLabel,
  pendingLabel,
}: {
  form: UseFormReturn<SubscriptionFormValues>;
  today: string;
  /** The stored schedule, on the edit screen. */
  schedule?: RecurringInvoice;
  onSubmit: (values: SubscriptionFormValues) => void;
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
}) {
  const goBack = useGoBack();
  const submit = form.handleSubmit(onSubmit);
  return (
    <Form {...form}>
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        className="grid grid-cols-1 max-w-6xl gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]"
      >
        <BasicInformation
          control={form.control}
          current={schedule?.customer}
          anchorLocked={!!schedule && schedule.totalInvoicesGenerated > 0}
          onCustomer={(customer) => {
            // A new schedule bills a customer in its own currency (when a schedule may bill in it), unless the user chose one.
            const own = SubscriptionCurrencies.find((c) => c === customer.currency);
            if (!schedule && own && !form.getFieldState('currency').isDirty) form.setValue('currency', own);
          }}
        />
        <div className="lg:self-start">
          <SubscriptionPreview control={form.control} today={today} schedule={schedule} />
        </div>
        <div className="space-y-6 lg:col-span-2">
          <SubscriptionItems
            control={form.control}
            // The server checks a rate on the next date the schedule bills: its start until it has billed.
            taxDate={schedule && schedule.totalInvoicesGenerated > 0 ? (schedule.nextInvoiceDate ?? today) : undefined}
          />
          <Card>
            <CardHeader>
              <CardTitle>Notes</CardTitle>
            </CardHeader>
            <CardContent>
              <TextField
                control={form.control}
                name="notes"
                label="Notes"
                placeholder="Notes for the customer on each invoice..."
                multiline
              />
            </CardContent>
          </Card>
          <FormActions onCancel={goBack} pending={pending} submitLabel={submitLabel} pendingLabel={pendingLabel} />
        </div>
      </form>
    </Form>
  );
}
