import { LocationHistoryView } from '../../features/insights';

export function Component() {
  return <LocationHistoryView />;
}
