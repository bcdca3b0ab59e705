import { Button } from '@/components/ui/button';

/** Cancel and submit at the end of a form; the submit reads its pending text while saving (e.g. Creating...). */
export function FormActions({
  onCancel,
  pending,
  submitLabel,
  pendingLabel,
}: {
  onCancel: () => void;
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
}) {
  return (
    <div className="mt-6 flex justify-end gap-2">
      <Button variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </div>
  );
}
