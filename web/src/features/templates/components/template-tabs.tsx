import type { Control } from 'react-hook-form';
import {
  LogoPositions,
  TemplateDateFormats,
  TemplateFonts,
  TemplateLanguages,
  TemplateLayoutLabels,
  TemplateLayouts,
  TemplateNumberFormats,
  TemplateSizes,
} from '@billpoint/proto';
import { TextField } from '@/components/form-fields';
import { FormField } from '@/components/ui/form';
import { TabsContent } from '@/components/ui/tabs';
import { languageName } from '@/lib/languages';
import type { TemplateFormInput, TemplateFormOutput } from '../lib/template-form';
import { ColourField } from './colour-field';
import { ChoiceField, OpacityField, ToggleField } from './form-controls';
import { LogoUpload } from '@/components/logo-upload';

type Ctl = Control<TemplateFormInput, unknown, TemplateFormOutput>;
const LANGUAGES: Record<string, string> = Object.fromEntries(TemplateLanguages.map((l) => [l, languageName(l)]));
const FONTS = Object.fromEntries(TemplateFonts.map((f) => [f, f]));

/**
 * Basic Info: name, description, layout, default, language and formats. `defaultLocked` (a reason) shows the Default
 * switch as it is, not changeable: the first template is always the default, and the default stays so until another
 * template is made the default (what billing does).
 */
export function BasicInfoTab({ control, defaultLocked }: { control: Ctl; defaultLocked?: string }) {
  return (
    <TabsContent value="basic" className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <TextField control={control} name="name" label="Template Name" placeholder="e.g. Standard invoice" />
      </div>
      <div className="sm:col-span-2">
        <TextField control={control} name="description" label="Description" placeholder="What this template is for..." multiline />
      </div>
      <ChoiceField control={control} name="layout" label="Layout" choices={TemplateLayouts} labels={TemplateLayoutLabels} />
      <ChoiceField control={control} name="language" label="Language" choices={TemplateLanguages} labels={LANGUAGES} />
      <ChoiceField
        control={control}
        name="dateFormat"
        label="Date Format"
        choices={TemplateDateFormats}
        labels={Object.fromEntries(TemplateDateFormats.map((f) => [f, f]))}
      />
      <ChoiceField
        control={control}
        name="numberFormat"
        label="Number Format"
        choices={TemplateNumberFormats}
        labels={Object.fromEntries(TemplateNumberFormats.map((f) => [f, f]))}
      />
      <TextField control={control} name="currency" label="Currency" placeholder="USD" />
      <TextField control={control} name="paymentTerms" label="Payment Terms (days)" inputMode="numeric" />
      <div className="sm:col-span-2">
        <ToggleField
          control={control}
          name="isDefault"
          label="Default template"
          description={defaultLocked ?? 'New invoices use it unless another is chosen.'}
          disabled={defaultLocked !== undefined}
        />
      </div>
    </TabsContent>
  );
}

/** Logo & Branding: the logo, its place and size, header and footer text, the watermark. */
export function BrandingTab({ control }: { control: Ctl }) {
  return (
    <TabsContent value="branding" className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <FormField
          control={control}
          name="logoUrl"
          render={({ field }) => <LogoUpload value={String(field.value ?? '')} onChange={field.onChange} />}
        />
      </div>
      <ChoiceField control={control} name="logoPosition" label="Logo Position" choices={LogoPositions} />
      <ChoiceField control={control} name="logoSize" label="Logo Size" choices={TemplateSizes} />
      <div className="sm:col-span-2">
        <ToggleField control={control} name="showCompanyLogo" label="Show company logo" />
      </div>
      <div className="sm:col-span-2">
        <TextField
          control={control}
          name="headerHtml"
          label="Header Text"
          placeholder="Address, registration and VAT numbers..."
          multiline
        />
      </div>
      <div className="sm:col-span-2">
        <TextField control={control} name="footerHtml" label="Footer Text" placeholder="Thank you for your business!" multiline />
      </div>
      <TextField control={control} name="watermarkText" label="Watermark Text" placeholder="e.g. DRAFT" />
      <OpacityField control={control} />
    </TabsContent>
  );
}

/** Design: colours, font, what the invoice shows, and the texts it ends with. */
export function DesignTab({ control }: { control: Ctl }) {
  return (
    <TabsContent value="design" className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <ColourField control={control} name="primaryColor" label="Primary Color" />
      <ColourField control={control} name="secondaryColor" label="Secondary Color" />
      <ColourField control={control} name="accentColor" label="Accent Color" />
      <ColourField control={control} name="backgroundColor" label="Background Color" />
      <ColourField control={control} name="textColor" label="Text Color" />
      <ChoiceField control={control} name="fontFamily" label="Font Family" choices={TemplateFonts} labels={FONTS} />
      <ChoiceField control={control} name="fontSize" label="Font Size" choices={TemplateSizes} />
      <div className="grid grid-cols-1 gap-3 sm:col-span-2 sm:grid-cols-2">
        <ToggleField control={control} name="showPaymentTerms" label="Show payment terms" />
        <ToggleField control={control} name="showTaxBreakdown" label="Show tax breakdown" />
        <ToggleField control={control} name="showDiscounts" label="Show discounts" />
        <ToggleField control={control} name="showItemImages" label="Show item images" />
      </div>
      <div className="sm:col-span-2">
        <TextField control={control} name="notes" label="Default Notes" multiline />
      </div>
      <div className="sm:col-span-2">
        <TextField control={control} name="terms" label="Default Terms" multiline />
      </div>
      <div className="sm:col-span-2">
        <TextField control={control} name="paymentInstructions" label="Payment Instructions" multiline />
      </div>
    </TabsContent>
  );
}
