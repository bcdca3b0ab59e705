import { LOGO_FIELD, type UploadLogoAnswer } from '@billpoint/proto';
import { ApiError } from '@/lib/api-client';

/** POST /api/upload-logo: multipart, the file in the `logo` field; answers `{ url }`. */
export async function uploadLogo(file: File): Promise<UploadLogoAnswer> {
  const form = new FormData();
  form.append(LOGO_FIELD, file, file.name);
  const res = await fetch('/api/upload-logo', {
    method: 'POST',
    credentials: 'include',
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    body: form,
  });
  if (!res.ok) throw new ApiError(res.status, res.statusText, await res.text(), res.headers.get('retry-after'));
  return (await res.json()) as UploadLogoAnswer;
}
