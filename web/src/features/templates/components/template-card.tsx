import { Copy, Pencil, Trash2 } from 'lucide-react';
import { TemplateLayoutLabels, type InvoiceTemplate } from '@billpoint/proto';
import { IconAction } from '@/components/icon-action';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { TemplateThumbnail } from './template-thumbnail';
import { usePermission } from '@/lib/auth';

/** One template in the grid: its small preview, layout badge, Default badge, and Edit, Duplicate, Delete. */
export function TemplateCard({
  template,
  onEdit,
  onDuplicate,
  onDelete,
  busy,
}: {
  template: InvoiceTemplate;
  onEdit: () => void;
  onDuplicate: () => void;
  onDelete: () => void;
  busy?: boolean;
}) {
  const layout = TemplateLayoutLabels[template.layout].split(' ')[0]!;
  const canManage = usePermission('templates.manage');
  return (
    <Card className="gap-3">
      <CardHeader className="flex flex-row items-start justify-between gap-2">
        <div className="min-w-0">
          <CardTitle className="truncate text-base">{template.name}</CardTitle>
          <div className="mt-2 flex flex-wrap gap-1.5">
            <Badge variant="secondary">{layout}</Badge>
            {template.isDefault && <Badge>Default</Badge>}
          </div>
        </div>
        {canManage && (
          <div className="flex shrink-0">
            <IconAction label="Edit" name={`Edit ${template.name}`} icon={Pencil} onClick={onEdit} />
            <IconAction label="Duplicate" name={`Duplicate ${template.name}`} icon={Copy} onClick={onDuplicate} disabled={busy} />
            <IconAction label="Delete" name={`Delete ${template.name}`} icon={Trash2} onClick={onDelete} destructive disabled={busy} />
          </div>
        )}
      </CardHeader>
      <CardContent className="grid gap-2">
        <TemplateThumbnail template={template} />
        {template.description && <p className="line-clamp-2 text-sm text-muted-foreground">{template.description}</p>}
      </CardContent>
    </Card>
  );
}
