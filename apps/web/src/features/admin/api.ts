import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  ActivityLogResponseSchema,
  ActivityStatsSchema,
  AdminAccessCodeSchema,
  AdminUsersResponseSchema,
  InactiveCleanupResponseSchema,
  type CreateAccessCode,
  type InactiveCleanupRequest,
} from '@vt/shared';
import { apiGet, apiSend } from '../../lib/api-client';

/** How often the founder's views refresh while open: "online now" should not go stale. */
const ADMIN_REFRESH_MS = 30_000;

export const ADMIN_KEYS = {
  users: ['admin', 'users'] as const,
  stats: ['admin', 'activity-stats'] as const,
  log: ['admin', 'activity-log'] as const,
  codes: ['admin', 'access-codes'] as const,
};

export function useAdminUsers() {
  return useQuery({
    queryKey: ADMIN_KEYS.users,
    queryFn: ({ signal }) => apiGet('/api/admin/users', AdminUsersResponseSchema, { signal }),
    refetchInterval: ADMIN_REFRESH_MS,
    retry: false,
  });
}

export function useActivityStats(enabled: boolean) {
  return useQuery({
    queryKey: ADMIN_KEYS.stats,
    queryFn: ({ signal }) => apiGet('/api/admin/activity/stats', z.object({ stats: ActivityStatsSchema }), { signal }),
    enabled,
    refetchInterval: ADMIN_REFRESH_MS,
  });
}

export function useActivityLog(enabled: boolean) {
  return useQuery({
    queryKey: ADMIN_KEYS.log,
    queryFn: ({ signal }) => apiGet('/api/admin/activity', ActivityLogResponseSchema, { signal }),
    enabled,
    refetchInterval: ADMIN_REFRESH_MS,
  });
}

const CodesSchema = z.object({ codes: z.array(AdminAccessCodeSchema) });
const CodeSchema = z.object({ code: AdminAccessCodeSchema });

export function useAccessCodes(enabled: boolean) {
  return useQuery({
    queryKey: ADMIN_KEYS.codes,
    queryFn: ({ signal }) => apiGet('/api/admin/access-codes', CodesSchema, { signal }),
    enabled,
  });
}

export function useCreateAccessCode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAccessCode) => apiSend('POST', '/api/admin/access-codes', body, CodeSchema),
    onSuccess: () => client.invalidateQueries({ queryKey: ADMIN_KEYS.codes }),
  });
}

export function useSetAccessCodeActive() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) =>
      apiSend('PATCH', `/api/admin/access-codes/${encodeURIComponent(id)}`, { active }, CodeSchema),
    onSuccess: () => client.invalidateQueries({ queryKey: ADMIN_KEYS.codes }),
  });
}

export function useInactiveCleanup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: InactiveCleanupRequest) =>
      apiSend('POST', '/api/admin/users/cleanup', body, InactiveCleanupResponseSchema),
    onSuccess: (result) => {
      if (!result.dryRun) void client.invalidateQueries({ queryKey: ['admin'] });
    },
  });
}
