import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  NotificationCreateResponseSchema,
  NotificationCurrentResponseSchema,
  NotificationDeleteResponseSchema,
  NotificationStreamMessageSchema,
  TIMING,
  type NotificationCreateRequest,
  type NotificationCurrentResponse,
} from '@vt/shared';
import { apiGet, apiSend } from '../../lib/api-client';

export const NOTIFICATIONS_KEY = ['notifications', 'current'] as const;

/**
 * The current announcement, for every visitor: fetched on mount and polled every 30 s. For a signed-in person it
 * is also replaced at once by what the server's stream pushes (a founder's post reaches every open browser without
 * waiting for the poll); the stream is not opened for signed-out visitors, who would each hold a connection.
 */
export function useCurrentAnnouncement(streaming: boolean) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: NOTIFICATIONS_KEY,
    queryFn: ({ signal }) =>
      apiGet('/api/notifications', NotificationCurrentResponseSchema, { signal, reportAuthErrors: false }),
    refetchInterval: TIMING.notificationPollMs,
    // R-BANNER-3: a failed fetch leaves the banner as it was.
    retry: false,
  });
  useEffect(() => {
    if (!streaming || typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/notifications/stream', { withCredentials: true });
    source.addEventListener('notification', (event) => {
      try {
        const parsed = NotificationStreamMessageSchema.safeParse(JSON.parse((event as MessageEvent<string>).data));
        if (parsed.success)
          client.setQueryData<NotificationCurrentResponse>(NOTIFICATIONS_KEY, {
            success: true,
            current: parsed.data.current,
          });
      } catch {
        // A malformed message changes nothing; the poll still runs.
      }
    });
    return () => source.close();
  }, [streaming, client]);
  return query;
}

export function usePublishAnnouncement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationCreateRequest) =>
      apiSend('POST', '/api/notifications', body, NotificationCreateResponseSchema),
    onSuccess: (data) =>
      client.setQueryData<NotificationCurrentResponse>(NOTIFICATIONS_KEY, {
        success: true,
        current: data.notification,
      }),
  });
}

export function useClearAnnouncements() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (clearAll: boolean) =>
      apiSend('DELETE', `/api/notifications?clearAll=${clearAll}`, undefined, NotificationDeleteResponseSchema),
    onSuccess: () => client.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}
