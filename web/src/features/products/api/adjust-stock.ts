import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Product, StockAdjustmentBody } from '@billpoint/proto';
import { api } from '@/lib/api-client';
import { useProductSaved, type ProductMutationCallbacks } from './product-saved';

export type StockAdjustment = z.input<typeof StockAdjustmentBody>;

export const adjustStock = ({ id, body }: { id: number; body: StockAdjustment }) =>
  api.post<Product>(`/api/products/${id}/stock-adjustments`, body);

/** POST /api/products/{id}/stock-adjustments: a manual stock move (+ received, − broken or lost); answers the product. */
export function useAdjustStock({ onSuccess, onError }: ProductMutationCallbacks = {}) {
  const saved = useProductSaved();
  return useMutation({
    mutationFn: adjustStock,
    onSuccess: async (product) => {
      await saved(product);
      onSuccess?.(product);
    },
    onError,
  });
}
