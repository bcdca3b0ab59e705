import * as React from 'react';
import { Upload, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { ApiError } from '@/lib/api-client';
import { uploadLogo } from '../api/upload-logo';

/**
 * The logo field: uploads the chosen file (POST /api/upload-logo) and fills the logo URL with the answer. States
 * the limit as text only (areas §2: PNG, JPG and SVG up to 5MB); the server checks the file. A preview that fails
 * to load is hidden.
 */
export function LogoUpload({ value, onChange }: { value: string; onChange: (url: string) => void }) {
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
      setProblem(
        error instanceof ApiError ? (error.body?.message ?? 'The logo could not be uploaded.') : 'The logo could not be uploaded.',
      );
    } finally {
      setUploading(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div className="grid gap-2">
      <Label htmlFor="template-logo">Company Logo</Label>
      <div className="flex flex-wrap items-center gap-3">
        {value && !broken && (
          <img
            src={value}
            alt="Logo preview"
            className="h-14 max-w-48 rounded border bg-white object-contain p-1"
            onError={() => setBroken(true)}
          />
        )}
        <input
          id="template-logo"
          ref={input}
          type="file"
          accept="image/png,image/jpeg,image/svg+xml"
          className="sr-only"
          onChange={(e) => void choose(e.target.files?.[0])}
        />
        <Button type="button" variant="outline" disabled={uploading} onClick={() => input.current?.click()}>
          <Upload aria-hidden="true" />
          {uploading ? 'Uploading...' : 'Upload Logo'}
        </Button>
        {value && (
          <Button type="button" variant="ghost" onClick={() => onChange('')}>
            <X aria-hidden="true" />
            Remove
          </Button>
        )}
      </div>
      <p className="text-sm text-muted-foreground">Supports PNG, JPG and SVG files up to 5MB</p>
      {problem && (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      )}
    </div>
  );
}
