import type { TemplatePreviewBody } from '@billpoint/proto';
import { ApiError } from '@/lib/api-client';

/** POST /api/invoice-templates/preview: a sample invoice drawn with the unsaved settings, as a PDF. */
export async function previewTemplate(body: TemplatePreviewBody): Promise<Blob> {
  const res = await fetch('/api/invoice-templates/preview', {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/pdf' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new ApiError(res.status, res.statusText, await res.text(), res.headers.get('retry-after'));
  return res.blob();
}
