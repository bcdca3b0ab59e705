import type { Control, FieldPath } from 'react-hook-form';
import { TextField } from '@/components/form-fields';
import type { CustomerCreateFormInput } from '../api/create-customer';

type AddressValues = Pick<CustomerCreateFormInput, 'street' | 'postalCode' | 'city' | 'country' | 'buyerReference'>;

/** The fields an e-invoice needs of the buyer (EN 16931 BT-50 … BT-55, BT-10), in both customer forms. */
export const ADDRESS_FIELDS = ['street', 'postalCode', 'city', 'country', 'buyerReference'] as const;
export const EMPTY_ADDRESS = { street: '', postalCode: '', city: '', country: '', buyerReference: '' };

export function CustomerAddressFields<T extends AddressValues>({
  control,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any transformed output type
  control: Control<T, any, any>;
}) {
  const name = (field: keyof AddressValues) => field as FieldPath<T>;
  return (
    <>
      <TextField control={control} name={name('street')} label="Street" autoComplete="street-address" />
      <TextField control={control} name={name('postalCode')} label="Postal code" autoComplete="postal-code" />
      <TextField control={control} name={name('city')} label="City" autoComplete="address-level2" />
      <TextField control={control} name={name('country')} label="Country code (e.g. DE)" autoComplete="country" />
      <div className="md:col-span-2">
        <TextField control={control} name={name('buyerReference')} label="Buyer reference (Leitweg-ID)" />
      </div>
    </>
  );
}
