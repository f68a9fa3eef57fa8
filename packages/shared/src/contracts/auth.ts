import { z } from 'zod';

/** POST /auth/logout: where the browser goes next (the provider's logout page or the site origin). */
export const LogoutResponseSchema = z.object({
  redirectTo: z.string().describe('Absolute or relative URL the browser navigates to after sign-out'),
});
export type LogoutResponse = z.infer<typeof LogoutResponseSchema>;
