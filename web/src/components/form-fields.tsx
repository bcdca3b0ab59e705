import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import type { ErrorBody } from '@billpoint/proto';

type TextFieldProps<T extends FieldValues> = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any transformed output type
  control: Control<T, any, any>;
  name: FieldPath<T>;
  label: string;
  type?: 'text' | 'email' | 'tel' | 'url' | 'number' | 'date';
  placeholder?: string;
  autoComplete?: string;
  multiline?: boolean;
  inputMode?: 'decimal' | 'numeric';
  min?: number;
  step?: number | string;
};

/** A labelled text input bound to a react-hook-form field; null and undefined show as empty. */
export function TextField<T extends FieldValues>({ control, name, label, type = 'text', multiline, ...rest }: TextFieldProps<T>) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            {multiline ? (
              <Textarea {...field} value={(field.value as string | null | undefined) ?? ''} rows={3} placeholder={rest.placeholder} />
            ) : (
              <Input {...field} {...rest} type={type} value={(field.value as string | number | null | undefined) ?? ''} />
            )}
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/** Field problems of a 400 answer (proto ErrorBody.issues) that belong to the form's own fields. */
export function fieldIssues<Name extends string>(body: ErrorBody | undefined, fields: readonly Name[]): { name: Name; message: string }[] {
  return (body?.issues ?? []).flatMap((issue) =>
    (fields as readonly string[]).includes(issue.path) ? [{ name: issue.path as Name, message: issue.message }] : [],
  );
}
