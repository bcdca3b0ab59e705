import type { Control } from 'react-hook-form';
import { Frequencies, SubscriptionCurrencies, type Customer } from '@billpoint/proto';
import { CustomerField } from '@/components/customer-field';
import { DateField } from '@/components/date-field';
import { TextField } from '@/components/form-fields';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import type { SubscriptionFormValues } from '../lib/subscription-form';
import { FREQUENCY_LABELS } from '@/lib/labels';

type Props = { control: Control<SubscriptionFormValues> };

function ChoiceField({
  control,
  name,
  label,
  options,
  disabled,
  description,
}: Props & {
  name: 'frequency' | 'currency';
  label: string;
  options: readonly { value: string; label: string }[];
  disabled?: boolean;
  description?: string;
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <Select value={field.value} onValueChange={field.onChange} disabled={disabled}>
            <FormControl>
              <SelectTrigger onBlur={field.onBlur} ref={field.ref}>
                <SelectValue />
              </SelectTrigger>
            </FormControl>
            <SelectContent>
              {options.map((o) => (
                <SelectItem key={o.value} value={o.value}>
                  {o.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          {description && <FormDescription>{description}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

const FREQUENCY_OPTIONS = Frequencies.map((f) => ({ value: f, label: FREQUENCY_LABELS[f] }));
const CURRENCY_OPTIONS = SubscriptionCurrencies.map((c) => ({ value: c, label: c }));

/** Why the start date and frequency of an edited schedule are read-only (the server refuses to change them). */
export const ANCHOR_LOCKED = 'Fixed once invoices were generated.';

/**
 * Name, customer, frequency, currency, start and end dates, and whether invoices are sent automatically. Once a
 * schedule has generated invoices its periods are numbered from its start date and frequency: those two are locked.
 */
export function BasicInformation({
  control,
  current,
  anchorLocked,
  onCustomer,
}: Props & {
  current?: { id: number; name: string } | null;
  anchorLocked?: boolean;
  onCustomer?: (customer: Customer) => void;
}) {
  const locked = anchorLocked ? { disabled: true, description: ANCHOR_LOCKED } : {};
  return (
    <Card>
      <CardHeader>
        <CardTitle>Basic Information</CardTitle>
      </CardHeader>
      <CardContent className="grid grid-cols-1 items-start gap-4 md:grid-cols-2">
        <TextField control={control} name="name" label="Subscription Name" placeholder="e.g. Monthly website hosting" />
        <CustomerField control={control} name="customerId" current={current} onPick={onCustomer} />
        <ChoiceField control={control} name="frequency" label="Frequency" options={FREQUENCY_OPTIONS} {...locked} />
        <ChoiceField control={control} name="currency" label="Currency" options={CURRENCY_OPTIONS} />
        <DateField control={control} name="startDate" label="Start Date" {...locked} />
        <DateField control={control} name="endDate" label="End Date (optional)" clearable placeholder="No end date" />
        <FormField
          control={control}
          name="autoSend"
          render={({ field }) => (
            <FormItem className="flex items-start gap-3 rounded-lg border p-3 md:col-span-2">
              <FormControl>
                <Switch checked={field.value} onCheckedChange={field.onChange} onBlur={field.onBlur} ref={field.ref} />
              </FormControl>
              <div className="grid gap-1">
                <FormLabel>Send invoices automatically</FormLabel>
                <FormDescription className="text-xs">Each generated invoice is e-mailed to the customer.</FormDescription>
              </div>
            </FormItem>
          )}
        />
      </CardContent>
    </Card>
  );
}
