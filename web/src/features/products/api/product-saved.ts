import { useQueryClient } from '@tanstack/react-query';
import type { Product } from '@billpoint/proto';
import { productKeys } from '@/lib/products';

/** After a product was saved: its answer is cached, and every list, the cards and the invoice pickers are refetched. */
export function useProductSaved() {
  const queryClient = useQueryClient();
  return async (product: Product) => {
    queryClient.setQueryData(productKeys.detail(String(product.id)), product);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: productKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: productKeys.summary() }),
    ]);
  };
}

export type ProductMutationCallbacks = { onSuccess?: (product: Product) => void; onError?: (error: Error) => void };
