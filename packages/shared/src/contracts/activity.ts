import { z } from 'zod';
import { ACTIVITY_ACTIONS, LIMITS } from '../constants';
import { RoleSchema } from './users';

/**
 * Activity tracking, online status, the founder's users list and cleanup, and per-user notifications
 * (R-ACTIVITY-2, R-ACTIVITY-4, R-ADMIN-3, R-ADMIN-4, R-ACTIVITY-5).
 */

/** R-ACTIVITY-2: no spaces, exactly one at-sign, a dot in the domain. */
export function isEmailShaped(value: string): boolean {
  if (!value || /\s/.test(value)) return false;
  const parts = value.split('@');
  if (parts.length !== 2) return false;
  const [local, domain] = parts as [string, string];
  return local.length > 0 && domain.includes('.') && !domain.startsWith('.') && !domain.endsWith('.');
}

export const ActivityActionSchema = z.enum(ACTIVITY_ACTIONS, {
  message: `action must be one of ${ACTIVITY_ACTIONS.join(', ')}`,
});

/** POST /api/users/activity (R-ACTIVITY-2). */
export const ActivityEventSchema = z.object({
  userEmail: z.string().max(320).refine(isEmailShaped, 'must be an e-mail address'),
  action: ActivityActionSchema,
  details: z
    .record(z.string(), z.unknown())
    .optional()
    .refine((d) => d === undefined || JSON.stringify(d).length <= 4000, 'must be at most 4000 characters as JSON'),
  page: z.string().max(500).optional(),
  timestamp: z.iso.datetime({ offset: true, message: 'must be an ISO date-time' }).optional(),
});
export type ActivityEvent = z.infer<typeof ActivityEventSchema>;

/** PUT /api/users/{email}/status (R-ACTIVITY-4). */
export const UserStatusSchema = z.object({ isOnline: z.boolean(), currentPage: z.string().max(500).optional() });
export type UserStatus = z.infer<typeof UserStatusSchema>;

/** One row of the founder's users list. */
export const AdminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: RoleSchema,
  provider: z.string(),
  emailVerified: z.boolean(),
  loginCount: z.number().int(),
  analysisCount: z.number().int(),
  signupDate: z.string(),
  lastActive: z.string(),
  lastLogin: z.string(),
  /** Active now: last activity under 30 minutes ago (R-ADMIN-5). */
  isOnline: z.boolean(),
  currentPage: z.string().nullable(),
  isSystem: z.boolean(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;
export const AdminUsersResponseSchema = z.object({ users: z.array(AdminUserSchema), total: z.number().int() });

export const ActivityStatsSchema = z.object({
  totalUsers: z.number().int(),
  newToday: z.number().int(),
  activeToday: z.number().int(),
  activeNow: z.number().int(),
  totalAnalyses: z.number().int(),
  totalLogins: z.number().int(),
  verifiedUsers: z.number().int(),
  providers: z.record(z.string(), z.number().int()),
});
export type ActivityStats = z.infer<typeof ActivityStatsSchema>;

export const ActivityLogEntrySchema = z.object({
  id: z.string(),
  type: z.string(),
  action: z.string().nullable(),
  userEmail: z.string().nullable(),
  userName: z.string().nullable(),
  page: z.string().nullable(),
  timestamp: z.string(),
});
export type ActivityLogEntry = z.infer<typeof ActivityLogEntrySchema>;
/** The newest entries, at most LIMITS.activityLogMax (100). */
export const ActivityLogResponseSchema = z.object({
  entries: z.array(ActivityLogEntrySchema).max(LIMITS.activityLogMax),
});

/** POST /api/admin/users/cleanup: a dry run counts; the real run needs confirm equal to the dry run's count. */
export const InactiveCleanupRequestSchema = z.object({
  days: z.number().int().min(1, 'days must be at least 1').max(3650).default(LIMITS.inactiveCleanupDays),
  dryRun: z.boolean().default(true),
  confirmCount: z.number().int().min(0).optional(),
});
export type InactiveCleanupRequest = z.input<typeof InactiveCleanupRequestSchema>;
export const InactiveCleanupResponseSchema = z.object({
  dryRun: z.boolean(),
  days: z.number().int(),
  cutoff: z.string(),
  count: z.number().int(),
  deleted: z.number().int(),
});
export type InactiveCleanupResponse = z.infer<typeof InactiveCleanupResponseSchema>;

/** Per-user notification (R-ACTIVITY-5: type, data, timestamp, read), at most 50 kept per user. */
export const UserNotificationSchema = z.object({
  id: z.string(),
  type: z.string(),
  data: z.record(z.string(), z.unknown()),
  timestamp: z.string(),
  read: z.boolean(),
});
export type UserNotification = z.infer<typeof UserNotificationSchema>;
export const UserNotificationsResponseSchema = z.object({
  notifications: z.array(UserNotificationSchema),
  unread: z.number().int(),
});
export const MarkNotificationsReadSchema = z
  .object({ ids: z.array(z.uuid()).max(LIMITS.notificationsMax).optional(), all: z.boolean().optional() })
  .refine((b) => b.all === true || (b.ids?.length ?? 0) > 0, 'give ids or all: true');

/** POST /api/users/activity and PUT /api/users/{email}/status: recorded. */
export const ActivityRecordedSchema = z.object({ success: z.literal(true) });
/** POST /api/users/me/notifications/read: how many notifications were marked read. */
export const MarkNotificationsReadResponseSchema = z.object({
  success: z.literal(true),
  marked: z.number().int().nonnegative(),
});
