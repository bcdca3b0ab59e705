import { useMutation } from '@tanstack/react-query';
import type { Product, ProductBody } from '@billpoint/proto';
import { api } from '@/lib/api-client';
import { useProductSaved, type ProductMutationCallbacks } from './product-saved';

export const createProduct = (body: ProductBody) => api.post<Product>('/api/products', body);

/** POST /api/products (201 with the product; 400 with field issues; 409 for a SKU in use). */
export function useCreateProduct({ onSuccess, onError }: ProductMutationCallbacks = {}) {
  const saved = useProductSaved();
  return useMutation({
    mutationFn: createProduct,
    onSuccess: async (product) => {
      await saved(product);
      onSuccess?.(product);
    },
    onError,
  });
}
