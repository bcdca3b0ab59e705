import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InsightCategory, InsightList } from '@billpoint/proto';
import { api } from '@/lib/api-client';

export type CategoryFilter = 'all' | InsightCategory;

export const insightKeys = {
  all: ['ai-insights'] as const,
  list: (category: CategoryFilter) => ['ai-insights', 'list', category] as const,
  priority: ['ai-insights', 'priority'] as const,
};

/** GET /api/ai/insights?category= (sorted by priority, highest first). */
export function useInsights(category: CategoryFilter) {
  return useQuery({
    queryKey: insightKeys.list(category),
    queryFn: ({ signal }) =>
      api.get<InsightList>(category === 'all' ? '/api/ai/insights' : `/api/ai/insights?category=${category}`, { signal }),
  });
}

/** GET /api/ai/insights/priority (priority 7 and above). */
export function usePriorityInsights() {
  return useQuery({
    queryKey: insightKeys.priority,
    queryFn: ({ signal }) => api.get<InsightList>('/api/ai/insights/priority', { signal }),
  });
}

/** POST /api/ai/insights/refresh: regenerates the insights now; every insight list is read again. */
export function useRefreshInsights(o: { onError?: (error: Error) => void; onSuccess?: () => void } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<InsightList>('/api/ai/insights/refresh', {}),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: insightKeys.all });
      o.onSuccess?.();
    },
    onError: o.onError,
  });
}
