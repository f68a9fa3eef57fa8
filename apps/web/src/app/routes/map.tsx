import { MapScreen } from '../../features/map';

/** Full screen, no site navigation (R-MAP-1). MapLibre arrives with this lazy route only. */
export function Component() {
  return <MapScreen />;
}
