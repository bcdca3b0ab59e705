import { queryOptions } from '@tanstack/react-query';
import type { OrganizationSettings } from '@billpoint/proto';
import { api } from './api-client';

export const organizationSettingsKey = ['settings', 'organization'] as const;

/** GET /api/organization-settings (the gateway owns the organization): the settings screen, and the default currency of the expense cards. */
export const organizationSettingsQueryOptions = () =>
  queryOptions({
    queryKey: organizationSettingsKey,
    queryFn: ({ signal }) => api.get<OrganizationSettings>('/api/organization-settings', { signal }),
  });
