import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { useTheme } from '@/components/theme-provider';
import { cn } from '@/lib/utils';
import { applyColorScheme, COLOR_SCHEME_KEY, COLOR_SCHEMES, useLocalSetting, type ColorScheme } from '../lib/local-settings';

const SWATCH: Record<ColorScheme, string> = {
  blue: 'bg-blue-600',
  green: 'bg-green-600',
  purple: 'bg-purple-600',
  orange: 'bg-orange-500',
};

/** A switch with its label, kept in this browser. */
function LocalToggle({ id, label, description, storageKey }: { id: string; label: string; description: string; storageKey: string }) {
  const [on, setOn] = useLocalSetting(storageKey, true);
  return (
    <div className="flex items-start gap-3">
      <Switch id={id} checked={on} onCheckedChange={setOn} />
      <div className="grid gap-1">
        <Label htmlFor={id}>{label}</Label>
        <p className="text-xs text-muted-foreground">{description}</p>
      </div>
    </div>
  );
}

/** Appearance: colour schemes stored locally and applied as a theme class, and dark mode. */
export function AppearanceSection() {
  const [scheme, setScheme] = useLocalSetting<ColorScheme>(COLOR_SCHEME_KEY, 'blue');
  const { theme, setTheme } = useTheme();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Appearance</CardTitle>
        <CardDescription>Kept in this browser.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <fieldset>
          <legend className="mb-3 text-sm font-medium">Colour scheme</legend>
          <div className="flex flex-wrap gap-3" role="radiogroup" aria-label="Colour scheme">
            {COLOR_SCHEMES.map((s) => (
              <button
                key={s}
                type="button"
                role="radio"
                aria-checked={scheme === s}
                onClick={() => {
                  setScheme(s);
                  applyColorScheme(s);
                }}
                className={cn(
                  'flex items-center gap-2 rounded-md border px-3 py-2 text-sm capitalize focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                  scheme === s && 'border-primary ring-1 ring-primary',
                )}
              >
                <span className={cn('size-4 rounded-full', SWATCH[s])} aria-hidden="true" />
                {s}
              </button>
            ))}
          </div>
        </fieldset>
        <div className="flex items-center gap-3">
          <Switch id="dark-mode" checked={theme === 'dark'} onCheckedChange={(on) => setTheme(on ? 'dark' : 'light')} />
          <Label htmlFor="dark-mode">Dark mode</Label>
        </div>
      </CardContent>
    </Card>
  );
}

/** Notifications to the signed-in user: four toggles, on by default, local only. */
export function NotificationTogglesCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Notify me about</CardTitle>
        <CardDescription>Kept in this browser.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <LocalToggle
          id="notify-new-invoices"
          storageKey="notify.newInvoices"
          label="New invoices"
          description="When an invoice is created."
        />
        <LocalToggle
          id="notify-payments"
          storageKey="notify.paymentReceived"
          label="Payment received"
          description="When a customer pays."
        />
        <LocalToggle
          id="notify-overdue"
          storageKey="notify.overdue"
          label="Overdue invoices"
          description="When an invoice passes its due date."
        />
        <LocalToggle id="notify-weekly" storageKey="notify.weekly" label="Weekly reports" description="A summary every week." />
      </CardContent>
    </Card>
  );
}
