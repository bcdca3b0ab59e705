import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Customer } from '@billpoint/proto';
import { api, isUnauthorizedError } from '@/lib/api-client';
import { isUnavailableError } from '@/lib/unavailable';
import { customerKeys } from './get-customers';

/** GET /api/customers/{id}; a failure raises `Failed to fetch customer`; a 401 or an outage stays as it is. */
export async function getCustomer(id: string, signal?: AbortSignal): Promise<Customer> {
  try {
    return await api.get<Customer>(`/api/customers/${encodeURIComponent(id)}`, { signal });
  } catch (error) {
    // A 401 and an outage stay what they are: the caches redirect, or retry and show the outage banner.
    if (isUnauthorizedError(error) || isUnavailableError(error)) throw error;
    throw new Error('Failed to fetch customer', { cause: error });
  }
}

export const customerQueryOptions = (id: string) =>
  queryOptions({
    queryKey: customerKeys.detail(id),
    queryFn: ({ signal }) => getCustomer(id, signal),
  });

export function useCustomer(id: string) {
  return useQuery(customerQueryOptions(id));
}
