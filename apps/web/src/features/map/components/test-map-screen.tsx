import { useState } from 'react';
import { MapCanvas } from './map-canvas';
import { MapUnavailable } from './map-unavailable';

/** /test-map: the bare map, no panels, to tell map problems apart from app problems. */
export function TestMapScreen() {
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="fixed inset-0 z-[55] bg-bg" data-testid="map-screen">
      <title>Test Map · Vision Terminal</title>
      <MapCanvas onError={setError} />
      {error && <MapUnavailable message={error} />}
    </div>
  );
}
