import { queryOptions } from '@tanstack/react-query';
import type { InvoiceTemplate } from '@billpoint/proto';
import { apiGet } from './api-client';

/**
 * Template calls that more than one feature uses (the templates screen and the invoice forms' template picker):
 * the query keys and the list. The screen's own mutations live in features/templates/api.
 */
export const templateKeys = {
  all: ['invoice-templates'] as const,
  list: () => [...templateKeys.all, 'list'] as const,
};

/** GET /api/invoice-templates: the default first, then newest first. */
export const getTemplates = (signal?: AbortSignal) => apiGet<InvoiceTemplate[]>('/api/invoice-templates', { signal });

export const templatesQueryOptions = () => queryOptions({ queryKey: templateKeys.list(), queryFn: ({ signal }) => getTemplates(signal) });
