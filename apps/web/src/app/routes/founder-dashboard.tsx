import { FounderDashboardView } from '../../features/insights';

export function Component() {
  return <FounderDashboardView />;
}
