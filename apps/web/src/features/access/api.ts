import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ConsoleAccessSchema, MyLimitsSchema, RedeemAccessCodeResponseSchema } from '@vt/shared';
import { apiGet, apiSend } from '../../lib/api-client';
import { trackActivity } from '../activity';

export const MY_LIMITS_KEY = ['limits', 'me'] as const;

/** The signed-in user's limits and this week's usage (always fresh: it changes with every upload). */
export function useMyLimits() {
  return useQuery({
    queryKey: MY_LIMITS_KEY,
    queryFn: ({ signal }) => apiGet('/api/limits/me', MyLimitsSchema, { signal }),
    staleTime: 0,
  });
}

export function useRedeemAccessCode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => apiSend('POST', '/api/access-codes/redeem', { code }, RedeemAccessCodeResponseSchema),
    onSuccess: (result) => {
      client.setQueryData(MY_LIMITS_KEY, result.limits);
      trackActivity('access_code_redemption', { tier: result.redeemed.tier });
    },
  });
}

export const CONSOLE_ACCESS_KEY = ['console-access', 'me'] as const;

/** The signed-in user's console-access level (R-ACCESS-11); drives the console gate. */
export function useConsoleAccess(enabled: boolean) {
  return useQuery({
    queryKey: CONSOLE_ACCESS_KEY,
    queryFn: ({ signal }) => apiGet('/api/console-access/me', ConsoleAccessSchema, { signal, reportAuthErrors: false }),
    enabled,
    staleTime: 60_000,
  });
}

export function useRedeemConsoleCode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => apiSend('POST', '/api/console-access/redeem', { code }, ConsoleAccessSchema),
    onSuccess: (result) => client.setQueryData(CONSOLE_ACCESS_KEY, result),
  });
}
