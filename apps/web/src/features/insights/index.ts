export { AnalyticsView } from './components/analytics-view';
export { FounderDashboardView } from './components/founder-dashboard-view';
export { DatabaseView, DatabaseStatisticsPanel } from './components/database-view';
export { LocationHistoryView } from './components/location-history-view';
export { DevToolsView } from './components/dev-tools-view';
export { ProjectsView } from './components/projects-view';
export { DeploymentView } from './components/deployment-view';
export { ApiReferenceView } from './components/api-reference-view';
