import { useForm, useWatch, type Control } from 'react-hook-form';
import type { ReminderSettings } from '@billpoint/proto';
import { fieldIssues } from '@/components/form-fields';
import { CardContent } from '@/components/ui/card';
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { isHandledGlobally } from '@/lib/query-client';
import { useReminderSettings, useUpdateReminderSettings } from '../api/reminder-settings';
import { MANAGERS_ONLY, SaveFooter, SettingsCard } from './settings-card';
import { REMINDER_NUMBERS, reminderExplanation, reminderResolver, toReminderForm, type ReminderFormValues } from '../lib/reminder-form';

type Control_ = Control<ReminderFormValues, unknown, ReminderSettings>;

/** The limits of ReminderSettingsBody, as the inputs' min and max. */
const NUMBERS: { name: (typeof REMINDER_NUMBERS)[number]; label: string; min: number; max: number }[] = [
  { name: 'daysBefore', label: 'Days before the due date', min: 0, max: 60 },
  { name: 'everyDaysAfter', label: 'Days between reminders after the due date', min: 1, max: 90 },
  { name: 'maxReminders', label: 'Maximum reminders per invoice', min: 1, max: 10 },
];

function Explanation({ control }: { control: Control_ }) {
  const [daysBefore, everyDaysAfter, maxReminders] = useWatch({ control, name: [...REMINDER_NUMBERS] });
  return (
    <p className="text-sm text-muted-foreground" data-testid="reminder-explanation">
      {reminderExplanation({ daysBefore, everyDaysAfter, maxReminders })}
    </p>
  );
}

export { ADMINS_ONLY, MANAGERS_ONLY } from './settings-card';

function RemindersForm({ settings, readOnly }: { settings: ReminderSettings; readOnly: boolean }) {
  const form = useForm<ReminderFormValues, unknown, ReminderSettings>({
    resolver: reminderResolver,
    defaultValues: toReminderForm(settings),
  });
  const save = useUpdateReminderSettings({
    onSuccess: (saved) => {
      form.reset(toReminderForm(saved));
      toast({ title: 'Settings saved' });
    },
    onError: (error) => {
      if (isHandledGlobally(error)) return;
      const body = error instanceof ApiError ? error.body : undefined;
      for (const issue of fieldIssues(body, REMINDER_NUMBERS)) form.setError(issue.name, { message: issue.message });
      const refused = error instanceof ApiError && error.status === 403;
      toast({ variant: 'destructive', title: 'Failed to save settings', description: refused ? body?.message : undefined });
    },
  });
  const submit = form.handleSubmit((body) => save.mutate(body));

  return (
    <Form {...form}>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <fieldset disabled={readOnly}>
          <CardContent className="space-y-6">
            <FormField
              control={form.control}
              name="enabled"
              render={({ field }) => (
                <FormItem className="flex items-start gap-3">
                  <FormControl>
                    <Switch checked={field.value} onCheckedChange={field.onChange} onBlur={field.onBlur} ref={field.ref} />
                  </FormControl>
                  <div className="grid gap-1">
                    <FormLabel>Send payment reminders</FormLabel>
                    <FormDescription className="text-xs">Unpaid invoices remind their customers by e-mail.</FormDescription>
                  </div>
                </FormItem>
              )}
            />
            <div className="grid gap-4">
              {NUMBERS.map(({ name, label, min, max }) => (
                <FormField
                  key={name}
                  control={form.control}
                  name={name}
                  render={({ field }) => (
                    <FormItem className="sm:grid-cols-[minmax(0,1fr)_8rem] sm:items-center sm:gap-x-4">
                      <FormLabel>{label}</FormLabel>
                      <FormControl>
                        <Input {...field} type="number" inputMode="numeric" min={min} max={max} step={1} />
                      </FormControl>
                      <FormMessage className="sm:col-span-2" />
                    </FormItem>
                  )}
                />
              ))}
            </div>
            <Explanation control={form.control} />
          </CardContent>
          <SaveFooter readOnly={readOnly} pending={save.isPending} note={MANAGERS_ONLY} />
        </fieldset>
      </form>
    </Form>
  );
}

/** Payment reminders (an organization setting): GET and PUT /api/reminder-settings. */
export function PaymentRemindersCard() {
  return (
    <SettingsCard
      title="Payment reminders"
      description="E-mail customers about invoices that are due or overdue."
      query={useReminderSettings()}
      permission="reminders.manage"
    >
      {(settings, readOnly) => <RemindersForm settings={settings} readOnly={readOnly} />}
    </SettingsCard>
  );
}
