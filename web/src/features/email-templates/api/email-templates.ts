import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailTemplate, EmailTemplateInput, EmailTemplatePreview, EmailTemplateType } from '@billpoint/proto';
import { api, apiFetch, apiGet } from '@/lib/api-client';

export const emailTemplateKeys = {
  all: ['email-templates'] as const,
  list: (language: string) => [...emailTemplateKeys.all, 'list', language] as const,
};

const query = (language: string) => `?language=${encodeURIComponent(language)}`;

/** GET /api/email-templates?language=: the five types, saved or built in. */
export const getEmailTemplates = (language: string, signal?: AbortSignal) =>
  apiGet<EmailTemplate[]>(`/api/email-templates${query(language)}`, { signal });

export const emailTemplatesQueryOptions = (language: string) =>
  queryOptions({ queryKey: emailTemplateKeys.list(language), queryFn: ({ signal }) => getEmailTemplates(language, signal) });

export const saveEmailTemplate = (type: EmailTemplateType, language: string, body: EmailTemplateInput) =>
  api.put<EmailTemplate>(`/api/email-templates/${type}${query(language)}`, body);

export const resetEmailTemplate = async (type: EmailTemplateType, language: string) =>
  void (await apiFetch(`/api/email-templates/${type}${query(language)}`, { method: 'DELETE' }));

export const previewEmailTemplate = (type: EmailTemplateType, language: string, body: EmailTemplateInput) =>
  api.post<EmailTemplatePreview>(`/api/email-templates/${type}/preview${query(language)}`, body);

type Callbacks<T> = { onSuccess?: (value: T) => void; onError?: (error: Error) => void };

/** A mutation that refreshes the list of the language it changed once it succeeds. */
function useEmailTemplateMutation<V, T>(mutationFn: (v: V) => Promise<T>, { onSuccess, onError }: Callbacks<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (value: T) => {
      await queryClient.invalidateQueries({ queryKey: emailTemplateKeys.all });
      onSuccess?.(value);
    },
    onError,
  });
}

type Target = { type: EmailTemplateType; language: string };
export const useSaveEmailTemplate = (o: Callbacks<EmailTemplate> = {}) =>
  useEmailTemplateMutation(({ type, language, body }: Target & { body: EmailTemplateInput }) => saveEmailTemplate(type, language, body), o);
export const useResetEmailTemplate = (o: Callbacks<void> = {}) =>
  useEmailTemplateMutation(({ type, language }: Target) => resetEmailTemplate(type, language), o);
