import type { HttpClient } from '@billpoint/kit/testing';
import type { InvoiceTemplate, TemplateCreateBody } from '@billpoint/proto';

/** A template of the signed-in tenant (through the gateway). */
export async function makeTemplate(c: HttpClient, body: Partial<TemplateCreateBody> = {}): Promise<InvoiceTemplate> {
  const res = await c.post('/api/invoice-templates', { name: `Template ${Math.random().toString(36).slice(2, 8)}`, ...body });
  if (res.status !== 201) throw new Error(`template create failed: ${res.status} ${res.text}`);
  return res.json as InvoiceTemplate;
}

/** POST /api/upload-logo as the browser sends it: multipart/form-data with the file in `field`. */
export async function uploadLogo(
  c: HttpClient,
  bytes: Uint8Array,
  o: { type?: string; filename?: string; field?: string } = {},
): Promise<{ status: number; json: any; text: string }> {
  const form = new FormData();
  form.append(o.field ?? 'logo', new Blob([new Uint8Array(bytes)], { type: o.type ?? 'application/octet-stream' }), o.filename ?? 'logo');
  const res = await fetch(new URL('/api/upload-logo', c.base), {
    method: 'POST',
    headers: { 'x-requested-with': 'XMLHttpRequest', cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    body: form,
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, json, text };
}
