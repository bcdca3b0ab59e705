import { ConfirmDialog } from '@/components/confirm-dialog';
import * as React from 'react';
import { useQuery } from '@tanstack/react-query';
import { Check, Pencil, Plus, Trash2, X } from 'lucide-react';
import type { ExpenseCategory } from '@billpoint/proto';
import { IconAction } from '@/components/icon-action';
import { ListLoadFailed } from '@/components/list-parts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { expenseCategoriesQueryOptions } from '@/lib/expense-categories';
import { isHandledGlobally } from '@/lib/query-client';
import { useDeleteCategory, useSaveCategory } from '../api/expense-categories';
import { newCategoryName } from '../lib/categories';
import { usePermission } from '@/lib/auth';

const DEFAULT_COLOUR = '#3B82F6';
const DUPLICATE = 'That category already exists';

const failed = (error: Error) => {
  if (isHandledGlobally(error)) return;
  const message = error instanceof ApiError ? (error.body?.message ?? error.statusText) : error.message;
  toast({ variant: 'destructive', title: 'Error', description: message });
};

/** The body of a rename/recolour: the category as it is, with the new name and colour. */
const bodyOf = (c: ExpenseCategory, name: string, color: string) => ({
  name,
  color,
  description: c.description,
  taxDeductible: c.taxDeductible,
  keywords: c.keywords,
});

function CategoryRow({
  category: c,
  all,
  onDelete,
}: {
  category: ExpenseCategory;
  all: readonly ExpenseCategory[];
  onDelete: (c: ExpenseCategory) => void;
}) {
  const [editing, setEditing] = React.useState(false);
  const canDelete = usePermission('expenses.delete');
  const [name, setName] = React.useState(c.name);
  const [color, setColor] = React.useState(c.color);
  const [problem, setProblem] = React.useState<string | null>(null);
  const save = useSaveCategory({ onSuccess: () => setEditing(false), onError: failed });
  const start = () => {
    setName(c.name);
    setColor(c.color);
    setProblem(null);
    setEditing(true);
  };
  const submit = () => {
    const checked = newCategoryName(all, name, c.id);
    if (!checked) return setProblem(name.trim() ? DUPLICATE : 'Category name is required');
    save.mutate({ id: c.id, body: bodyOf(c, checked, color) });
  };
  const nameId = `category-name-${c.id}`;
  const colourId = `category-colour-${c.id}`;
  return (
    <li className="flex flex-wrap items-center gap-3 py-2" data-testid="category-row">
      {editing ? (
        <form
          className="flex flex-1 flex-wrap items-center gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Label htmlFor={colourId} className="sr-only">{`Colour of ${c.name}`}</Label>
          <input id={colourId} type="color" value={color} onChange={(e) => setColor(e.target.value)} className="h-9 w-10 rounded border" />
          <Label htmlFor={nameId} className="sr-only">{`Name of ${c.name}`}</Label>
          <Input
            id={nameId}
            value={name}
            onChange={(e) => setName(e.target.value)}
            className="max-w-xs"
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${nameId}-problem` : undefined}
            autoFocus
          />
          <Button type="submit" size="sm" disabled={save.isPending}>
            <Check aria-hidden="true" />
            Save
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={() => setEditing(false)}>
            <X aria-hidden="true" />
            Cancel
          </Button>
          {problem && (
            <p id={`${nameId}-problem`} className="w-full text-sm text-destructive">
              {problem}
            </p>
          )}
        </form>
      ) : (
        <>
          <span className="size-4 shrink-0 rounded-full border" style={{ backgroundColor: c.color }} aria-hidden="true" />
          <span className="flex-1 font-medium">{c.name}</span>
          {c.isSystem && <Badge variant="secondary">Default</Badge>}
          <IconAction label="Edit" name={`Edit category: ${c.name}`} icon={Pencil} onClick={start} />
          {canDelete && (
            <IconAction label="Delete" name={`Delete category: ${c.name}`} icon={Trash2} destructive onClick={() => onDelete(c)} />
          )}
        </>
      )}
    </li>
  );
}

/**
 * Categories, now the organization's expense categories through the API: each with its colour, added
 * (non-blank, not already present after trimming; Enter adds), renamed or recoloured, and deleted — archived instead
 * when expenses use it (kept for them, no longer offered).
 */
export function CategoriesSection() {
  const categories = useQuery(expenseCategoriesQueryOptions());
  const [draft, setDraft] = React.useState('');
  const [colour, setColour] = React.useState(DEFAULT_COLOUR);
  const [problem, setProblem] = React.useState<string | null>(null);
  const [deleting, setDeleting] = React.useState<ExpenseCategory | null>(null);

  const all = categories.data ?? [];
  const active = all.filter((c) => c.isActive);
  const archived = all.filter((c) => !c.isActive);

  const create = useSaveCategory({
    onSuccess: (c) => {
      setDraft('');
      toast({ title: 'Category added', description: c.name });
    },
    onError: failed,
  });
  const add = () => {
    setProblem(null);
    if (!draft.trim()) return;
    const name = newCategoryName(all, draft);
    if (!name) return setProblem(DUPLICATE);
    create.mutate({ body: { name, color: colour } });
  };
  const remove = useDeleteCategory({
    onSuccess: (archivedCategory) =>
      toast(
        archivedCategory
          ? {
              title: 'Category archived',
              description: `${archivedCategory.name} is used by expenses: it is kept for them and no longer offered.`,
            }
          : { title: 'Category deleted' },
      ),
    onError: failed,
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Expense categories</CardTitle>
        <CardDescription>The categories expenses are sorted into, and the AI suggests.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex flex-wrap gap-2">
          <Label htmlFor="new-category-colour" className="sr-only">
            Colour of the new category
          </Label>
          <input
            id="new-category-colour"
            type="color"
            value={colour}
            onChange={(e) => setColour(e.target.value)}
            className="h-9 w-10 rounded border"
          />
          <Label htmlFor="new-category" className="sr-only">
            New category
          </Label>
          <Input
            id="new-category"
            value={draft}
            placeholder="New category"
            className="max-w-xs flex-1"
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'new-category-problem' : undefined}
            onChange={(e) => {
              setDraft(e.target.value);
              setProblem(null);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                add();
              }
            }}
          />
          <Button type="button" onClick={add} disabled={create.isPending}>
            <Plus aria-hidden="true" />
            Add
          </Button>
          {problem && (
            <p id="new-category-problem" className="w-full text-sm text-destructive">
              {problem}
            </p>
          )}
        </div>
        {categories.isPending ? (
          <div className="space-y-2" aria-busy="true" aria-label="Loading categories">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-9" />
            ))}
          </div>
        ) : categories.isError ? (
          <ListLoadFailed what="categories" onRetry={() => void categories.refetch()} />
        ) : (
          <ul className="divide-y" aria-label="Categories">
            {active.map((c) => (
              <CategoryRow key={c.id} category={c} all={all} onDelete={setDeleting} />
            ))}
          </ul>
        )}
        {archived.length > 0 && (
          <div>
            <h3 className="text-sm font-medium text-muted-foreground">Archived</h3>
            <p className="text-xs text-muted-foreground">Kept for the expenses that use them; not offered for new expenses.</p>
            <ul className="mt-2 flex flex-wrap gap-2" aria-label="Archived categories">
              {archived.map((c) => (
                <li key={c.id} className="flex items-center gap-2 rounded-full border px-3 py-1 text-sm text-muted-foreground">
                  <span className="size-3 rounded-full" style={{ backgroundColor: c.color }} aria-hidden="true" />
                  {c.name}
                </li>
              ))}
            </ul>
          </div>
        )}
      </CardContent>

      <ConfirmDialog
        item={deleting}
        title="Delete this category?"
        description={(x) =>
          `“${x.name}” will be deleted. If expenses use it, it is archived instead: they keep it, new expenses cannot choose it.`
        }
        onCancel={() => setDeleting(null)}
        onConfirm={(x) => remove.mutate(x.id)}
      />
    </Card>
  );
}
