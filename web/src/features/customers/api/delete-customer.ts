import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { customerKeys } from './get-customers';

export const deleteCustomer = (id: number) => api.delete(`/api/customers/${id}`);

/** DELETE /api/customers/{id}; success refetches the list. */
export function useDeleteCustomer({ onSuccess, onError }: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCustomer,
    onSuccess: async (_data, id) => {
      queryClient.removeQueries({ queryKey: customerKeys.detail(String(id)) });
      await queryClient.invalidateQueries({ queryKey: customerKeys.lists() });
      onSuccess?.();
    },
    onError,
  });
}
