import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreditNote, CreditNoteCreateBody, CreditNoteResolution } from '@billpoint/proto';
import { api } from './api-client';
import { dashboardKeys, invoiceKeys } from './invoices';

/**
 * Credit note calls and words that more than one feature uses (the invoice view issues and lists an invoice's
 * credit notes; the credit notes screen lists them all): query keys, the invoice's credit notes, issuing one, the PDF.
 */
export const creditNoteKeys = {
  all: ['credit-notes'] as const,
  /** Every credit note of the organization (the list screen and its figures). */
  everything: () => [...creditNoteKeys.all, 'all'] as const,
  forInvoice: (invoiceId: number) => [...creditNoteKeys.all, 'invoice', invoiceId] as const,
};

/** GET /api/invoices/{id}/credit-notes: the invoice's credit notes. */
export const getInvoiceCreditNotes = (invoiceId: number, signal?: AbortSignal) =>
  api.get<CreditNote[]>(`/api/invoices/${invoiceId}/credit-notes`, { signal });

export function useInvoiceCreditNotes(invoiceId: number, enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: creditNoteKeys.forInvoice(invoiceId),
      queryFn: ({ signal }) => getInvoiceCreditNotes(invoiceId, signal),
      enabled,
    }),
  );
}

export const createCreditNote = (body: CreditNoteCreateBody) => api.post<CreditNote>('/api/credit-notes', body);

/** POST /api/credit-notes; then the invoice (its balance and status moved), the credit notes, the lists and the dashboard. */
export function useCreateCreditNote(invoiceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCreditNote,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: invoiceKeys.detail(String(invoiceId)) }),
        queryClient.invalidateQueries({ queryKey: creditNoteKeys.all }),
        queryClient.invalidateQueries({ queryKey: invoiceKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.stats() }),
      ]),
  });
}

/** GET /api/credit-notes/{id}/pdf, served inline as application/pdf (a link opens it in a new tab). */
export const creditNotePdfHref = (id: number) => `/api/credit-notes/${id}/pdf`;

/** A resolution in a list cell or a filter. */
export const RESOLUTION_LABELS: Record<CreditNoteResolution, string> = {
  reduce_balance: 'Balance reduced',
  refund: 'Refund',
  credit: 'Customer credit',
};

/** Where a credit note's money stands, in words: the refund's progress, or what its resolution did. */
export function creditNoteStatusLabel(note: Pick<CreditNote, 'resolution' | 'refundStatus'>): string {
  if (note.resolution === 'credit') return 'Credit added';
  if (note.resolution === 'reduce_balance') return 'Balance reduced';
  if (note.refundStatus === 'refunded') return 'Refunded';
  if (note.refundStatus === 'failed') return 'Refund failed';
  return 'Refund pending';
}

/** The badge look of that status: a refund under way is muted, a failed one stands out, a done one is green. */
export function creditNoteStatusVariant(note: Pick<CreditNote, 'resolution' | 'refundStatus'>) {
  if (note.resolution !== 'refund') return 'outline' as const;
  if (note.refundStatus === 'refunded') return 'success' as const;
  if (note.refundStatus === 'failed') return 'destructive' as const;
  return 'secondary' as const;
}
