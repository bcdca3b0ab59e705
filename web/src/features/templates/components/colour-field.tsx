import type { Control } from 'react-hook-form';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import type { TemplateFormInput, TemplateFormOutput } from '../lib/template-form';

type ColourName = 'primaryColor' | 'secondaryColor' | 'accentColor' | 'backgroundColor' | 'textColor';
const HEX6 = /^#[0-9a-fA-F]{6}$/;
const HEX3 = /^#[0-9a-fA-F]{3}$/;
/** What the native picker can show for free text: #abc as #aabbcc, anything else as black. */
const pickerValue = (v: string) =>
  HEX6.test(v) ? v.toLowerCase() : HEX3.test(v) ? `#${[...v.slice(1)].map((c) => c + c).join('')}`.toLowerCase() : '#000000';

/** A colour as free text with a colour picker beside it. */
export function ColourField({
  control,
  name,
  label,
}: {
  control: Control<TemplateFormInput, unknown, TemplateFormOutput>;
  name: ColourName;
  label: string;
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => {
        const value = (field.value as string | undefined) ?? '';
        return (
          <FormItem>
            <FormLabel>{label}</FormLabel>
            <div className="flex items-center gap-2">
              <input
                type="color"
                aria-label={`${label} picker`}
                className="h-9 w-11 shrink-0 cursor-pointer rounded-md border bg-background p-1"
                value={pickerValue(value)}
                onChange={(e) => field.onChange(e.target.value.toUpperCase())}
              />
              <FormControl>
                <Input {...field} value={value} placeholder="#3B82F6" spellCheck={false} className="font-mono" />
              </FormControl>
            </div>
            <FormMessage />
          </FormItem>
        );
      }}
    />
  );
}
