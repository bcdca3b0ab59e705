import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Customer, CustomerCreateBody, InvoiceDraft, InvoiceDraftBody } from '@billpoint/proto';
import { api } from '@/lib/api-client';
import { customerKeys } from '@/lib/customers';

/** POST /api/ai/invoice-draft: a proposal from a sentence; nothing is created. */
export const draftInvoice = (body: InvoiceDraftBody) => api.post<InvoiceDraft>('/api/ai/invoice-draft', body);

export const useDraftInvoice = () => useMutation({ mutationFn: draftInvoice });

/** POST /api/customers for the customer a draft names and the tenant does not have; refreshes the customer dropdown. */
export function useCreateDraftCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CustomerCreateBody) => api.post<Customer>('/api/customers', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.lists() }),
  });
}
