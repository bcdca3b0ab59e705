import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InvoiceTemplate, TemplateCreateBody, TemplateUpdateBody } from '@billpoint/proto';
import { api, apiFetch } from '@/lib/api-client';
import { templateKeys } from '@/lib/templates';

export const createTemplate = (body: TemplateCreateBody) => api.post<InvoiceTemplate>('/api/invoice-templates', body);
export const updateTemplate = (id: number, body: TemplateUpdateBody) => api.put<InvoiceTemplate>(`/api/invoice-templates/${id}`, body);
export const deleteTemplate = async (id: number) => void (await apiFetch(`/api/invoice-templates/${id}`, { method: 'DELETE' }));
export const duplicateTemplate = (id: number) => api.post<InvoiceTemplate>(`/api/invoice-templates/${id}/duplicate`);

type Callbacks<T> = { onSuccess?: (value: T) => void; onError?: (error: Error) => void };

/** A template mutation that refreshes the list (the screen and the invoice forms' picker) when it succeeds. */
function useTemplateMutation<V, T>(mutationFn: (v: V) => Promise<T>, { onSuccess, onError }: Callbacks<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (value: T) => {
      await queryClient.invalidateQueries({ queryKey: templateKeys.all });
      onSuccess?.(value);
    },
    onError,
  });
}

/** POST /api/invoice-templates, or PUT /api/invoice-templates/{id} when editing. */
export const useSaveTemplate = (o: Callbacks<InvoiceTemplate> = {}) =>
  useTemplateMutation(
    ({ id, body }: { id?: number; body: TemplateCreateBody }) => (id ? updateTemplate(id, body) : createTemplate(body)),
    o,
  );
export const useDeleteTemplate = (o: Callbacks<void> = {}) => useTemplateMutation(deleteTemplate, o);
export const useDuplicateTemplate = (o: Callbacks<InvoiceTemplate> = {}) => useTemplateMutation(duplicateTemplate, o);
