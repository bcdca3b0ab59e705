import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useWatch } from 'react-hook-form';
import { SettingsCurrencies } from '@billpoint/proto';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

const LABELS = { currency: 'Currency' } as const;

/**
 * The currency of a document (invoice, quote): the organization's currencies, and the one the document holds when it
 * is another (a customer's own currency, a stored document's), so the select never shows a blank for a real value.
 */
export function CurrencyField<T extends FieldValues>({
  control,
  name,
  choices = SettingsCurrencies,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any transformed output type
  control: Control<T, any, any>;
  name: FieldPath<T>;
  choices?: readonly string[];
}) {
  const value = useWatch({ control, name }) as string | undefined;
  const offered = value && !choices.includes(value) ? [...choices, value] : [...choices];
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{LABELS.currency}</FormLabel>
          <Select value={(field.value as string | undefined) ?? ''} onValueChange={field.onChange}>
            <FormControl>
              <SelectTrigger onBlur={field.onBlur} ref={field.ref}>
                <SelectValue />
              </SelectTrigger>
            </FormControl>
            <SelectContent>
              {offered.map((c) => (
                <SelectItem key={c} value={c}>
                  {c}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
