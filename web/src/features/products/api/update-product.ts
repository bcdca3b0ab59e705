import { useMutation } from '@tanstack/react-query';
import type { Product, ProductBody } from '@billpoint/proto';
import { api } from '@/lib/api-client';
import { useProductSaved, type ProductMutationCallbacks } from './product-saved';

export const updateProduct = ({ id, body }: { id: number; body: ProductBody }) => api.put<Product>(`/api/products/${id}`, body);

/** PUT /api/products/{id}: the whole product; its stock quantity is the quantity on the shelf now (null: unchanged). */
export function useUpdateProduct({ onSuccess, onError }: ProductMutationCallbacks = {}) {
  const saved = useProductSaved();
  return useMutation({
    mutationFn: updateProduct,
    onSuccess: async (product) => {
      await saved(product);
      onSuccess?.(product);
    },
    onError,
  });
}
