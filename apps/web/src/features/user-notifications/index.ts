export { NotificationsList, DesktopNotificationsToggle } from './components/notifications-list';
export { useDesktopNotifications } from './use-desktop-notifications';
export { useMyNotifications, useMarkNotificationsRead } from './api';
