export { DashboardView } from './components/dashboard-view';
export { AnalysisHistoryView } from './components/analysis-history-view';
export { DatabaseAnalytics } from './components/database-analytics';
export { useAdminStats, useAnalysisStats, useLocationStats, useUserStats, DATA_KEY } from './api';
export * from './stats-api';
