import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  PortalBranding,
  PortalInvoiceFilters,
  PortalInvoiceList,
  PortalMe,
  PortalPayment,
  PortalPaymentBody,
  PortalPaymentConfirmation,
  PortalProfileInput,
  PortalReceipt,
  PublicInvoice,
} from '@billpoint/proto';
import { api } from '@/lib/api-client';

/**
 * The customer portal's calls: only /api/portal/* and the public invoice answer (for the payment
 * methods on offer), never a staff route. Mutations go through the api client, which sends `X-Requested-With`.
 */
export type InvoiceFilter = (typeof PortalInvoiceFilters)[number];

export const portalKeys = {
  all: ['portal'] as const,
  branding: (slug: string | undefined) => ['portal', 'branding', slug ?? ''] as const,
  me: ['portal', 'me'] as const,
  invoices: (status: InvoiceFilter, search: string) => ['portal', 'invoices', status, search] as const,
  receipts: ['portal', 'receipts'] as const,
  paymentConfig: (token: string) => ['portal', 'payment-config', token] as const,
};

/** On the organization's own domain there is no slug: the host names the organization. */
export const brandingQueryOptions = (slug: string | undefined) =>
  queryOptions({
    queryKey: portalKeys.branding(slug),
    queryFn: ({ signal }) =>
      api.get<PortalBranding>(slug ? `/api/portal/branding?slug=${encodeURIComponent(slug)}` : '/api/portal/branding', { signal }),
    retry: false,
  });
export const useBranding = (slug: string | undefined) => useQuery(brandingQueryOptions(slug));

/** The signed-in customer, or null when there is no portal session (a 401 is an answer here, not an error). */
export const meQueryOptions = () =>
  queryOptions({
    queryKey: portalKeys.me,
    queryFn: ({ signal }) => api.get<PortalMe>('/api/portal/me', { on401: 'returnNull', signal }),
  });
export const useMe = () => useQuery(meQueryOptions());

export const requestSignInLink = (slug: string, email: string) =>
  api.post<{ message: string }>(`/api/portal/${encodeURIComponent(slug)}/sign-in`, { email });

export const startSession = (token: string) => api.post<PortalMe>('/api/portal/sessions', { token });

export const signOut = () => api.post<unknown>('/api/portal/sign-out');

export const saveProfile = (body: PortalProfileInput) => api.put<PortalMe>('/api/portal/me', body);

export const invoicesQueryOptions = (status: InvoiceFilter, search: string) =>
  queryOptions({
    queryKey: portalKeys.invoices(status, search),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ status });
      if (search) query.set('search', search);
      return api.get<PortalInvoiceList>(`/api/portal/invoices?${query}`, { signal });
    },
  });

export const receiptsQueryOptions = () =>
  queryOptions({
    queryKey: portalKeys.receipts,
    queryFn: ({ signal }) => api.get<PortalReceipt[]>('/api/portal/receipts', { signal }),
  });

/** The payment methods the organization takes, read from one of the invoices' public answers (the pay page's). */
export const paymentConfigQueryOptions = (publicToken: string) =>
  queryOptions({
    queryKey: portalKeys.paymentConfig(publicToken),
    queryFn: async ({ signal }) =>
      (await api.get<PublicInvoice>(`/api/invoices/${encodeURIComponent(publicToken)}/public`, { signal })).payment,
  });

export const openPayment = (body: z.input<typeof PortalPaymentBody>) => api.post<PortalPayment>('/api/portal/payments', body);

export const confirmPortalPayment = (id: string, cardNumber?: string) =>
  api.post<PortalPaymentConfirmation>(`/api/portal/payments/${encodeURIComponent(id)}/confirm`, cardNumber ? { cardNumber } : {});

/** Downloads (plain links: the browser sends the portal cookie). */
export const downloads = {
  invoicePdf: (id: number) => `/api/portal/invoices/${id}/pdf`,
  receiptPdf: (id: string) => `/api/portal/receipts/${encodeURIComponent(id)}/pdf`,
  statement: (from: string, to: string, currency?: string) => {
    const query = new URLSearchParams({ from, to });
    if (currency) query.set('currency', currency);
    return `/api/portal/statement.pdf?${query}`;
  },
};
