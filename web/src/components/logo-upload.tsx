import * as React from 'react';
import { Upload, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { ApiError } from '@/lib/api-client';
import { uploadLogo } from '@/lib/upload-logo';

/** What the logo field says (its label is the caller's). */
export const LogoUploadText = {
  upload: 'Upload Logo',
  uploading: 'Uploading...',
  remove: 'Remove',
  preview: 'Logo preview',
  limits: 'Supports PNG, JPG and SVG files up to 5MB',
  failed: 'The logo could not be uploaded.',
} as const;

/**
 * The logo field of a template or of the organization: uploads the chosen file (POST /api/upload-logo) and fills the
 * logo URL with the answer. States the limit as text only (PNG, JPG and SVG up to 5MB); the server checks the file.
 * A preview that fails to load is hidden.
 */
export function LogoUpload({
  value,
  onChange,
  id = 'template-logo',
  label = 'Company Logo',
  disabled = false,
}: {
  value: string;
  onChange: (url: string) => void;
  id?: string;
  label?: string;
  disabled?: boolean;
}) {
  const input = React.useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = React.useState(false);
  const [problem, setProblem] = React.useState('');
  const [broken, setBroken] = React.useState(false);
  React.useEffect(() => setBroken(false), [value]);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    setProblem('');
    try {
      onChange((await uploadLogo(file)).url);
    } catch (error) {
      console.error('Logo upload failed', error);
      setProblem(error instanceof ApiError ? (error.body?.message ?? LogoUploadText.failed) : LogoUploadText.failed);
    } finally {
      setUploading(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex flex-wrap items-center gap-3">
        {value && !broken && (
          <img
            src={value}
            alt={LogoUploadText.preview}
            className="h-14 max-w-48 rounded border bg-white object-contain p-1"
            onError={() => setBroken(true)}
          />
        )}
        <input
          id={id}
          ref={input}
          type="file"
          accept="image/png,image/jpeg,image/svg+xml"
          className="sr-only"
          onChange={(e) => void choose(e.target.files?.[0])}
        />
        <Button type="button" variant="outline" disabled={uploading || disabled} onClick={() => input.current?.click()}>
          <Upload aria-hidden="true" />
          {uploading ? LogoUploadText.uploading : LogoUploadText.upload}
        </Button>
        {value && (
          <Button type="button" variant="ghost" disabled={disabled} onClick={() => onChange('')}>
            <X aria-hidden="true" />
            {LogoUploadText.remove}
          </Button>
        )}
      </div>
      <p className="text-sm text-muted-foreground">{LogoUploadText.limits}</p>
      {problem && (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      )}
    </div>
  );
}
