import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { productKeys } from '@/lib/products';

export const deleteProduct = (id: number) => api.delete(`/api/products/${id}`);

/** DELETE /api/products/{id} (204); the list and the cards are refreshed. */
export function useDeleteProduct({ onSuccess, onError }: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: async (_data, id) => {
      queryClient.removeQueries({ queryKey: productKeys.detail(String(id)) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: productKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: productKeys.summary() }),
      ]);
      onSuccess?.();
    },
    onError,
  });
}
