import * as React from 'react';
import { TriangleAlert } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { CopyButton } from './copy-button';

/**
 * A secret the server answers once (an API key, a webhook signing secret): read-only in a field to select, a copy
 * button, and the warning that it will not be shown again.
 */
export function ShownOnce({ label, value, warning }: { label: string; value: string; warning: string }) {
  const id = React.useId();
  return (
    <div className="grid gap-3">
      <div
        role="note"
        className="flex gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
      >
        <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <p>{warning}</p>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={id}>{label}</Label>
        <div className="flex gap-2">
          <Input id={id} readOnly value={value} className="font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
          {/* No clipboard: the field gets the focus, selected for Ctrl+C. */}
          <CopyButton value={value} size="default" onUnavailable={() => document.getElementById(id)?.focus()} />
        </div>
      </div>
    </div>
  );
}

/** A labelled checkbox (native, so Space toggles it and the label is its name). */
export function CheckboxItem({
  id,
  label,
  checked,
  disabled,
  onChange,
  mono,
}: {
  id: string;
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
  mono?: boolean;
}) {
  return (
    <div className="flex items-center gap-2">
      <input
        id={id}
        type="checkbox"
        className="size-4 shrink-0 rounded border-input accent-primary disabled:opacity-60"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
      />
      <Label htmlFor={id} className={mono ? 'font-mono text-xs font-normal' : 'font-normal'}>
        {label}
      </Label>
    </div>
  );
}
