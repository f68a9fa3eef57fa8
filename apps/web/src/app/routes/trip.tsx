import { useParams } from 'react-router';
import { TripMap } from '../../features/map';
import { TripScreen } from '../../features/trips';

/** One trip: the trips feature's view with the map feature's map in it (MapLibre comes with this lazy route only). */
export function Component() {
  const { id = '' } = useParams();
  return <TripScreen key={id} tripId={id} renderMap={(props) => <TripMap {...props} />} />;
}
