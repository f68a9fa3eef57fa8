import type { ActivityEvent, UserStatus } from '@vt/shared';
import type { ActivityTransport } from './tracker';

const send = async (method: 'POST' | 'PUT', url: string, body: unknown): Promise<number> => {
  const response = await fetch(url, {
    method,
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
    // Lets the last events of a closing page still arrive.
    keepalive: true,
  });
  return response.status;
};

/**
 * The real server calls (R-ACTIVITY-3, R-ACTIVITY-4). Statuses are returned, not thrown, so the tracker can classify
 * them.
 */
export const fetchTransport: ActivityTransport = {
  sendEvent: (event: ActivityEvent) => send('POST', '/api/users/activity', event),
  sendStatus: (email: string, status: UserStatus) =>
    send('PUT', `/api/users/${encodeURIComponent(email)}/status`, status),
};
