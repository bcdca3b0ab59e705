import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrganizationSettings } from '@billpoint/proto';
import { api } from './api-client';

export const organizationSettingsKey = ['settings', 'organization'] as const;

/** GET /api/organization-settings (the gateway owns the organization): the settings screen, and the default currency of the expense cards. */
export const organizationSettingsQueryOptions = () =>
  queryOptions({
    queryKey: organizationSettingsKey,
    queryFn: ({ signal }) => api.get<OrganizationSettings>('/api/organization-settings', { signal }),
  });

/** The organization's language as a locale for Intl ("en" until the settings are read): how its money and dates read. */
export function useOrganizationLocale(): string {
  return useQuery(organizationSettingsQueryOptions()).data?.defaultLanguage ?? 'en';
}
