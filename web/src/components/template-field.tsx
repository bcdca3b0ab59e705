import * as React from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Control, FieldPath, FieldValues, UseFormSetValue } from 'react-hook-form';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { templatesQueryOptions } from '@/lib/templates';

/**
 * The invoice forms' template picker (invoices.templateId). A new invoice starts with the tenant's
 * default template once the list has loaded (`preselectDefault`); the PDF uses the default anyway when none is set.
 */
export function TemplateField<T extends FieldValues>({
  control,
  name,
  setValue,
  preselectDefault,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any transformed output type
  control: Control<T, any, any>;
  name: FieldPath<T>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any transformed output type
  setValue?: UseFormSetValue<any>;
  preselectDefault?: boolean;
}) {
  const { data: templates = [], isPending } = useQuery(templatesQueryOptions());
  const defaultTemplate = templates.find((t) => t.isDefault);
  const preselected = React.useRef(false);
  React.useEffect(() => {
    if (!preselectDefault || preselected.current || !defaultTemplate || !setValue) return;
    preselected.current = true;
    setValue(name as string, String(defaultTemplate.id), { shouldDirty: false });
  }, [preselectDefault, defaultTemplate, setValue, name]);
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>Template</FormLabel>
          <Select
            value={(field.value as string | undefined) || undefined}
            onValueChange={field.onChange}
            disabled={isPending || templates.length === 0}
          >
            <FormControl>
              <SelectTrigger onBlur={field.onBlur} ref={field.ref}>
                <SelectValue placeholder={isPending ? 'Loading templates...' : 'Default template'} />
              </SelectTrigger>
            </FormControl>
            <SelectContent>
              {templates.map((t) => (
                <SelectItem key={t.id} value={String(t.id)}>
                  {t.isDefault ? `${t.name} (Default)` : t.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          {!isPending && templates.length === 0 && <FormDescription>No templates yet: the classic layout is used.</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
