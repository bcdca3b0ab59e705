import { useQuery } from '@tanstack/react-query';
import { quoteQueryOptions } from '@/lib/quotes';

export function useQuote(id: string) {
  return useQuery(quoteQueryOptions(id));
}
