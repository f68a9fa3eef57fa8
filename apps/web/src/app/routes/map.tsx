import { MapScreen } from '../../features/map';

/** Full screen, no site navigation (spec 2 §2). MapLibre arrives with this lazy route only. */
export function Component() {
  return <MapScreen />;
}
