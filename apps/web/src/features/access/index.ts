export { AccessPanel } from './components/access-panel';
export { RequireMapAccess } from './components/require-map-access';
export { MapAccessNotice } from './components/map-access-notice';
export { ConsoleAccessPanel, ConsoleAccessSync } from './components/console-access';
export { useMyLimits, useRedeemAccessCode, MY_LIMITS_KEY } from './api';
export { usageText, resetText, refusalReason } from './format';
