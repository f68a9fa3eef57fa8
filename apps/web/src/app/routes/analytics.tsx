import { AnalyticsView } from '../../features/insights';

export function Component() {
  return <AnalyticsView />;
}
