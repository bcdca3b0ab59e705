import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiKeyBody, ApiKeyCreated, ApiKeyList, ApiUsageStats, TestApiKeyResult } from '@billpoint/proto';
import { api } from '@/lib/api-client';
import { integrationKeys } from './keys';

/** GET /api/integrations/api-keys (apiKeys[]). */
export const apiKeysQueryOptions = () =>
  queryOptions({
    queryKey: integrationKeys.apiKeys,
    queryFn: ({ signal }) => api.get<ApiKeyList>('/api/integrations/api-keys', { signal }),
  });

/** GET /api/integrations/api-keys/usage-stats: this month's requests, in all and per key (the stat cards, the list). */
export const usageStatsQueryOptions = () =>
  queryOptions({
    queryKey: integrationKeys.usageStats,
    queryFn: ({ signal }) => api.get<ApiUsageStats>('/api/integrations/api-keys/usage-stats', { signal }),
  });

type Callbacks<T> = { onSuccess?: (value: T) => void; onError?: (error: Error) => void };

/** POST /api/integrations/api-keys: the answer holds the key itself (actualKey), once. */
export function useCreateApiKey({ onSuccess, onError }: Callbacks<ApiKeyCreated> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiKeyBody) => api.post<ApiKeyCreated>('/api/integrations/api-keys', body),
    onSuccess: async (created) => {
      onSuccess?.(created);
      await queryClient.invalidateQueries({ queryKey: integrationKeys.all });
    },
    onError,
  });
}

/** DELETE /api/integrations/api-keys/{id}: revokes the key (the public API refuses it within seconds). */
export function useDeleteApiKey({ onSuccess, onError }: Callbacks<void> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/integrations/api-keys/${id}`),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: integrationKeys.all });
      onSuccess?.();
    },
    onError,
  });
}

/** POST /api/integrations/test-api-key {key} → {success, message}. */
export function useTestApiKey({ onSuccess, onError }: Callbacks<TestApiKeyResult> = {}) {
  return useMutation({
    mutationFn: (key: string) => api.post<TestApiKeyResult>('/api/integrations/test-api-key', { key }),
    onSuccess,
    onError,
  });
}
