import type { Control, FieldPath } from 'react-hook-form';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import type { ProductFormValues } from '../lib/product-form';

type Control_ = Control<ProductFormValues, unknown, unknown>;

/** Radix Select has no empty value: this one stands for "none" and is stored as ''. */
const NONE = '__none';

/** A select of fixed choices; with `noneLabel` the choice can be cleared again. */
export function ChoiceField({
  control,
  name,
  label,
  choices,
  placeholder,
  noneLabel,
}: {
  control: Control_;
  name: FieldPath<ProductFormValues>;
  label: string;
  choices: readonly string[];
  placeholder: string;
  noneLabel?: string;
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <Select value={(field.value as string) || undefined} onValueChange={(v) => field.onChange(v === NONE ? '' : v)}>
            <FormControl>
              <SelectTrigger onBlur={field.onBlur} ref={field.ref}>
                <SelectValue placeholder={placeholder} />
              </SelectTrigger>
            </FormControl>
            <SelectContent>
              {noneLabel && <SelectItem value={NONE}>{noneLabel}</SelectItem>}
              {choices.map((c) => (
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

/** An on/off setting with its explanation, as on the customer form. */
export function SwitchField({
  control,
  name,
  label,
  description,
}: {
  control: Control_;
  name: 'isActive' | 'trackInventory';
  label: string;
  description: string;
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className="flex flex-row items-center justify-between gap-4 rounded-lg border p-4 md:col-span-2">
          <div className="space-y-1">
            <FormLabel>{label}</FormLabel>
            <FormDescription>{description}</FormDescription>
          </div>
          <FormControl>
            <Switch checked={field.value} onCheckedChange={field.onChange} onBlur={field.onBlur} ref={field.ref} />
          </FormControl>
        </FormItem>
      )}
    />
  );
}
