import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Invoice, ManualPaymentBody, Payment } from '@billpoint/proto';
import { api } from '@/lib/api-client';
import { dashboardKeys, invoiceKeys } from '@/lib/invoices';
import { getInvoice } from './get-invoice';

export const paymentKeys = {
  forInvoice: (invoiceId: number) => ['payments', 'invoice', invoiceId] as const,
};

/** GET /api/payments?invoiceId=N: every payment (and attempt) of the invoice. */
export const getPayments = (invoiceId: number, signal?: AbortSignal) =>
  api.get<Payment[]>(`/api/payments?invoiceId=${invoiceId}`, { signal });

export const paymentsQueryOptions = (invoiceId: number) =>
  queryOptions({ queryKey: paymentKeys.forInvoice(invoiceId), queryFn: ({ signal }) => getPayments(invoiceId, signal) });

export function usePayments(invoiceId: number | undefined) {
  return useQuery({ ...paymentsQueryOptions(invoiceId ?? 0), enabled: invoiceId !== undefined });
}

export const recordPayment = (body: ManualPaymentBody) => api.post<Payment>('/api/payments', body);

const APPLIED_CHECKS = 20;
const APPLIED_INTERVAL_MS = 250;

/**
 * Billing applies a payment to the invoice when the payment's event reaches it, a moment after the payments
 * service answered: the invoice is read again until its amount paid moved (or a few seconds passed).
 */
async function invoiceAfterPayment(id: string, before: string): Promise<Invoice> {
  let invoice = await getInvoice(id);
  for (let i = 1; i < APPLIED_CHECKS && invoice.amountPaid === before; i++) {
    await new Promise((resolve) => setTimeout(resolve, APPLIED_INTERVAL_MS));
    invoice = await getInvoice(id);
  }
  return invoice;
}

/** POST /api/payments (a payment received by hand); then the payments, this invoice, the lists and the dashboard. */
export function useRecordPayment(invoice: Pick<Invoice, 'id' | 'amountPaid'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordPayment,
    onSuccess: async () => {
      const id = String(invoice.id);
      await queryClient.invalidateQueries({ queryKey: paymentKeys.forInvoice(invoice.id) });
      try {
        queryClient.setQueryData(invoiceKeys.detail(id), await invoiceAfterPayment(id, invoice.amountPaid));
      } catch {
        await queryClient.invalidateQueries({ queryKey: invoiceKeys.detail(id) });
      }
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: invoiceKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.stats() }),
      ]);
    },
  });
}
