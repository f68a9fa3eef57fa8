import { TripsScreen } from '../../features/trips';

export function Component() {
  return <TripsScreen />;
}
