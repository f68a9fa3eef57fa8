export { ActivityTracking } from './components/activity-tracking';
export { trackActivity } from './current';
