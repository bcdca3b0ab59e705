import { useMutation } from '@tanstack/react-query';
import { EInvoiceFormatLabels, type EInvoiceFormat } from '@billpoint/proto';
import { apiFetch } from './api-client';

/** What the download menus offer, in order (xrechnung-ubl is the same document as xrechnung). */
export const E_INVOICE_FORMATS = Object.entries(EInvoiceFormatLabels) as [Exclude<EInvoiceFormat, 'xrechnung-ubl'>, string][];

export type EInvoiceDocument = { kind: 'invoice' | 'credit-note'; id: number | string };

/** GET /api/invoices/{id}/e-invoice?format=… (or /api/credit-notes/…): the file as the server names it. */
export async function fetchEInvoice({ kind, id }: EInvoiceDocument, format: EInvoiceFormat): Promise<{ blob: Blob; filename: string }> {
  const base = kind === 'invoice' ? '/api/invoices' : '/api/credit-notes';
  const response = await apiFetch(`${base}/${encodeURIComponent(String(id))}/e-invoice?format=${format}`, {
    headers: { Accept: 'application/xml, application/pdf, application/json' },
  });
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `${kind}-${id}-${format}`;
  return { blob: await response.blob(), filename };
}

/** Saves a blob as a file download (an object URL on a temporary link). */
function save({ blob, filename }: { blob: Blob; filename: string }) {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: filename });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Downloads one format; a 422 (what the format needs is missing) reaches `onError` with the issues in its body. */
export function useDownloadEInvoice(target: EInvoiceDocument, { onError }: { onError?: (error: Error) => void } = {}) {
  return useMutation({
    mutationFn: (format: EInvoiceFormat) => fetchEInvoice(target, format),
    onSuccess: save,
    onError,
  });
}
