import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  ConfirmPaymentBody,
  CreatePaymentIntentBody,
  PaymentConfirmation,
  PaymentIntentAnswer,
  PaypalConfirmBody,
  PaypalOrderBody,
  PaypalSetup,
  PublicInvoice,
} from '@billpoint/proto';
import { api } from '@/lib/api-client';
import { retryQuery } from '@/lib/unavailable';

/**
 * The public pay page's calls. None needs a session; each sends `X-Requested-With` through the api
 * client like every other call (the gateway's CSRF rule). `invoiceId` is always the public token.
 */
export const publicInvoiceKey = (token: string) => ['public-invoice', token] as const;

export const getPublicInvoice = (token: string, signal?: AbortSignal) =>
  api.get<PublicInvoice>(`/api/invoices/${encodeURIComponent(token)}/public`, { signal });

export const publicInvoiceQueryOptions = (token: string) =>
  queryOptions({
    queryKey: publicInvoiceKey(token),
    queryFn: ({ signal }) => getPublicInvoice(token, signal),
    // Any failure is the not-found page; a moment of unavailability is retried twice first.
    retry: (failures, error) => failures < 2 && retryQuery(failures, error),
  });

export function usePublicInvoice(token: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...publicInvoiceQueryOptions(token), enabled: enabled && token !== '' });
}

export const createPaymentIntent = (body: z.input<typeof CreatePaymentIntentBody>) =>
  api.post<PaymentIntentAnswer>('/api/create-payment-intent', body);

export const confirmPayment = (body: z.input<typeof ConfirmPaymentBody>) => api.post<PaymentConfirmation>('/api/confirm-payment', body);

export const getPaypalSetup = () => api.get<z.infer<typeof PaypalSetup>>('/api/paypal/setup');

export const createPaypalOrder = (body: z.input<typeof PaypalOrderBody>) => api.post<{ id: string }>('/api/paypal/order', body);

export const capturePaypalOrder = (orderId: string) => api.post<unknown>(`/api/paypal/order/${encodeURIComponent(orderId)}/capture`);

export const confirmPaypalPayment = (body: z.input<typeof PaypalConfirmBody>) =>
  api.post<PaymentConfirmation>('/api/paypal/confirm-payment', body);
