export { DashboardView } from './components/dashboard-view';
export { AnalysisHistoryView } from './components/analysis-history-view';
