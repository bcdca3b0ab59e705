import * as React from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { FileText } from 'lucide-react';
import type { InvoiceTemplate } from '@billpoint/proto';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Form } from '@/components/ui/form';
import { Tabs, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { fieldIssues } from '@/components/form-fields';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { isHandledGlobally } from '@/lib/query-client';
import { previewTemplate } from '../api/preview-template';
import { useSaveTemplate } from '../api/save-template';
import {
  emptyTemplateForm,
  previewFormSchema,
  templateFormSchema,
  templateToForm,
  type TemplateFormInput,
  type TemplateFormOutput,
} from '../lib/template-form';
import { BasicInfoTab, BrandingTab, DesignTab } from './template-tabs';

const FIELDS = Object.keys(emptyTemplateForm()) as (keyof TemplateFormInput)[];
/** Which tab holds a field, to show the one with the first problem. */
const TAB_OF: Partial<Record<keyof TemplateFormInput, string>> = {
  logoUrl: 'branding',
  logoPosition: 'branding',
  logoSize: 'branding',
  headerHtml: 'branding',
  footerHtml: 'branding',
  watermarkText: 'branding',
  watermarkOpacity: 'branding',
  primaryColor: 'design',
  secondaryColor: 'design',
  accentColor: 'design',
  backgroundColor: 'design',
  textColor: 'design',
  notes: 'design',
  terms: 'design',
  paymentInstructions: 'design',
};

/**
 * Create Template / Edit Template: three tabs, Preview PDF of the unsaved settings, and on success the
 * dialog closes and resets with its notice.
 */
export function TemplateDialog({
  open,
  template,
  first,
  onOpenChange,
}: {
  open: boolean;
  template: InvoiceTemplate | null;
  /** No template exists yet: the one created becomes the default (billing makes the first template the default). */
  first: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const defaultLocked = template
    ? template.isDefault
      ? 'This is the default template: make another template the default to change it.'
      : undefined
    : first
      ? 'Your first template is the default one: new invoices use it unless another is chosen.'
      : undefined;
  const [tab, setTab] = React.useState('basic');
  const [previewing, setPreviewing] = React.useState(false);
  const form = useForm<TemplateFormInput, unknown, TemplateFormOutput>({
    resolver: zodResolver(templateFormSchema),
    defaultValues: emptyTemplateForm(),
  });
  React.useEffect(() => {
    if (open) {
      form.reset(template ? templateToForm(template) : { ...emptyTemplateForm(), isDefault: first || emptyTemplateForm().isDefault });
      setTab('basic');
    }
  }, [open, template, first, form]);

  const save = useSaveTemplate({
    onSuccess: () => {
      toast({ title: 'Success', description: template ? 'Template updated successfully' : 'Template created successfully' });
      onOpenChange(false);
      form.reset(emptyTemplateForm());
    },
    onError: (error) => {
      if (isHandledGlobally(error)) return;
      for (const issue of fieldIssues(error instanceof ApiError ? error.body : undefined, FIELDS))
        form.setError(issue.name, { message: issue.message });
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to save template. Please try again.' });
    },
  });

  const showProblemTab = () => {
    const first = FIELDS.find((f) => form.formState.errors[f]);
    if (first) setTab(TAB_OF[first] ?? 'basic');
  };
  const submit = form.handleSubmit((values) => save.mutate({ id: template?.id, body: values }), showProblemTab);

  const preview = async () => {
    const parsed = previewFormSchema.safeParse(form.getValues());
    if (!parsed.success) {
      for (const issue of parsed.error.issues) form.setError(String(issue.path[0]) as keyof TemplateFormInput, { message: issue.message });
      const first = FIELDS.find((f) => parsed.error.issues.some((i) => i.path[0] === f));
      if (first) setTab(TAB_OF[first] ?? 'basic');
      return;
    }
    const values = parsed.data;
    // Opened now, while the click still counts as the user's: a window opened after the wait would be blocked.
    const win = window.open('', '_blank');
    setPreviewing(true);
    try {
      const { name: _name, isDefault: _d, ...settings } = values;
      const url = URL.createObjectURL(await previewTemplate(settings));
      if (win) win.location.href = url;
      else window.open(url, '_blank');
    } catch (error) {
      win?.close();
      if (!isHandledGlobally(error))
        toast({ variant: 'destructive', title: 'Error', description: 'Failed to preview template. Please try again.' });
    } finally {
      setPreviewing(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{template ? 'Edit Template' : 'Create Template'}</DialogTitle>
          <DialogDescription>Layout, logo, colours and fonts of the invoices made with this template.</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
            <Tabs value={tab} onValueChange={setTab}>
              <TabsList>
                <TabsTrigger value="basic">Basic Info</TabsTrigger>
                <TabsTrigger value="branding">Logo & Branding</TabsTrigger>
                <TabsTrigger value="design">Design</TabsTrigger>
              </TabsList>
              <BasicInfoTab control={form.control} defaultLocked={defaultLocked} />
              <BrandingTab control={form.control} />
              <DesignTab control={form.control} />
            </Tabs>
            <DialogFooter className="gap-2 sm:justify-between">
              <Button type="button" variant="outline" disabled={previewing} onClick={() => void preview()}>
                <FileText aria-hidden="true" />
                {previewing ? 'Preparing...' : 'Preview PDF'}
              </Button>
              <div className="flex flex-col-reverse gap-2 sm:flex-row">
                <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                  Cancel
                </Button>
                <Button type="submit" disabled={save.isPending}>
                  {save.isPending ? 'Saving...' : template ? 'Update Template' : 'Create Template'}
                </Button>
              </div>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
