import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CustomerUpdateBody, type Customer } from '@billpoint/proto';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { customerKeys } from './get-customers';

/** The customer edit form: proto's update schema, without the fields the form has no control for. */
export const customerEditFormSchema = CustomerUpdateBody.omit({ language: true, tags: true });
export type CustomerEditFormInput = z.input<typeof customerEditFormSchema>;
export type CustomerEditFormOutput = z.output<typeof customerEditFormSchema>;

export const updateCustomer = ({ id, data }: { id: string; data: CustomerEditFormOutput }) =>
  api.put<Customer>(`/api/customers/${encodeURIComponent(id)}`, data);

/** PUT /api/customers/{id}; the list and the single customer are refreshed afterwards. */
export function useUpdateCustomer({
  onSuccess,
  onError,
}: { onSuccess?: (customer: Customer) => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCustomer,
    onSuccess: async (customer, { id }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: customerKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: customerKeys.detail(id) }),
      ]);
      onSuccess?.(customer);
    },
    onError,
  });
}
