export { DashboardView } from './components/dashboard-view';
export { AnalysisHistoryView } from './components/analysis-history-view';
export { StartAnalyzing } from './components/start-analyzing';
export { DatabaseAnalytics } from './components/database-analytics';
export { useAdminStats, useAnalysisStats, useLocationStats, useUserStats, DATA_KEY } from './api';
export * from './stats-api';
