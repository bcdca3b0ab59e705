import * as React from 'react';
import { useQuery } from '@tanstack/react-query';
import { LayoutTemplate, Plus } from 'lucide-react';
import type { InvoiceTemplate } from '@billpoint/proto';
import { PageBody, PageHeader } from '@/components/layouts/page-header';
import { EmptyState, ListLoadFailed } from '@/components/list-parts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/hooks/use-toast';
import { isHandledGlobally } from '@/lib/query-client';
import { templatesQueryOptions } from '@/lib/templates';
import { useDeleteTemplate, useDuplicateTemplate } from '../api/save-template';
import { TemplateCard } from './template-card';
import { TemplateDialog } from './template-dialog';
import { usePermission } from '@/lib/auth';

/** Invoice Templates: a card grid with Edit, Duplicate and Delete, and the Create/Edit dialog. */
export function TemplatesPage() {
  const templates = useQuery(templatesQueryOptions());
  const [editing, setEditing] = React.useState<{ open: boolean; template: InvoiceTemplate | null }>({ open: false, template: null });
  const [deleting, setDeleting] = React.useState<InvoiceTemplate | null>(null);

  const failed = (description: string) => (error: Error) => {
    if (!isHandledGlobally(error)) toast({ variant: 'destructive', title: 'Error', description });
  };
  const duplicate = useDuplicateTemplate({
    onSuccess: () => toast({ title: 'Success', description: 'Template duplicated successfully' }),
    onError: failed('Failed to duplicate template. Please try again.'),
  });
  const remove = useDeleteTemplate({
    onSuccess: () => {
      setDeleting(null);
      toast({ title: 'Success', description: 'Template deleted successfully' });
    },
    onError: (error) => {
      setDeleting(null);
      failed('Failed to delete template. Please try again.')(error);
    },
  });

  const create = () => setEditing({ open: true, template: null });
  const canManage = usePermission('templates.manage');
  const list = templates.data ?? [];
  return (
    <>
      <PageHeader
        title="Invoice Templates"
        description="Design the layout and branding of your invoices."
        actions={
          canManage && (
            <Button onClick={create}>
              <Plus aria-hidden="true" />
              Create Template
            </Button>
          )
        }
      />
      <PageBody>
        {templates.isPending ? (
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy="true" aria-label="Loading templates">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-64" />
            ))}
          </div>
        ) : templates.isError ? (
          <ListLoadFailed what="templates" onRetry={() => void templates.refetch()} />
        ) : list.length === 0 ? (
          <EmptyState
            icon={LayoutTemplate}
            title="No templates yet"
            description="Create a template to give your invoices your layout, logo and colours."
            action={canManage && <Button onClick={create}>Create Template</Button>}
          />
        ) : (
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Templates">
            {list.map((t) => (
              <li key={t.id}>
                <TemplateCard
                  template={t}
                  busy={duplicate.isPending || remove.isPending}
                  onEdit={() => setEditing({ open: true, template: t })}
                  onDuplicate={() => duplicate.mutate(t.id)}
                  onDelete={() => setDeleting(t)}
                />
              </li>
            ))}
          </ul>
        )}
      </PageBody>

      <TemplateDialog
        open={editing.open}
        template={editing.template}
        first={list.length === 0}
        onOpenChange={(open) => setEditing((e) => ({ ...e, open }))}
      />

      <Dialog open={deleting !== null} onOpenChange={(open) => !open && setDeleting(null)}>
        <DialogContent role="alertdialog" className="sm:max-w-md">
          <DialogHeader>
            <DialogTitle>Are you sure you want to delete this template?</DialogTitle>
            <DialogDescription>
              {deleting ? `"${deleting.name}" will be deleted. Invoices that used it will use the default template.` : ''}
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setDeleting(null)}>
              Cancel
            </Button>
            <Button variant="destructive" disabled={remove.isPending} onClick={() => deleting && remove.mutate(deleting.id)}>
              {remove.isPending ? 'Deleting...' : 'Delete'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
