import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReminderSettings, ReminderSettingsBody } from '@billpoint/proto';
import { api } from '@/lib/api-client';

export const settingsKeys = {
  reminders: () => ['settings', 'reminders'] as const,
};

/** GET /api/reminder-settings: the organization's payment reminders (off by default). */
export const getReminderSettings = (signal?: AbortSignal) => api.get<ReminderSettings>('/api/reminder-settings', { signal });

export const reminderSettingsQueryOptions = () =>
  queryOptions({ queryKey: settingsKeys.reminders(), queryFn: ({ signal }) => getReminderSettings(signal) });

export const useReminderSettings = () => useQuery(reminderSettingsQueryOptions());

export const updateReminderSettings = (body: ReminderSettingsBody) => api.put<ReminderSettings>('/api/reminder-settings', body);

/** PUT /api/reminder-settings; the answer becomes the cached settings. */
export function useUpdateReminderSettings({
  onSuccess,
  onError,
}: { onSuccess?: (settings: ReminderSettings) => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateReminderSettings,
    onSuccess: (settings) => {
      queryClient.setQueryData(settingsKeys.reminders(), settings);
      onSuccess?.(settings);
    },
    onError,
  });
}
