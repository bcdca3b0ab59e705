import * as React from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { TaxCategories, TaxCategoryLabels, TaxMessages, TaxTypes, type TaxRate, type TaxRateBody } from '@billpoint/proto';
import { DateField } from '@/components/date-field';
import { TextField, fieldIssues } from '@/components/form-fields';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { isHandledGlobally } from '@/lib/query-client';
import { useSaveTaxRate } from '../api/tax';
import { TAX_TYPE_LABELS } from '../lib/labels';
import { TAX_RATE_FIELDS, emptyTaxRateForm, taxRateFormSchema, taxRateToForm, type TaxRateFormInput } from '../lib/tax-rate-form';

/** Add Tax Rate / Edit Tax Rate: on success 'Tax Rate Created'; a failure 'Error' / 'Failed to create tax rate'. */
export function TaxRateDialog({
  open,
  taxRate,
  onOpenChange,
}: {
  open: boolean;
  taxRate: TaxRate | null;
  onOpenChange: (open: boolean) => void;
}) {
  const form = useForm<TaxRateFormInput, unknown, TaxRateBody>({
    // The body's input type allows numbers and nulls the form never holds.
    resolver: zodResolver(taxRateFormSchema()) as never,
    defaultValues: emptyTaxRateForm(),
  });
  React.useEffect(() => {
    if (open) form.reset(taxRate ? taxRateToForm(taxRate) : emptyTaxRateForm());
  }, [open, taxRate, form]);

  const save = useSaveTaxRate({
    onSuccess: () => {
      toast({ title: taxRate ? 'Tax Rate Updated' : TaxMessages.taxRateCreated });
      onOpenChange(false);
      form.reset(emptyTaxRateForm());
    },
    onError: (error) => {
      if (isHandledGlobally(error)) return;
      for (const issue of fieldIssues(error instanceof ApiError ? error.body : undefined, TAX_RATE_FIELDS))
        form.setError(issue.name, { message: issue.message });
      toast({
        variant: 'destructive',
        title: 'Error',
        description: taxRate ? 'Failed to update tax rate' : TaxMessages.taxRateCreateFailed,
      });
    },
  });
  const submit = form.handleSubmit((body) => save.mutate({ id: taxRate?.id, body }));

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{taxRate ? 'Edit Tax Rate' : 'Add Tax Rate'}</DialogTitle>
          <DialogDescription>A rate your invoices can charge, where it applies and from when.</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <TextField control={form.control} name="name" label="Name" placeholder="e.g. California Sales Tax" />
              <TextField control={form.control} name="jurisdiction" label="Jurisdiction" placeholder="e.g. California, US" />
            </div>
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <TextField control={form.control} name="rate" label="Rate (%)" inputMode="decimal" autoComplete="off" />
              <FormField
                control={form.control}
                name="type"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Type</FormLabel>
                    <Select value={field.value} onValueChange={field.onChange}>
                      <FormControl>
                        <SelectTrigger onBlur={field.onBlur} ref={field.ref}>
                          <SelectValue />
                        </SelectTrigger>
                      </FormControl>
                      <SelectContent>
                        {TaxTypes.map((t) => (
                          <SelectItem key={t} value={t}>
                            {TAX_TYPE_LABELS[t]}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                    <FormMessage />
                  </FormItem>
                )}
              />
            </div>
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <DateField control={form.control} name="startDate" label="Start Date" />
              <DateField control={form.control} name="endDate" label="End Date (optional)" clearable placeholder="No end date" />
            </div>
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <FormField
                control={form.control}
                name="category"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>E-invoice VAT category</FormLabel>
                    <Select value={field.value} onValueChange={field.onChange}>
                      <FormControl>
                        <SelectTrigger onBlur={field.onBlur} ref={field.ref}>
                          <SelectValue placeholder="Automatic (S above 0 %, Z at 0 %)" />
                        </SelectTrigger>
                      </FormControl>
                      <SelectContent>
                        {TaxCategories.map((c) => (
                          <SelectItem key={c} value={c}>
                            {c} – {TaxCategoryLabels[c]}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <TextField control={form.control} name="exemptionReasonCode" label="Exemption code (e.g. VATEX-EU-AE)" />
            </div>
            <TextField control={form.control} name="exemptionReason" label="Exemption reason (exempt and reverse charge)" />
            <TextField control={form.control} name="taxNumber" label="Tax Number (optional)" />
            <TextField control={form.control} name="description" label="Description (optional)" multiline />
            <FormField
              control={form.control}
              name="isActive"
              render={({ field }) => (
                <FormItem className="flex flex-row items-center gap-3">
                  <FormControl>
                    <Switch checked={field.value} onCheckedChange={field.onChange} onBlur={field.onBlur} ref={field.ref} />
                  </FormControl>
                  <FormLabel>Active</FormLabel>
                </FormItem>
              )}
            />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? 'Saving...' : taxRate ? 'Update Tax Rate' : 'Add Tax Rate'}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
