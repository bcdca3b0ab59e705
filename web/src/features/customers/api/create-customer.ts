import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CustomerCreateBody, type Customer, type CustomerCreate } from '@billpoint/proto';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { customerKeys } from './get-customers';

/** The Add Customer form: the create payload, validated by proto's schema. */
export const customerCreateFormSchema = CustomerCreateBody.pick({
  name: true,
  email: true,
  phone: true,
  address: true,
  company: true,
  taxId: true,
  street: true,
  postalCode: true,
  city: true,
  country: true,
  buyerReference: true,
});
export type CustomerCreateFormInput = z.input<typeof customerCreateFormSchema>;
export type CustomerCreateFormOutput = z.output<typeof customerCreateFormSchema>;

export const createCustomer = (body: Partial<CustomerCreate> & CustomerCreateFormOutput) => api.post<Customer>('/api/customers', body);

export function useCreateCustomer({ onSuccess, onError }: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCustomer,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: customerKeys.lists() });
      onSuccess?.();
    },
    onError,
  });
}
