import * as React from 'react';
import type { EmailTemplate, EmailTemplateInput, EmailTemplatePreview } from '@billpoint/proto';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { isHandledGlobally } from '@/lib/query-client';
import { previewEmailTemplate, useResetEmailTemplate, useSaveEmailTemplate } from '../api/email-templates';
import { VariablesList } from './variables-list';
import { TYPE_LABELS } from './type-labels';

type Field = keyof EmailTemplateInput;
const FIELDS: { name: Field; label: string; rows?: number }[] = [
  { name: 'subject', label: 'Subject' },
  { name: 'htmlContent', label: 'HTML', rows: 12 },
  { name: 'textContent', label: 'Text', rows: 8 },
];

/** The server's field messages of a refused template (400), else none. */
function fieldErrors(error: unknown): Partial<Record<Field, string>> {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  const out: Partial<Record<Field, string>> = {};
  for (const issue of error.body?.issues ?? []) if (FIELDS.some((f) => f.name === issue.path)) out[issue.path as Field] ??= issue.message;
  return out;
}

/** Subject, HTML and text of one type in one language, the variables, a sandboxed preview, Save and Reset. */
export function TemplateEditor({ template, canManage }: { template: EmailTemplate; canManage: boolean }) {
  const [values, setValues] = React.useState<EmailTemplateInput>({
    subject: template.subject,
    htmlContent: template.htmlContent,
    textContent: template.textContent,
  });
  const [errors, setErrors] = React.useState<Partial<Record<Field, string>>>({});
  const [preview, setPreview] = React.useState<EmailTemplatePreview | null>(null);
  const [previewing, setPreviewing] = React.useState(false);
  const [confirmReset, setConfirmReset] = React.useState(false);
  const fields = React.useRef<Partial<Record<Field, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  const lastField = React.useRef<Field>('htmlContent');
  const target = { type: template.type, language: template.language };
  const label = TYPE_LABELS[template.type];

  const refused = (fallback: string) => (error: Error) => {
    const byField = fieldErrors(error);
    setErrors(byField);
    if (Object.keys(byField).length)
      toast({ variant: 'destructive', title: 'Error', description: 'The template has errors. Check the fields marked below.' });
    else if (!isHandledGlobally(error)) toast({ variant: 'destructive', title: 'Error', description: fallback });
  };
  const save = useSaveEmailTemplate({
    onSuccess: () => {
      setErrors({});
      toast({ title: 'Success', description: 'Template saved' });
    },
    onError: refused('Failed to save the template. Please try again.'),
  });
  const reset = useResetEmailTemplate({
    onSuccess: () => toast({ title: 'Success', description: 'Template reset to default' }),
    onError: refused('Failed to reset the template. Please try again.'),
  });

  const change = (name: Field, value: string) => setValues((v) => ({ ...v, [name]: value }));
  const insert = (text: string) => {
    const name = lastField.current;
    const el = fields.current[name];
    const current = values[name];
    const start = el?.selectionStart ?? current.length;
    const end = el?.selectionEnd ?? current.length;
    change(name, current.slice(0, start) + text + current.slice(end));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + text.length, start + text.length);
    });
  };
  const showPreview = async () => {
    setPreviewing(true);
    try {
      setPreview(await previewEmailTemplate(template.type, template.language, values));
      setErrors({});
    } catch (error) {
      refused('Failed to render the preview. Please try again.')(error as Error);
    } finally {
      setPreviewing(false);
    }
  };

  return (
    <form
      aria-label={`${label} template`}
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ ...target, body: values });
      }}
    >
      {FIELDS.map(({ name, label: fieldLabel, rows }) => {
        const id = `email-template-${name}`;
        const props = {
          id,
          value: values[name],
          disabled: !canManage,
          'aria-invalid': errors[name] ? true : undefined,
          'aria-describedby': errors[name] ? `${id}-error` : undefined,
          onFocus: () => (lastField.current = name),
        };
        return (
          <div key={name} className="space-y-1.5">
            <Label htmlFor={id}>{fieldLabel}</Label>
            {rows ? (
              <Textarea
                {...props}
                ref={(el) => void (fields.current[name] = el)}
                rows={rows}
                className="font-mono text-xs"
                onChange={(e) => change(name, e.target.value)}
              />
            ) : (
              <Input {...props} ref={(el) => void (fields.current[name] = el)} onChange={(e) => change(name, e.target.value)} />
            )}
            {errors[name] && (
              <p id={`${id}-error`} className="text-destructive text-sm" role="alert">
                {errors[name]}
              </p>
            )}
          </div>
        );
      })}
      <VariablesList type={template.type} onInsert={insert} disabled={!canManage} />
      <div className="flex flex-wrap gap-2">
        {canManage && (
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save'}
          </Button>
        )}
        {canManage && (
          <Button type="button" variant="outline" onClick={() => void showPreview()} disabled={previewing}>
            {previewing ? 'Rendering…' : 'Preview'}
          </Button>
        )}
        {canManage && template.customized && (
          <Button type="button" variant="ghost" onClick={() => setConfirmReset(true)} disabled={reset.isPending}>
            Reset to default
          </Button>
        )}
      </div>
      {preview && (
        <section aria-label="Preview" className="space-y-2 rounded-md border p-3">
          <p className="text-sm">
            <span className="text-muted-foreground">Subject: </span>
            <span data-testid="preview-subject">{preview.subject}</span>
          </p>
          <iframe
            title={`Preview of the ${label} e-mail`}
            sandbox=""
            srcDoc={preview.html}
            className="h-80 w-full rounded border bg-white"
          />
          <details>
            <summary className="cursor-pointer text-sm">Text version</summary>
            <pre className="bg-muted mt-2 overflow-x-auto rounded p-2 text-xs whitespace-pre-wrap">{preview.text}</pre>
          </details>
        </section>
      )}
      <AlertDialog open={confirmReset} onOpenChange={setConfirmReset}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Reset to default?</AlertDialogTitle>
            <AlertDialogDescription>
              Your changes to the {label} template in this language are removed and the built-in template is used again.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction onClick={() => reset.mutate(target)}>Reset</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </form>
  );
}
