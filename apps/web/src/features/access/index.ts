export { AccessPanel } from './components/access-panel';
export { useMyLimits, useRedeemAccessCode, MY_LIMITS_KEY } from './api';
export { usageText, resetText, refusalReason } from './format';
