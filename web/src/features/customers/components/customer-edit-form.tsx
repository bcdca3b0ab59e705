import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router-dom';
import { CustomerCurrencies, type Customer } from '@billpoint/proto';
import { FormActions } from '@/components/form-actions';
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { paths } from '@/config/paths';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { customerEditFormSchema, useUpdateCustomer, type CustomerEditFormInput, type CustomerEditFormOutput } from '../api/update-customer';
import { CustomerFormCard } from './customer-form-card';
import { ADDRESS_FIELDS, CustomerAddressFields } from './customer-address-fields';
import { fieldIssues, TextField } from '@/components/form-fields';
import { isHandledGlobally } from '@/lib/query-client';

const FIELDS = [
  'name',
  'email',
  'phone',
  'address',
  'company',
  'taxId',
  'currency',
  'paymentTerms',
  'creditLimit',
  'customerType',
  'industry',
  'website',
  'isActive',
  ...ADDRESS_FIELDS,
] as const satisfies readonly (keyof CustomerEditFormInput)[];

export function customerToFormValues(customer: Customer): CustomerEditFormInput {
  return {
    name: customer.name,
    email: customer.email,
    phone: customer.phone ?? '',
    address: customer.address ?? '',
    company: customer.company ?? '',
    taxId: customer.taxId ?? '',
    currency: customer.currency,
    paymentTerms: customer.paymentTerms,
    creditLimit: customer.creditLimit ?? '',
    customerType: customer.customerType,
    industry: customer.industry ?? '',
    website: customer.website ?? '',
    isActive: customer.isActive,
    street: customer.street ?? '',
    postalCode: customer.postalCode ?? '',
    city: customer.city ?? '',
    country: customer.country ?? '',
    buyerReference: customer.buyerReference ?? '',
  };
}

/** The form titled Customer Information, prefilled from the loaded customer. */
export function CustomerEditForm({ customer }: { customer: Customer }) {
  const navigate = useNavigate();
  const id = String(customer.id);
  const viewHref = paths.customerView.getHref(id);
  const form = useForm<CustomerEditFormInput, unknown, CustomerEditFormOutput>({
    resolver: zodResolver(customerEditFormSchema),
    defaultValues: customerToFormValues(customer),
  });
  const update = useUpdateCustomer({
    onSuccess: () => {
      toast({ title: 'Customer updated successfully' });
      void navigate(viewHref);
    },
    onError: (error) => {
      if (isHandledGlobally(error)) return;
      const body = error instanceof ApiError ? error.body : undefined;
      for (const issue of fieldIssues(body, FIELDS)) form.setError(issue.name, { message: issue.message });
      toast({ variant: 'destructive', title: 'Error', description: body?.message || 'Failed to update customer' });
    },
  });
  // Offer the stored currency too when the API holds one the form does not list.
  const currencies: string[] = CustomerCurrencies.includes(customer.currency as (typeof CustomerCurrencies)[number])
    ? [...CustomerCurrencies]
    : [...CustomerCurrencies, customer.currency];

  return (
    <Form {...form}>
      <form noValidate onSubmit={form.handleSubmit((data) => update.mutate({ id, data }))} className="max-w-4xl">
        <CustomerFormCard control={form.control}>
          <FormField
            control={form.control}
            name="customerType"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Customer Type</FormLabel>
                <Select value={field.value} onValueChange={field.onChange}>
                  <FormControl>
                    <SelectTrigger onBlur={field.onBlur} ref={field.ref}>
                      <SelectValue placeholder="Select a type" />
                    </SelectTrigger>
                  </FormControl>
                  <SelectContent>
                    <SelectItem value="business">Business</SelectItem>
                    <SelectItem value="individual">Individual</SelectItem>
                  </SelectContent>
                </Select>
                <FormMessage />
              </FormItem>
            )}
          />
          <TextField control={form.control} name="industry" label="Industry" />
          <TextField control={form.control} name="website" label="Website" type="url" placeholder="https://example.com" />
          <TextField control={form.control} name="taxId" label="Tax ID" />
          <CustomerAddressFields control={form.control} />
          <FormField
            control={form.control}
            name="currency"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Currency</FormLabel>
                <Select value={field.value} onValueChange={field.onChange}>
                  <FormControl>
                    <SelectTrigger onBlur={field.onBlur} ref={field.ref}>
                      <SelectValue placeholder="Select a currency" />
                    </SelectTrigger>
                  </FormControl>
                  <SelectContent>
                    {currencies.map((code) => (
                      <SelectItem key={code} value={code}>
                        {code}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
                <FormMessage />
              </FormItem>
            )}
          />
          <TextField
            control={form.control}
            name="paymentTerms"
            label="Payment Terms (days)"
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
          />
          <TextField control={form.control} name="creditLimit" label="Credit Limit" inputMode="decimal" placeholder="0.00" />
          <FormField
            control={form.control}
            name="isActive"
            render={({ field }) => (
              <FormItem className="flex flex-row items-center justify-between gap-4 rounded-lg border p-4 md:col-span-2">
                <div className="space-y-1">
                  <FormLabel>Active Customer</FormLabel>
                  <FormDescription>Active customers can receive invoices and make payments</FormDescription>
                </div>
                <FormControl>
                  <Switch checked={field.value ?? true} onCheckedChange={field.onChange} onBlur={field.onBlur} ref={field.ref} />
                </FormControl>
              </FormItem>
            )}
          />
        </CustomerFormCard>
        <FormActions
          onCancel={() => void navigate(viewHref)}
          pending={update.isPending}
          submitLabel="Save Changes"
          pendingLabel="Saving..."
        />
      </form>
    </Form>
  );
}
