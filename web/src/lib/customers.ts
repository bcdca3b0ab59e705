import { queryOptions } from '@tanstack/react-query';
import type { Customer } from '@billpoint/proto';
import { fetchPage, type Page } from './pagination';

/**
 * GET /api/customers, shared by the customers feature (its list) and the invoice forms (the customer
 * dropdown). One key family, so a customer added, edited or deleted refreshes both.
 */
export const customerKeys = {
  all: ['customers'] as const,
  lists: () => [...customerKeys.all, 'list'] as const,
  list: (search: string) => [...customerKeys.lists(), { search }] as const,
  choices: () => [...customerKeys.lists(), 'choices'] as const,
  detail: (id: string) => [...customerKeys.all, 'detail', id] as const,
};

export type CustomersPage = Page<Customer>;

/** GET /api/customers: newest first; the search covers name, e-mail and company (server side). */
export const getCustomers = ({ search, limit, offset, signal }: { search: string; limit: number; offset: number; signal?: AbortSignal }) =>
  fetchPage<Customer>('/api/customers', { limit, offset, search }, signal);

/** The most customers one call answers (proto PageQuery). */
export const CUSTOMER_CHOICES_LIMIT = 500;

/** Customers to choose from on an invoice (the dropdown shows `name - email`), sorted by name. */
export const customerChoicesQueryOptions = () =>
  queryOptions({
    queryKey: customerKeys.choices(),
    queryFn: async ({ signal }) => {
      const { items: customers } = await getCustomers({ search: '', limit: CUSTOMER_CHOICES_LIMIT, offset: 0, signal });
      return [...customers].sort((a, b) => a.name.localeCompare(b.name));
    },
  });
