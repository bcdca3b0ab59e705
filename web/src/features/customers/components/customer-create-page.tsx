import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router-dom';
import { PageBody, PageHeader } from '@/components/layouts/page-header';
import { FormActions } from '@/components/form-actions';
import { Form } from '@/components/ui/form';
import { paths } from '@/config/paths';
import { toast } from '@/hooks/use-toast';
import { ApiError, refusalMessage } from '@/lib/api-client';
import {
  customerCreateFormSchema,
  useCreateCustomer,
  type CustomerCreateFormInput,
  type CustomerCreateFormOutput,
} from '../api/create-customer';
import { CustomerFormCard } from './customer-form-card';
import { ADDRESS_FIELDS, CustomerAddressFields, EMPTY_ADDRESS } from './customer-address-fields';
import { fieldIssues, TextField } from '@/components/form-fields';
import { isHandledGlobally } from '@/lib/query-client';

const FIELDS = ['name', 'email', 'phone', 'address', 'company', 'taxId', ...ADDRESS_FIELDS] as const;

/** Add Customer, at /customers/create and /customers/new. */
export function CustomerCreatePage() {
  const navigate = useNavigate();
  const form = useForm<CustomerCreateFormInput, unknown, CustomerCreateFormOutput>({
    resolver: zodResolver(customerCreateFormSchema),
    defaultValues: { name: '', email: '', phone: '', address: '', company: '', taxId: '', ...EMPTY_ADDRESS },
  });
  const creation = useCreateCustomer({
    onSuccess: () => {
      toast({ title: 'Customer created successfully' });
      void navigate(paths.customers.getHref());
    },
    onError: (error) => {
      if (isHandledGlobally(error)) return;
      for (const issue of fieldIssues(error instanceof ApiError ? error.body : undefined, FIELDS))
        form.setError(issue.name, { message: issue.message });
      // A plan limit (403) says which limit and which plan.
      toast({ variant: 'destructive', title: 'Failed to create customer', description: refusalMessage(error) });
    },
  });

  return (
    <>
      <PageHeader title="Add Customer" description="Add a new customer to your database" />
      <PageBody>
        <Form {...form}>
          <form noValidate onSubmit={form.handleSubmit((data) => creation.mutate(data))} className="max-w-3xl">
            <CustomerFormCard control={form.control}>
              <TextField control={form.control} name="taxId" label="Tax ID" />
              <CustomerAddressFields control={form.control} />
            </CustomerFormCard>
            <FormActions
              onCancel={() => void navigate(paths.customers.getHref())}
              pending={creation.isPending}
              submitLabel="Create Customer"
              pendingLabel="Creating..."
            />
          </form>
        </Form>
      </PageBody>
    </>
  );
}
