import { ReminderSettingsBody, type ReminderSettings } from '@billpoint/proto';
import type { Resolver } from 'react-hook-form';
import { issuesToErrors } from '@/lib/form-errors';

/** The payment reminders form: the switch, and the three numbers as typed. */
export type ReminderFormValues = { enabled: boolean; daysBefore: string; everyDaysAfter: string; maxReminders: string };
export const REMINDER_NUMBERS = ['daysBefore', 'everyDaysAfter', 'maxReminders'] as const;

export const toReminderForm = (s: ReminderSettings): ReminderFormValues => ({
  enabled: s.enabled,
  daysBefore: String(s.daysBefore),
  everyDaysAfter: String(s.everyDaysAfter),
  maxReminders: String(s.maxReminders),
});

/** An empty box is "not a number" (ReminderSettingsBody coerces, which would read it as 0). */
const typed = (v: string) => (v.trim() === '' ? undefined : v.trim());

/** Validated by proto's ReminderSettingsBody (its messages); the form's output is the PUT body. */
export const reminderResolver: Resolver<ReminderFormValues, unknown, ReminderSettings> = (values, _context, options) => {
  const result = ReminderSettingsBody.safeParse({
    enabled: values.enabled,
    daysBefore: typed(values.daysBefore),
    everyDaysAfter: typed(values.everyDaysAfter),
    maxReminders: typed(values.maxReminders),
  });
  if (result.success) return { values: result.data, errors: {} };
  const issues = result.error.issues.map((issue) => ({ name: issue.path.join('.'), message: issue.message }));
  return { values: {}, errors: issuesToErrors(issues, options) };
};

const plural = (n: string, one: string, many: string) => `${n} ${n === '1' ? one : many}`;

/** The explanation under the numbers, with what is typed (a letter while a box is empty). */
export function reminderExplanation(v: Pick<ReminderFormValues, 'daysBefore' | 'everyDaysAfter' | 'maxReminders'>): string {
  const n = typed(v.daysBefore) ?? 'N';
  const m = typed(v.everyDaysAfter) ?? 'M';
  const k = typed(v.maxReminders) ?? 'K';
  return (
    `A reminder e-mail with the current PDF goes to the customer ${plural(n, 'day', 'days')} before the due date, ` +
    `then every ${plural(m, 'day', 'days')} while the invoice is unpaid, at most ${plural(k, 'time', 'times')}; never two on one day.`
  );
}
