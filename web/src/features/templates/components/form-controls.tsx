import type { Control, FieldPath } from 'react-hook-form';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Slider } from '@/components/ui/slider';
import { Switch } from '@/components/ui/switch';
import type { TemplateFormInput, TemplateFormOutput } from '../lib/template-form';

type Ctl = Control<TemplateFormInput, unknown, TemplateFormOutput>;
type Name = FieldPath<TemplateFormInput>;

/** A select of fixed choices; `labels` names them on screen. */
export function ChoiceField({
  control,
  name,
  label,
  choices,
  labels,
}: {
  control: Ctl;
  name: Name;
  label: string;
  choices: readonly string[];
  labels?: Record<string, string>;
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <Select value={String(field.value ?? '')} onValueChange={field.onChange}>
            <FormControl>
              <SelectTrigger onBlur={field.onBlur} ref={field.ref}>
                <SelectValue />
              </SelectTrigger>
            </FormControl>
            <SelectContent>
              {choices.map((c) => (
                <SelectItem key={c} value={c}>
                  {labels?.[c] ?? c.charAt(0).toUpperCase() + c.slice(1)}
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

/** An on/off setting with its label and a line of explanation. */
export function ToggleField({
  control,
  name,
  label,
  description,
  disabled,
}: {
  control: Ctl;
  name: Name;
  label: string;
  description?: string;
  /** Shown as it is and not changeable (the description says why). */
  disabled?: boolean;
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className="flex items-center justify-between gap-4 rounded-md border p-3">
          <div className="grid gap-1">
            <FormLabel>{label}</FormLabel>
            {description && <FormDescription>{description}</FormDescription>}
          </div>
          <FormControl>
            <Switch
              checked={field.value === true}
              onCheckedChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              disabled={disabled}
            />
          </FormControl>
        </FormItem>
      )}
    />
  );
}

/** The watermark's opacity, 0–100 %. */
export function OpacityField({ control }: { control: Ctl }) {
  return (
    <FormField
      control={control}
      name="watermarkOpacity"
      render={({ field }) => {
        const value = typeof field.value === 'number' ? field.value : 0.1;
        return (
          <FormItem>
            <FormLabel>Watermark Opacity: {Math.round(value * 100)}%</FormLabel>
            <FormControl>
              <Slider
                thumbLabel="Watermark opacity"
                min={0}
                max={1}
                step={0.05}
                value={[value]}
                onValueChange={([v]) => field.onChange(v)}
              />
            </FormControl>
            <FormMessage />
          </FormItem>
        );
      }}
    />
  );
}
