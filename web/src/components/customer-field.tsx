import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import type { Customer } from '@billpoint/proto';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { paths } from '@/config/paths';
import { customerChoicesQueryOptions } from '@/lib/customers';

/** The customer dropdown of the invoice and subscription forms: each option reads `name - email`. */
export function CustomerField<T extends FieldValues>({
  control,
  name,
  current,
  onPick,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any transformed output type
  control: Control<T, any, any>;
  name: FieldPath<T>;
  /** The record's customer on an edit form, offered even when the list does not hold it (e.g. past the first 500). */
  current?: { id: number; name: string; email?: string } | null;
  /** Called with the customer a person picks (not when the form is filled another way), e.g. to take its payment terms. */
  onPick?: (customer: Customer) => void;
}) {
  const { data: customers = [], isPending, isError } = useQuery(customerChoicesQueryOptions());
  const choices = current && !customers.some((c) => c.id === current.id) ? [current, ...customers] : customers;
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>Customer</FormLabel>
          <Select
            value={(field.value as string | undefined) || undefined}
            onValueChange={(value) => {
              field.onChange(value);
              const picked = customers.find((c) => String(c.id) === value);
              if (picked) onPick?.(picked);
            }}
            disabled={isPending}
          >
            <FormControl>
              <SelectTrigger onBlur={field.onBlur} ref={field.ref}>
                <SelectValue placeholder={isPending ? 'Loading customers...' : 'Select a customer'} />
              </SelectTrigger>
            </FormControl>
            <SelectContent>
              {choices.map((c) => (
                <SelectItem key={c.id} value={String(c.id)}>
                  {c.email ? `${c.name} - ${c.email}` : c.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          {!isPending && choices.length === 0 && (
            <FormDescription>
              {isError ? 'Customers could not be loaded. ' : 'No customers yet. '}
              <Link className="text-primary underline-offset-4 hover:underline" to={paths.customerCreate.getHref()}>
                Add Customer
              </Link>
            </FormDescription>
          )}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
