import * as React from 'react';
import { Check, Copy } from 'lucide-react';
import { Button } from '@/components/ui/button';

/**
 * Copies `value` to the clipboard and says so ("Copied"). Without a clipboard (an insecure origin, a denied
 * permission) `onUnavailable` runs, e.g. to focus a field the text can be selected in.
 */
export function CopyButton({
  value,
  label,
  size = 'sm',
  onUnavailable,
}: {
  value: string;
  /** What is copied, for screen readers when "Copy" alone is ambiguous (several on a screen): "Copy <label>". */
  label?: string;
  size?: 'sm' | 'default';
  onUnavailable?: () => void;
}) {
  const [copied, setCopied] = React.useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      onUnavailable?.();
    }
  };
  return (
    <Button type="button" variant="outline" size={size} onClick={() => void copy()}>
      {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      {copied ? 'Copied' : 'Copy'}
      {label && <span className="sr-only"> {label}</span>}
    </Button>
  );
}
