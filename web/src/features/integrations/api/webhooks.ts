import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Webhook, WebhookBody, WebhookCreated, WebhookDelivery, WebhookSecretRotated as RotatedSchema } from '@billpoint/proto';
import { api } from '@/lib/api-client';
import { fetchPage } from '@/lib/pagination';
import { integrationKeys } from './keys';

export type WebhookSecretRotated = z.infer<typeof RotatedSchema>;

/** GET /api/integrations/webhooks (webhooks[]). */
export const webhooksQueryOptions = () =>
  queryOptions({
    queryKey: integrationKeys.webhooks,
    queryFn: ({ signal }) => api.get<{ webhooks: Webhook[] }>('/api/integrations/webhooks', { signal }),
  });

/** How many deliveries the per-webhook view shows (newest first). */
export const DELIVERIES_PAGE = 50;

/** GET /api/integrations/webhooks/{id}/deliveries: the newest deliveries and how many there are in all. */
export const deliveriesQueryOptions = (webhookId: number) =>
  queryOptions({
    queryKey: integrationKeys.deliveries(webhookId),
    queryFn: ({ signal }) =>
      fetchPage<WebhookDelivery>(`/api/integrations/webhooks/${webhookId}/deliveries`, { limit: DELIVERIES_PAGE, offset: 0 }, signal),
  });

type Callbacks<T> = { onSuccess?: (value: T) => void; onError?: (error: Error) => void };

/** A webhook mutation that refreshes the lists (and the stat cards) once it succeeds. */
function useWebhookMutation<V, T>(mutationFn: (v: V) => Promise<T>, { onSuccess, onError }: Callbacks<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (value: T) => {
      onSuccess?.(value);
      await queryClient.invalidateQueries({ queryKey: integrationKeys.all });
    },
    onError,
  });
}

/** POST /api/integrations/webhooks (the answer holds the signing secret, once). */
export const useCreateWebhook = (o: Callbacks<WebhookCreated> = {}) =>
  useWebhookMutation((body: WebhookBody) => api.post<WebhookCreated>('/api/integrations/webhooks', body), o);

/** PUT /api/integrations/webhooks/{id}: the whole endpoint. */
export const useUpdateWebhook = (o: Callbacks<Webhook> = {}) =>
  useWebhookMutation(({ id, body }: { id: number; body: WebhookBody }) => api.put<Webhook>(`/api/integrations/webhooks/${id}`, body), o);

export const useDeleteWebhook = (o: Callbacks<void> = {}) =>
  useWebhookMutation((id: number) => api.delete(`/api/integrations/webhooks/${id}`), o);

/** POST …/{id}/rotate-secret: a new secret, shown once; the previous one keeps signing for 24 h. */
export const useRotateWebhookSecret = (o: Callbacks<WebhookSecretRotated> = {}) =>
  useWebhookMutation((id: number) => api.post<WebhookSecretRotated>(`/api/integrations/webhooks/${id}/rotate-secret`), o);

/** POST …/{id}/test: a `webhook.test` event sent now; answers the recorded attempt. */
export const useSendTestWebhook = (o: Callbacks<WebhookDelivery> = {}) =>
  useWebhookMutation((id: number) => api.post<WebhookDelivery>(`/api/integrations/webhooks/${id}/test`), o);

/** POST …/deliveries/{id}/retry: attempts a failed delivery again now. */
export const useRetryDelivery = (o: Callbacks<WebhookDelivery> = {}) =>
  useWebhookMutation((id: number) => api.post<WebhookDelivery>(`/api/integrations/webhooks/deliveries/${id}/retry`), o);
