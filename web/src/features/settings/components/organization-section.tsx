import { Controller, useForm } from 'react-hook-form';
import {
  OrganizationSettingsBody,
  SettingsCurrencies,
  SettingsLanguages,
  SettingsMessages,
  TaxRoundings,
  TimeZones,
  VatFilingFrequencies,
  type OrganizationSettings,
  type TaxRounding,
  type VatFilingFrequency,
} from '@billpoint/proto';
import { LogoUpload } from '@/components/logo-upload';
import { CardContent } from '@/components/ui/card';
import { Combobox, type ComboboxOption } from '@/components/ui/combobox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { languageName } from '@/lib/languages';
import { isHandledGlobally } from '@/lib/query-client';
import { useOrganizationSettings, useSaveOrganizationSettings } from '../api/organization-settings';
import { SaveFooter, SettingsCard } from './settings-card';

type Values = {
  companyName: string;
  companyEmail: string;
  companyWebsite: string;
  defaultCurrency: string;
  defaultLanguage: string;
  timezone: string;
  taxRounding: string;
  vatFilingFrequency: string;
  vatDeadlineExtension: boolean;
  invoicePrefix: string;
  quotePrefix: string;
  customDomain: string;
  address: string;
  phone: string;
  billingEmail: string;
  taxId: string;
  street: string;
  postalCode: string;
  city: string;
  country: string;
  iban: string;
  bic: string;
  accountHolder: string;
  attachFacturX: boolean;
  /** `/api/logos/{key}` as Upload Logo answers it; '' for none. */
  logoUrl: string;
};

/** The form's text and select fields (the rest are switches and the logo). */
type TextKey = Exclude<keyof Values, 'attachFacturX' | 'vatDeadlineExtension' | 'logoUrl'>;

/** The logo field's words. */
const LOGO_TEXT = {
  label: 'Organization logo',
  hint: 'Shown to your customers on pay pages, quotes, the customer portal, e-mails and PDFs. A PDF template with a logo of its own shows that one instead.',
} as const;

const toValues = (s: OrganizationSettings): Values => ({
  companyName: s.companyName,
  companyEmail: s.companyEmail ?? '',
  companyWebsite: s.companyWebsite ?? '',
  defaultCurrency: s.defaultCurrency,
  defaultLanguage: s.defaultLanguage,
  timezone: s.timezone,
  taxRounding: s.taxRounding,
  vatFilingFrequency: s.vatFilingFrequency,
  vatDeadlineExtension: s.vatDeadlineExtension,
  invoicePrefix: s.invoicePrefix,
  quotePrefix: s.quotePrefix,
  customDomain: s.customDomain ?? '',
  address: s.billingAddress.address ?? '',
  phone: s.billingAddress.phone ?? '',
  billingEmail: s.billingAddress.email ?? '',
  taxId: s.billingAddress.taxId ?? '',
  street: s.billingAddress.street ?? '',
  postalCode: s.billingAddress.postalCode ?? '',
  city: s.billingAddress.city ?? '',
  country: s.billingAddress.country ?? '',
  iban: s.bankDetails.iban ?? '',
  bic: s.bankDetails.bic ?? '',
  accountHolder: s.bankDetails.accountHolder ?? '',
  attachFacturX: s.attachFacturX,
  logoUrl: s.logoUrl ?? '',
});

const toBody = (v: Values, organizationName: string) => ({
  companyName: v.companyName,
  organizationName: v.companyName || organizationName,
  companyEmail: v.companyEmail,
  companyWebsite: v.companyWebsite,
  defaultCurrency: v.defaultCurrency,
  defaultLanguage: v.defaultLanguage,
  timezone: v.timezone,
  taxRounding: v.taxRounding as TaxRounding,
  vatFilingFrequency: v.vatFilingFrequency as VatFilingFrequency,
  vatDeadlineExtension: v.vatDeadlineExtension,
  invoicePrefix: v.invoicePrefix,
  quotePrefix: v.quotePrefix,
  customDomain: v.customDomain,
  billingAddress: {
    address: v.address,
    phone: v.phone,
    email: v.billingEmail,
    taxId: v.taxId,
    street: v.street,
    postalCode: v.postalCode,
    city: v.city,
    country: v.country,
  },
  bankDetails: { iban: v.iban, bic: v.bic, accountHolder: v.accountHolder },
  attachFacturX: v.attachFacturX,
  logoUrl: v.logoUrl,
});

/** Body paths (billingAddress.email) to form fields (billingEmail). */
const FIELD: Record<string, TextKey> = {
  'billingAddress.address': 'address',
  'billingAddress.phone': 'phone',
  'billingAddress.email': 'billingEmail',
  'billingAddress.taxId': 'taxId',
  'billingAddress.street': 'street',
  'billingAddress.postalCode': 'postalCode',
  'billingAddress.city': 'city',
  'billingAddress.country': 'country',
  'bankDetails.iban': 'iban',
  'bankDetails.bic': 'bic',
  'bankDetails.accountHolder': 'accountHolder',
};
const fieldOf = (path: string) => FIELD[path] ?? (path as keyof Values);

const TEXT: { name: TextKey; label: string; type?: string; required?: boolean }[] = [
  { name: 'companyName', label: 'Company name', required: true },
  { name: 'companyEmail', label: 'Company e-mail', type: 'email' },
  { name: 'companyWebsite', label: 'Company website' },
  { name: 'invoicePrefix', label: 'Invoice prefix' },
  { name: 'quotePrefix', label: 'Quote prefix' },
  { name: 'customDomain', label: 'Custom domain' },
];
const ADDRESS: { name: TextKey; label: string; type?: string }[] = [
  { name: 'address', label: 'Address' },
  { name: 'phone', label: 'Phone' },
  { name: 'billingEmail', label: 'Billing e-mail', type: 'email' },
  { name: 'taxId', label: 'Tax ID' },
  { name: 'street', label: 'Street' },
  { name: 'postalCode', label: 'Postal code' },
  { name: 'city', label: 'City' },
  { name: 'country', label: 'Country code (e.g. DE)' },
];
/** EN 16931 payment instructions (BG-17): where customers pay by credit transfer. */
const BANK: { name: TextKey; label: string }[] = [
  { name: 'iban', label: 'IBAN' },
  { name: 'bic', label: 'BIC' },
  { name: 'accountHolder', label: 'Account holder' },
];
/** How new documents round their VAT: the EU's rule by default, per line where a sales-tax jurisdiction wants it. */
const TAX_ROUNDING_TEXT: Record<TaxRounding, string> = {
  per_rate: 'Once per rate (EU VAT, EN 16931)',
  per_line: 'Per line (some US sales tax)',
};
/** The time-zone and VAT filing fields' texts. */
const REGIONAL_TEXT = {
  timezone: 'Time zone',
  timezoneSearch: 'Search time zones',
  timezonePlaceholder: 'City or region, e.g. Berlin',
  timezoneEmpty: 'No time zone found',
  timezoneCount: (n: number) => `${n} ${n === 1 ? 'time zone' : 'time zones'}`,
  vatFilingFrequency: 'VAT filing frequency',
  frequency: { monthly: 'Monthly', quarterly: 'Quarterly', annual: 'Annual' } satisfies Record<VatFilingFrequency, string>,
  vatDeadlineExtension: 'Permanent one-month extension of VAT returns (Germany: Dauerfristverlängerung)',
} as const;

/** The UTC offset a zone has now ("GMT+01:00"), once per zone. */
const offsets = new Map<string, string>();
function offsetOf(zone: string): string {
  let o = offsets.get(zone);
  if (o === undefined) {
    try {
      const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
        .formatToParts(new Date())
        .find((p) => p.type === 'timeZoneName');
      o = part?.value ?? '';
    } catch {
      o = '';
    }
    offsets.set(zone, o);
  }
  return o;
}
let zoneOptions: ComboboxOption[] | undefined;
/** Every IANA zone, its name as label and its current offset as hint. */
const timeZoneOptions = () => (zoneOptions ??= TimeZones.map((z) => ({ value: z, label: z, hint: offsetOf(z) })));

/** The selects; the time zone (a searchable list) goes after the first two. */
const SELECTS: { name: TextKey; label: string; options: readonly string[]; text?: (value: string) => string }[] = [
  { name: 'defaultCurrency', label: 'Default currency', options: SettingsCurrencies },
  { name: 'defaultLanguage', label: 'Default language', options: SettingsLanguages, text: languageName },
  { name: 'taxRounding', label: 'VAT rounding', options: TaxRoundings, text: (v) => TAX_ROUNDING_TEXT[v as TaxRounding] },
  {
    name: 'vatFilingFrequency',
    label: REGIONAL_TEXT.vatFilingFrequency,
    options: VatFilingFrequencies,
    text: (v) => REGIONAL_TEXT.frequency[v as VatFilingFrequency],
  },
];

function OrganizationForm({ settings, readOnly }: { settings: OrganizationSettings; readOnly: boolean }) {
  const form = useForm<Values>({ defaultValues: toValues(settings) });
  const { errors } = form.formState;
  const save = useSaveOrganizationSettings({
    onSuccess: (saved) => {
      form.reset(toValues(saved));
      toast({ title: 'Organization settings saved' });
    },
    onError: (error) => {
      if (isHandledGlobally(error)) return;
      const body = error instanceof ApiError ? (error.body as { issues?: { path: string; message: string }[] } | undefined) : undefined;
      for (const issue of body?.issues ?? []) form.setError(fieldOf(issue.path), { message: issue.message });
      toast({ variant: 'destructive', title: SettingsMessages.saveFailed });
    },
  });
  const submit = form.handleSubmit((values) => {
    const body = toBody(values, settings.organizationName);
    const checked = OrganizationSettingsBody.safeParse(body);
    if (!checked.success) {
      for (const issue of checked.error.issues) form.setError(fieldOf(issue.path.join('.')), { message: issue.message });
      return;
    }
    save.mutate(body);
  });
  const field = (name: TextKey, label: string, type = 'text', required = false) => (
    <div key={name} className="grid gap-1.5">
      <Label htmlFor={`org-${name}`}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </Label>
      <Input
        id={`org-${name}`}
        type={type}
        aria-invalid={!!errors[name]}
        aria-describedby={errors[name] ? `org-${name}-error` : undefined}
        {...form.register(name)}
      />
      {errors[name] && (
        <p id={`org-${name}-error`} className="text-sm text-destructive">
          {errors[name]?.message}
        </p>
      )}
    </div>
  );
  const select = ({ name, label, options, text = (v: string) => v }: (typeof SELECTS)[number]) => (
    <div key={name} className="grid gap-1.5">
      <Label htmlFor={`org-${name}`}>{label}</Label>
      <Controller
        control={form.control}
        name={name}
        render={({ field: f }) => (
          <Select value={f.value} onValueChange={f.onChange} disabled={readOnly}>
            <SelectTrigger id={`org-${name}`} aria-label={label} onBlur={f.onBlur} ref={f.ref}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {options.map((o) => (
                <SelectItem key={o} value={o}>
                  {text(o)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      />
    </div>
  );
  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <fieldset disabled={readOnly}>
        <CardContent className="space-y-6">
          <div className="grid gap-1.5">
            <Controller
              control={form.control}
              name="logoUrl"
              render={({ field: f }) => (
                <LogoUpload id="org-logoUrl" label={LOGO_TEXT.label} value={f.value} onChange={f.onChange} disabled={readOnly} />
              )}
            />
            <p className="text-sm text-muted-foreground">{LOGO_TEXT.hint}</p>
            {errors.logoUrl && (
              <p id="org-logoUrl-error" className="text-sm text-destructive">
                {errors.logoUrl.message}
              </p>
            )}
          </div>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">{TEXT.map((t) => field(t.name, t.label, t.type, t.required))}</div>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
            {SELECTS.slice(0, 2).map(select)}
            <div className="grid gap-1.5">
              <Label htmlFor="org-timezone">{REGIONAL_TEXT.timezone}</Label>
              <Controller
                control={form.control}
                name="timezone"
                render={({ field: f }) => (
                  <Combobox
                    id="org-timezone"
                    value={f.value}
                    onChange={f.onChange}
                    onBlur={f.onBlur}
                    options={timeZoneOptions()}
                    label={REGIONAL_TEXT.timezone}
                    searchLabel={REGIONAL_TEXT.timezoneSearch}
                    placeholder={REGIONAL_TEXT.timezonePlaceholder}
                    emptyText={REGIONAL_TEXT.timezoneEmpty}
                    countText={REGIONAL_TEXT.timezoneCount}
                    disabled={readOnly}
                  />
                )}
              />
              {errors.timezone && (
                <p id="org-timezone-error" className="text-sm text-destructive">
                  {errors.timezone.message}
                </p>
              )}
            </div>
            {SELECTS.slice(2).map(select)}
            <div className="flex items-center gap-3 sm:col-span-3">
              <Controller
                control={form.control}
                name="vatDeadlineExtension"
                render={({ field: f }) => (
                  <Switch
                    id="org-vatDeadlineExtension"
                    checked={f.value}
                    onCheckedChange={f.onChange}
                    onBlur={f.onBlur}
                    disabled={readOnly}
                  />
                )}
              />
              <Label htmlFor="org-vatDeadlineExtension">{REGIONAL_TEXT.vatDeadlineExtension}</Label>
            </div>
          </div>
          <fieldset className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <legend className="mb-2 text-sm font-medium">Billing address (printed on your invoices)</legend>
            {ADDRESS.map((a) => field(a.name, a.label, a.type))}
          </fieldset>
          <fieldset className="grid grid-cols-1 gap-4 sm:grid-cols-3">
            <legend className="mb-2 text-sm font-medium">Bank details and e-invoices (EN 16931: XRechnung, Factur-X, UBL)</legend>
            {BANK.map((b) => field(b.name, b.label))}
            <div className="flex items-center gap-3 sm:col-span-3">
              <Controller
                control={form.control}
                name="attachFacturX"
                render={({ field: f }) => (
                  <Switch id="org-attachFacturX" checked={f.value} onCheckedChange={f.onChange} onBlur={f.onBlur} disabled={readOnly} />
                )}
              />
              <Label htmlFor="org-attachFacturX">Attach the Factur-X PDF (with its e-invoice XML) to invoice e-mails</Label>
            </div>
          </fieldset>
        </CardContent>
        <SaveFooter readOnly={readOnly} pending={save.isPending} />
      </fieldset>
    </form>
  );
}

/** Organization: GET and POST /api/organization-settings; the PDF's seller block and the invoice prefix. */
export function OrganizationSection() {
  return (
    <SettingsCard
      title="Organization"
      description="Your company as invoices show it; new invoice numbers take the prefix."
      query={useOrganizationSettings()}
      permission="organization.manage"
    >
      {(settings, readOnly) => <OrganizationForm settings={settings} readOnly={readOnly} />}
    </SettingsCard>
  );
}
