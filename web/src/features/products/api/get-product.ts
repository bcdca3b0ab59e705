import { useQuery } from '@tanstack/react-query';
import { productQueryOptions } from '@/lib/products';

export const useProduct = (id: string) => useQuery(productQueryOptions(id));
