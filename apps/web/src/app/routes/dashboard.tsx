import { DashboardView } from '../../features/dashboard';

export function Component() {
  return <DashboardView />;
}
