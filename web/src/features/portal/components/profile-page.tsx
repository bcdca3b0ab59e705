import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { PortalProfileBody, type PortalCustomer } from '@billpoint/proto';
import { fieldIssues, TextField } from '@/components/form-fields';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form } from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { isHandledGlobally } from '@/lib/query-client';
import { portalKeys, saveProfile, useMe } from '../api/portal-api';

type Values = z.input<typeof PortalProfileBody>;
const FIELDS = ['name', 'phone', 'company', 'address', 'street', 'postalCode', 'city', 'country', 'taxId'] as const;

const valuesOf = (c: PortalCustomer): Values => ({
  name: c.name,
  phone: c.phone ?? '',
  company: c.company ?? '',
  address: c.address ?? '',
  street: c.street ?? '',
  postalCode: c.postalCode ?? '',
  city: c.city ?? '',
  country: c.country ?? '',
  taxId: c.taxId ?? '',
});

/** `/portal/{slug}/profile`: the contact and billing details the organization invoices (the e-mail is the sign-in). */
export function PortalProfilePage() {
  const me = useMe();
  if (!me.data) return <Spinner label="Loading" showLabel className="py-24" />;
  return <ProfileForm customer={me.data.customer} />;
}

function ProfileForm({ customer }: { customer: PortalCustomer }) {
  const queryClient = useQueryClient();
  const form = useForm<Values, unknown, z.output<typeof PortalProfileBody>>({
    resolver: zodResolver(PortalProfileBody),
    defaultValues: valuesOf(customer),
  });
  const mutation = useMutation({
    mutationFn: saveProfile,
    onSuccess: (me) => {
      queryClient.setQueryData(portalKeys.me, me);
      form.reset(valuesOf(me.customer));
      toast({ title: 'Profile saved', description: 'Your details are up to date.' });
    },
    onError: (error) => {
      if (isHandledGlobally(error)) return;
      const issues = fieldIssues(error instanceof ApiError ? error.body : undefined, FIELDS);
      issues.forEach((i) => form.setError(i.name, { message: i.message }));
      if (issues.length === 0) toast({ variant: 'destructive', title: 'The profile was not saved', description: 'Please try again.' });
    },
  });

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Profile</h1>
        <p className="mt-1 text-sm text-muted-foreground">Keep your contact and billing details up to date.</p>
      </div>
      <Form {...form}>
        <form onSubmit={(e) => void form.handleSubmit((v) => mutation.mutate(v))(e)} noValidate className="space-y-6">
          <Card>
            <CardHeader>
              <CardTitle className="text-lg">Contact</CardTitle>
              <CardDescription>
                You sign in with <span className="font-medium text-foreground">{customer.email}</span>. To change it, contact us.
              </CardDescription>
            </CardHeader>
            <CardContent className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <TextField control={form.control} name="name" label="Name" autoComplete="name" />
              <TextField control={form.control} name="company" label="Company" autoComplete="organization" />
              <TextField control={form.control} name="phone" label="Phone" type="tel" autoComplete="tel" />
              <TextField control={form.control} name="taxId" label="Tax ID" />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle className="text-lg">Billing address</CardTitle>
            </CardHeader>
            <CardContent className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <TextField control={form.control} name="street" label="Street" autoComplete="address-line1" />
              <TextField control={form.control} name="postalCode" label="Postal code" autoComplete="postal-code" />
              <TextField control={form.control} name="city" label="City" autoComplete="address-level2" />
              <TextField control={form.control} name="country" label="Country (2-letter code)" autoComplete="country" placeholder="DE" />
              <div className="sm:col-span-2">
                <TextField control={form.control} name="address" label="Address as printed on invoices" multiline />
              </div>
            </CardContent>
          </Card>
          <Button type="submit" disabled={mutation.isPending}>
            {mutation.isPending ? 'Saving...' : 'Save profile'}
          </Button>
        </form>
      </Form>
    </div>
  );
}
