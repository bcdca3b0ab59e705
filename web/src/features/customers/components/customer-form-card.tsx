import type * as React from 'react';
import type { Control, FieldPath } from 'react-hook-form';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { CustomerCreateFormInput } from '../api/create-customer';
import { TextField } from '@/components/form-fields';

type ContactValues = Pick<CustomerCreateFormInput, 'name' | 'email' | 'phone' | 'company' | 'address'>;

/**
 * The card titled Customer Information that both customer forms share: name, e-mail, phone, company and
 * address, then the form's own fields.
 */
export function CustomerFormCard<T extends ContactValues>({
  control,
  children,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any transformed output type
  control: Control<T, any, any>;
  children: React.ReactNode;
}) {
  const name = (field: keyof ContactValues) => field as FieldPath<T>;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Customer Information</CardTitle>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <TextField control={control} name={name('name')} label="Name" autoComplete="name" />
        <TextField control={control} name={name('email')} label="Email" type="email" autoComplete="email" />
        <TextField control={control} name={name('phone')} label="Phone" type="tel" autoComplete="tel" />
        <TextField control={control} name={name('company')} label="Company" autoComplete="organization" />
        <div className="md:col-span-2">
          <TextField control={control} name={name('address')} label="Address" multiline />
        </div>
        {children}
      </CardContent>
    </Card>
  );
}
