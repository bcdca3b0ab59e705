import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AppConfig } from '@billpoint/proto';
import { api } from './api-client';

/** GET /api/config: what the operator set for this deployment (the maintenance notice). */
export const appConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['app-config'] as const,
    queryFn: ({ signal }) => api.get<AppConfig>('/api/config', { signal }),
  });

/** The operator's maintenance notice, or null: none set, not loaded yet, or not reachable (then no notice is shown). */
export function useMaintenanceNotice(): string | null {
  const query = useQuery(appConfigQueryOptions());
  return query.data?.maintenanceNotice?.trim() || null;
}
