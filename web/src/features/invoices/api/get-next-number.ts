import * as React from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NextNumber } from '@billpoint/proto';
import { api } from '@/lib/api-client';
import { invoiceKeys } from '@/lib/invoices';

/** GET /api/invoices/next-number: the number the next create will get. */
export const getNextNumber = (signal?: AbortSignal) => api.get<NextNumber>('/api/invoices/next-number', { signal });

export const nextNumberQueryOptions = () =>
  queryOptions({
    queryKey: invoiceKeys.nextNumber(),
    queryFn: ({ signal }) => getNextNumber(signal),
    // Always asked afresh when the create screen opens: another user may have taken the last one.
    staleTime: 0,
    gcTime: 0,
  });

/**
 * The number to show: the server's next number; when it cannot be loaded, `INV-` and the current
 * timestamp. Empty while the call is under way (a create then lets the server number it).
 */
export function useNextInvoiceNumber() {
  const query = useQuery(nextNumberQueryOptions());
  const [fallback] = React.useState(() => `INV-${Date.now()}`);
  return { ...query, invoiceNumber: query.data?.invoiceNumber ?? (query.isError ? fallback : '') };
}
