/** The announcements feature's public surface. */
export { AnnouncementBanner } from './components/announcement-banner';
export { AnnouncementComposer } from './components/announcement-composer';
export { formatExpiryCountdown } from './countdown';
