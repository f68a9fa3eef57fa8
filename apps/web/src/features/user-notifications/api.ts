import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { TIMING, UserNotificationsResponseSchema } from '@vt/shared';
import { apiGet, apiSend } from '../../lib/api-client';

export const MY_NOTIFICATIONS_KEY = ['user-notifications'] as const;

/** The signed-in user's own notifications (at most 50), polled like the banner. */
export function useMyNotifications(enabled: boolean) {
  return useQuery({
    queryKey: MY_NOTIFICATIONS_KEY,
    queryFn: ({ signal }) =>
      apiGet('/api/users/me/notifications', UserNotificationsResponseSchema, { signal, reportAuthErrors: false }),
    enabled,
    refetchInterval: TIMING.notificationPollMs,
    retry: false,
  });
}

export function useMarkNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { ids: string[] } | { all: true }) =>
      apiSend(
        'POST',
        '/api/users/me/notifications/read',
        body,
        z.object({ success: z.literal(true), marked: z.number() }),
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: MY_NOTIFICATIONS_KEY }),
  });
}
