import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_REMINDER_SETTINGS, type ReminderSettings } from '@billpoint/proto';
import { renderRoutes, stubFetch, type Route } from '@/testing/render';
import { makeUser } from '@/testing/factories';
import { SettingsPage } from './settings-page';

const renderSettings = (path = '/settings?section=notifications') =>
  renderRoutes([{ path: '/settings', element: <SettingsPage /> }], { path });
const toastArea = () => screen.getByRole('region', { name: /Notifications/ });

/** GET and PUT /api/reminder-settings; the PUT answers what it was sent (read from the recorded calls). */
function stubSettings(initial: ReminderSettings = DEFAULT_REMINDER_SETTINGS, extra: Route[] = [], user = makeUser()) {
  const calls: ReturnType<typeof stubFetch> = stubFetch([
    ...extra,
    { path: '/api/auth/user', body: user },
    { path: '/api/reminder-settings', body: initial },
    { method: 'PUT', path: '/api/reminder-settings', reply: () => ({ body: JSON.parse(String(calls.at(-1)!.init!.body)) as unknown }) },
  ]);
  return calls;
}

describe('settings', () => {
  it('has a sidebar of sections with Notifications, and the payment reminders from the server (off by default)', async () => {
    stubSettings();
    renderSettings();
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Settings sections' });
    expect(within(nav).getByRole('link', { name: 'Notifications' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('heading', { level: 2, name: 'Notifications' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Payment reminders' })).toBeInTheDocument();

    expect(await screen.findByRole('switch', { name: 'Send payment reminders' })).not.toBeChecked();
    expect(screen.getByLabelText('Days before the due date')).toHaveValue(3);
    expect(screen.getByLabelText('Days between reminders after the due date')).toHaveValue(7);
    expect(screen.getByLabelText('Maximum reminders per invoice')).toHaveValue(3);
    expect(screen.getByTestId('reminder-explanation')).toHaveTextContent(
      'A reminder e-mail with the current PDF goes to the customer 3 days before the due date, then every 7 days while the invoice is unpaid, at most 3 times; never two on one day.',
    );
  });

  it('saves with PUT and says so', async () => {
    const user = userEvent.setup();
    const calls = stubSettings();
    renderSettings();
    await user.click(await screen.findByRole('switch', { name: 'Send payment reminders' }));
    await user.clear(screen.getByLabelText('Days before the due date'));
    await user.type(screen.getByLabelText('Days before the due date'), '1');
    await user.clear(screen.getByLabelText('Maximum reminders per invoice'));
    await user.type(screen.getByLabelText('Maximum reminders per invoice'), '5');
    expect(screen.getByTestId('reminder-explanation')).toHaveTextContent('goes to the customer 1 day before the due date');
    expect(screen.getByTestId('reminder-explanation')).toHaveTextContent('at most 5 times');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(toastArea()).findByText('Settings saved')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(JSON.parse(String(put.init!.body))).toEqual({ enabled: true, daysBefore: 1, everyDaysAfter: 7, maxReminders: 5 });
    expect(screen.getByRole('switch', { name: 'Send payment reminders' })).toBeChecked();
  });

  it("shows ReminderSettingsBody's messages and does not save", async () => {
    const user = userEvent.setup();
    const calls = stubSettings();
    renderSettings();
    await user.clear(await screen.findByLabelText('Days before the due date'));
    await user.type(screen.getByLabelText('Days before the due date'), '61');
    await user.clear(screen.getByLabelText('Days between reminders after the due date'));
    await user.clear(screen.getByLabelText('Maximum reminders per invoice'));
    await user.type(screen.getByLabelText('Maximum reminders per invoice'), '0');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Days before the due date must be at most 60')).toBeInTheDocument();
    expect(screen.getByText('Days between reminders must be a whole number')).toBeInTheDocument();
    expect(screen.getByText('Maximum reminders must be at least 1')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('toasts a failed save with the field problems of the answer', async () => {
    const user = userEvent.setup();
    stubSettings(DEFAULT_REMINDER_SETTINGS, [
      {
        method: 'PUT',
        path: '/api/reminder-settings',
        status: 400,
        body: { statusCode: 400, error: 'Bad Request', message: 'Invalid', issues: [{ path: 'everyDaysAfter', message: 'Too often' }] },
      },
    ]);
    renderSettings();
    await screen.findByLabelText('Days before the due date');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(toastArea()).findByText('Failed to save settings')).toBeInTheDocument();
    expect(screen.getByText('Too often')).toBeInTheDocument();
  });

  it('shows a failed load with a retry', async () => {
    let fail = true;
    const user = userEvent.setup();
    stubFetch([
      {
        path: '/api/reminder-settings',
        reply: () => (fail ? { status: 500, body: { message: 'x' } } : { body: DEFAULT_REMINDER_SETTINGS }),
      },
    ]);
    renderSettings();
    expect(await screen.findByText('Failed to load settings')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByLabelText('Days before the due date')).toHaveValue(3));
  });

  it('is read-only for members whose role may not change reminders (reminders.manage)', async () => {
    stubSettings({ ...DEFAULT_REMINDER_SETTINGS, enabled: true }, [], makeUser({ role: 'user' }));
    renderSettings();
    expect(await screen.findByText('Only managers and administrators can change these settings.')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Send payment reminders' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Send payment reminders' })).toBeChecked();
    expect(screen.getByLabelText('Days before the due date')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('says why the server refused a save (the role changed meanwhile)', async () => {
    const user = userEvent.setup();
    stubSettings(DEFAULT_REMINDER_SETTINGS, [
      {
        method: 'PUT',
        path: '/api/reminder-settings',
        status: 403,
        body: { statusCode: 403, error: 'Forbidden', message: 'Only administrators can change the reminder settings' },
      },
    ]);
    renderSettings();
    await screen.findByLabelText('Days before the due date');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const area = within(toastArea());
    expect(await area.findByText('Failed to save settings')).toBeInTheDocument();
    expect(area.getByText('Only administrators can change the reminder settings')).toBeInTheDocument();
  });
});
