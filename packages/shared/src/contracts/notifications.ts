import { z } from 'zod';

/** R-BANNER-1: the announcement banner every screen shows (R-BANNER-2). */
export const NOTIFICATION_PRIORITIES = ['normal', 'urgent'] as const;
export type NotificationPriority = (typeof NOTIFICATION_PRIORITIES)[number];

/** Read ids are kept in the browser (R-BANNER-2, R-STATE-2), under this key. */
export const READ_NOTIFICATIONS_STORAGE_KEY = 'vt.notifications.read';

export const NotificationSchema = z.object({
  id: z.string(),
  type: z.string(),
  priority: z.enum(NOTIFICATION_PRIORITIES),
  title: z.string(),
  message: z.string(),
  actionLink: z.string().nullable(),
  actionText: z.string(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof NotificationSchema>;

/** A relative path inside the app, or an https URL: never javascript:, data: or plain http. */
export function isSafeActionLink(value: string): boolean {
  if (value.startsWith('/') && !value.startsWith('//') && !value.includes('\\')) return true;
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

const text = (max: number) =>
  z.string().trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`);

export const NotificationCreateRequestSchema = z.object({
  type: z.string().trim().min(1).max(40).default('ANNOUNCEMENT'),
  priority: z.enum(NOTIFICATION_PRIORITIES, { message: 'must be normal or urgent' }).default('normal'),
  title: text(120),
  message: text(1000),
  actionLink: z
    .string()
    .trim()
    .max(500, 'must be at most 500 characters')
    .refine((v) => v === '' || isSafeActionLink(v), 'must be a relative path (/...) or an https URL')
    .optional()
    .transform((v) => (v ? v : null)),
  actionText: z
    .string()
    .trim()
    .max(40, 'must be at most 40 characters')
    .optional()
    .transform((v) => (v ? v : 'Learn More')),
  expiresAt: z.iso
    .datetime({ offset: true, message: 'must be an ISO date-time' })
    .optional()
    .nullable()
    .refine((v) => !v || Date.parse(v) > Date.now(), 'must be in the future'),
});
export type NotificationCreateRequest = z.input<typeof NotificationCreateRequestSchema>;

export const NotificationCurrentResponseSchema = z.object({
  success: z.literal(true),
  current: NotificationSchema.nullable(),
});
export type NotificationCurrentResponse = z.infer<typeof NotificationCurrentResponseSchema>;

export const NotificationCreateResponseSchema = z.object({
  success: z.literal(true),
  notification: NotificationSchema,
});
export const NotificationDeleteResponseSchema = z.object({ success: z.literal(true), message: z.string() });

/** What the stream sends on connect and after every change. */
export const NotificationStreamMessageSchema = z.object({ current: NotificationSchema.nullable() });

/** DELETE /api/notifications: `clearAll=true` removes every announcement, else only the current one goes. */
export const NotificationDeleteQuerySchema = z.object({
  clearAll: z.enum(['true', 'false'], { message: 'clearAll must be true or false' }).default('false'),
});
